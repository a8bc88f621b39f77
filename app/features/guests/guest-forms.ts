import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { guestName } from "#app/features/member-area/member-forms.ts";
import { club } from "#app/features/site/site-config.ts";

/**
 * The forms of /members/guests and /concierge/guests (docs/product-rules.md#guests): one schema per
 * form, shared by the pages, their actions and the tests. The host is never named by a form: the
 * action takes the signed-in member.
 */
/** A YYYY-MM-DD day on the calendar (also the meeting-room forms' day). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day.")
  // A day on the calendar: read as a date, it prints back as the same text (no November 31).
  .refine((text) => {
    const date = new Date(`${text}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, "Choose a day.");

export const registerGuestForm = z.object({
  intent: z.literal("register"),
  formKey: formKeyField,
  day: calendarDay,
  lounge: z.enum(["kickback", "business", "platinum"], { error: "Choose a lounge." }),
  guestName,
  // A checkbox: "yes" when ticked; required.
  adult: z.literal("yes", { error: `Please confirm your guest is ${club.minimumAge} or older.` }),
  guestEmail: z
    .string()
    .trim()
    .max(254, "Email too long")
    .pipe(z.union([z.literal(""), z.email("Please enter a valid email address or leave it empty.")]))
    .optional()
    .transform((value) => value || null),
});

export const cancelGuestForm = z.object({
  intent: z.literal("cancel"),
  visitId: z.string().trim().min(1).max(100),
});

/** The two forms of /members/guests, told apart by their submit button's `intent`. */
export const memberGuestsForm = z.discriminatedUnion("intent", [registerGuestForm, cancelGuestForm]);

/** The console's guest log query: ?q=<guest name>&page=<n> (anything else is ignored). */
export const guestLogQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
