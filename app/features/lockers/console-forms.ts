import { z } from "#app/lib/zod.ts";

/**
 * The forms of /concierge/lockers (docs/product-rules.md#lockers, Staff): one schema per form, shared by
 * the page, its action and the tests. Neither names the concierge: the action takes them from
 * `memberContext`.
 */
const id = z.string().trim().min(1).max(100);

/** 'Assign locker' for a member found by the search, or 'Mark done' for an open request, told apart by `intent`. */
export const lockerConsoleForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("assign"),
    memberId: id,
    lockerId: z.string().trim().min(1, "Choose a free locker.").max(100, "Choose a free locker."),
  }),
  z.object({ intent: z.literal("request-done"), requestId: id }),
]);

/** The member search: ?q=… (a name or email, at least two characters). */
export const lockerMemberQuery = z.object({
  q: z.string().trim().min(2).max(100).optional().catch(undefined),
});
