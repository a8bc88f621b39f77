/**
 * The age gate and intro opener (docs/product-rules.md#age-gate). The server knows from a session cookie
 * whether this browser session has answered, so the gate is in the first HTML and no content
 * flashes before it. Client-safe: shared by the opener, the root loader and the API.
 */
export const AGE_GATE_COOKIE = "age_gate";

/** Cookie values: answered "yes" (the intro comes next on the home page), or entered the site. */
export type AgeGateCookie = "verified" | "entered";

/** What the visitor sees over the page: the age question, the intro (home only), or nothing. */
export type AgeGateStage = "question" | "intro" | "passed";

export function ageGateStage(cookie: string | null, pathname: string, isCrawler: boolean): AgeGateStage {
  if (isCrawler || cookie === "entered") return "passed";
  if (cookie === "verified") return pathname === "/" ? "intro" : "passed";
  return "question";
}

/**
 * The one form the opener posts, with or without JavaScript (validated by /api/age-gate).
 * `sessionId` is the browser's compliance-log session id: a UUID, or the fallback id when UUIDs
 * fail, and absent without JavaScript.
 */
export interface AgeGateAnswer {
  answer: "yes" | "no" | "enter";
  sessionId?: string;
  returnTo?: string;
}
