import { z } from "#app/lib/zod.ts";

/**
 * The sponsor forms (docs/product-rules.md#the-applicants-journey): the console card's search and
 * link, and the member's answer on /members/sponsorships. One schema per form, shared by the
 * actions and the tests; only actions import it, so zod stays out of the pages' first load (their
 * words are in sponsor-words.ts).
 */
const requestId = z.string().trim().min(1).max(100);

/** The console card's sponsor forms, told apart by `intent` (the card's other forms use other intents). */
export const sponsorConsoleForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sponsor-search"),
    requestId,
    query: z
      .string()
      .trim()
      .min(2, "Type at least 2 letters of the member's name or email.")
      .max(100, "Keep the search under 100 characters."),
  }),
  z.object({ intent: z.literal("sponsor-link"), requestId, sponsorId: z.string().trim().min(1, "Choose the member to link.").max(100) }),
]);

export const SPONSOR_INTENTS: ReadonlySet<string> = new Set(["sponsor-search", "sponsor-link"]);

/** A sponsor's answer to one application. */
export const sponsorAnswerForm = z.object({ requestId, answer: z.enum(["yes", "no", "unknown"], { error: "Choose an answer." }) });
