import { z } from "#app/lib/zod.ts";

/**
 * The forms of the member areas: one schema per form, shared by the page, its action
 * and the tests. The member is never named by the form: actions take the signed-in member from
 * `memberContext`.
 */

/**
 * Letters (any script), spaces, hyphens, apostrophes and full stops: "Siobhán O'Neill-Park Jr.";
 * a letter first, so never combining marks alone (docs/security.md#forms-and-email).
 */
const personName = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

/** A guest's full name (docs/product-rules.md#guests), as /members/guests registers it. */
export const guestName = z
  .string()
  .trim()
  .min(2, "Please enter your guest's full name.")
  .max(100, "Name too long")
  .regex(personName, "Please use letters, spaces, hyphens and apostrophes only.");

const rewardItemId = z.string().trim().min(1).max(100);

export const redeemRewardForm = z.object({
  itemId: rewardItemId,
});

/** The rewards page's query: `?redeem=<itemId>` asks to confirm that item (anything else is ignored). */
export const redeemConfirmationQuery = z.object({
  redeem: rewardItemId.optional().catch(undefined),
});

/** The rules step: the version the member read, and the page they asked for. */
export const acceptClubRulesForm = z.object({
  rulesVersion: z.string().trim().min(1).max(20),
  redirectTo: z.string().max(2000).optional(),
});
