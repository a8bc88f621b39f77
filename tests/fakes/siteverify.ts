import { vi } from "vitest";

/** A fake of Google's reCAPTCHA siteverify endpoint, answering what a test scripts. */
export interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  challenge_ts?: string;
  "error-codes"?: string[];
}

export const SITEVERIFY_URL = "https://siteverify.test/recaptcha/api/siteverify";

export function goodSiteverifyAnswer(overrides: SiteverifyAnswer = {}): SiteverifyAnswer {
  return {
    success: true,
    score: 0.9,
    action: "executive_invitation",
    hostname: "localhost",
    challenge_ts: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * Replaces global fetch for siteverify only (the Worker under test runs in this isolate, so it
 * sees the fake). `answer` may be a body, a Response, or an Error to throw. Returns the spy so
 * tests can read what the Worker sent.
 */
export function fakeSiteverify(answer: SiteverifyAnswer | Response | Error = goodSiteverifyAnswer()) {
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(SITEVERIFY_URL)) return realFetch(input, init);
    if (answer instanceof Error) throw answer;
    if (answer instanceof Response) return answer.clone();
    return Response.json(answer);
  });
}
