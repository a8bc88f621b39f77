import { z } from "#app/lib/zod.ts";

/**
 * The forms of /members/calendar (docs/product-rules.md#calendar-files-and-the-private-feed), told
 * apart by their button's `intent`: make the feed's address (a new one replaces any earlier one),
 * or stop the feed. No form names a member: the action takes the signed-in member.
 */
export const calendarFeedForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("make-feed") }),
  z.object({ intent: z.literal("stop-feed") }),
]);
