import { z } from "zod";
import { doorLounges } from "#app/features/door/door-list.ts";

/**
 * A batch of check-ins from the door device's queue (docs/product-rules.md#door), checked before
 * anything is stored: ids are the device's UUIDs (a check-in synced twice is stored once), at most
 * 25 check-ins a request and 10 guests each.
 */
export const MAX_CHECK_INS_PER_SYNC = 25;

const uuid = z.string().uuid();

const doorGuestInput = z
  .object({
    id: uuid,
    guestVisitId: uuid.optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .refine((guest) => (guest.guestVisitId === undefined) !== (guest.name === undefined), {
    message: "A guest is either a registered visit or a name added at the door",
  });

export const doorCheckInInput = z
  .object({
    id: uuid,
    memberId: z.string().min(1).max(64),
    lounge: z.enum(doorLounges),
    checkedInAt: z.string().datetime({ offset: true }),
    method: z.enum(["card", "search"]),
    cardId: uuid.optional(),
    offline: z.boolean(),
    guests: z.array(doorGuestInput).max(10),
  })
  .strict();

export const doorSyncInput = z.object({ checkIns: z.array(doorCheckInInput).min(1).max(MAX_CHECK_INS_PER_SYNC) }).strict();

export type DoorCheckInInput = z.infer<typeof doorCheckInInput>;
