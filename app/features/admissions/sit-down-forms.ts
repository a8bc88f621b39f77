import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { lounges, type Lounge } from "#app/features/site/site-config.ts";
import { portlandTimeToUtc } from "./sit-down-times.ts";
import { SIT_DOWN_MINUTES } from "./sit-down-words.ts";

/**
 * The sit-down forms (docs/product-rules.md#sit-downs), one schema each, shared by the actions and
 * the tests: the concierge's slots, the console card's invitation and the applicant's
 * booking. Neither the concierge nor the applicant is named by a form: the actions take them from
 * the session and from the application cookie. Only actions import it, so zod stays out of the
 * pages' first load (what the pages need is in sit-down-words.ts).
 */
const loungeSlugs = lounges.map((lounge) => lounge.slug) as [Lounge["slug"], ...Lounge["slug"][]];

/** Slot ids are UUIDs; anything else is refused before it reaches a query. */
const slotId = z.string().regex(/^[0-9a-f-]{36}$/, "Choose a time.");

const LENGTH_MESSAGE = `Enter the length in minutes, from ${SIT_DOWN_MINUTES.min} to ${SIT_DOWN_MINUTES.max}.`;

/** Publish a slot (a lounge, a Portland date and start time, a length) or remove an open one, told apart by `intent`. */
export const sitDownSlotForm = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("publish"),
      lounge: z.enum(loungeSlugs, { error: "Choose a lounge." }),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date."),
      time: z.string().regex(/^\d{2}:\d{2}$/, "Choose a start time."),
      minutes: z.coerce
        .number({ error: LENGTH_MESSAGE })
        .int(LENGTH_MESSAGE)
        .min(SIT_DOWN_MINUTES.min, LENGTH_MESSAGE)
        .max(SIT_DOWN_MINUTES.max, LENGTH_MESSAGE),
    })
    .transform(({ day, time, ...slot }, context) => {
      const startsAt = portlandTimeToUtc(day, time);
      if (startsAt) return { ...slot, startsAt };
      context.addIssue({ code: "custom", path: ["time"], message: "That date and time do not exist in Portland. Choose another." });
      return z.NEVER;
    }),
  z.object({ intent: z.literal("remove"), slotId }),
]);

/** The console card's 'Invite to a Sit-Down'. */
export const sitDownInviteForm = z.object({ intent: z.literal("invite-sit-down"), requestId: z.string().trim().min(1).max(100) });

/** The applicant's choice on their status page: book (or move to) a slot, or cancel their booking. */
export const sitDownBookingForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), slotId, formKey: formKeyField }),
  z.object({ intent: z.literal("cancel") }),
]);
