import { z } from "zod";

/**
 * The age gate and intro opener (spec §2, §4; issue 3). The server knows from a session cookie
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

/** The one form the opener posts, with or without JavaScript. */
export const ageGateAnswerSchema = z.object({
  answer: z.enum(["yes", "no", "enter"]),
  /** The browser's compliance-log session id (a UUID, or the fallback id when UUIDs fail). */
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
  returnTo: z.string().max(2048).optional(),
});

export type AgeGateAnswer = z.infer<typeof ageGateAnswerSchema>;
