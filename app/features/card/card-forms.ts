import { z } from "#app/lib/zod.ts";

/**
 * The card page's one form: revoke one of the member's own cards. The member is never named by
 * the form; the action takes the signed-in member, so an id reaches only their own cards.
 */
export const cardPageForm = z.object({ intent: z.literal("revoke-card"), cardId: z.string().trim().uuid() });
