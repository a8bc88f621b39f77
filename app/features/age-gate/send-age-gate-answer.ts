import type { AgeGateAnswer } from "./age-gate-stage.ts";

/** The answer being sent: each waits for the one before, so 'enter' follows its 'yes'. */
let previousAnswer: Promise<unknown> = Promise.resolve();

/**
 * Posts an answer to /api/age-gate in the background (the same form the page posts without
 * JavaScript). The visitor never waits for it: a failure is logged and the page carries on.
 * Answers go one after another because the server accepts 'enter' only from a browser whose
 * 'yes' already set the cookie, and a quick visitor can enter before that answer is back.
 */
export function sendAgeGateAnswer(answer: Required<AgeGateAnswer>): void {
  previousAnswer = previousAnswer.then(() =>
    fetch("/api/age-gate", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(answer),
    }).catch((error: unknown) => console.warn("age gate: could not record the answer", error)),
  );
}
