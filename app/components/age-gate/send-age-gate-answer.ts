import type { AgeGateAnswer } from "~/lib/age-gate";

/**
 * Posts an answer to /api/age-gate in the background (the same form the page posts without
 * JavaScript). The visitor never waits for it: a failure is logged and the page carries on.
 */
export function sendAgeGateAnswer(answer: Required<AgeGateAnswer>): void {
  fetch("/api/age-gate", {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answer),
  }).catch((error: unknown) => console.warn("age gate: could not record the answer", error));
}
