import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { registerGuestForm } from "#app/features/guests/guest-forms.ts";
import { club } from "#app/features/site/site-config.ts";
import type { EventGuest } from "#worker/features/calendar/calendar-bookings.ts";

/**
 * The forms of /members/events/:id and /members/academy (docs/product-rules.md#members-pages), told
 * apart by their submit button's `intent`. Only the actions import this module, so zod stays out of
 * the pages' browser code. The member is never named by a form: the actions take the signed-in
 * member, and the engine acts only on that member's own bookings. The forms that book (RSVP,
 * waitlist, enrol) and the one that adds a guest carry the page's `formKey`: each is one intent
 * (docs/product-rules.md#a-form-is-one-intent).
 */

const id = z.string().trim().min(1).max(100);

/** A guest's name and email fields, as /members/guests checks them. */
const { guestName, guestEmail, adult } = registerGuestForm.shape;

/** An RSVP's guest line: blank (no guest), or a full name. */
const optionalGuestName = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  guestName.optional(),
);

const guestLines = {
  guestName1: optionalGuestName,
  guestEmail1: guestEmail,
  guestName2: optionalGuestName,
  guestEmail2: guestEmail,
  guestName3: optionalGuestName,
  guestEmail3: guestEmail,
};
const lines = [1, 2, 3] as const;

/**
 * RSVP: the member and up to three named guests, the most any tier brings (Platinum's one and two
 * more on event nights); the page shows the member's own tier's lines (`lineCount`) and the engine
 * holds them to it. One box confirms every guest is 21 or older, its error in the box's own number
 * (the page labels it "My guest is" for one line, "My guests are" for more); an email without a
 * name is refused at that name.
 */
export const rsvpForm = (lineCount: number) =>
  z
    .object({
      intent: z.literal("rsvp"),
      formKey: formKeyField,
      ...guestLines,
      // A checkbox: "yes" when ticked; required only with a guest (below).
      adult: z.string().max(10).optional(),
    })
    .superRefine((form, context) => {
      let anyGuest = false;
      for (const line of lines) {
        if (form[`guestName${line}`]) anyGuest = true;
        else if (form[`guestEmail${line}`])
          context.addIssue({ code: "custom", path: [`guestName${line}`], message: "Please enter your guest's full name." });
      }
      if (anyGuest && form.adult !== "yes") context.addIssue({ code: "custom", path: ["adult"], message: adultsMessage(lineCount) });
    });

function adultsMessage(lineCount: number): string {
  return lineCount > 1
    ? `Please confirm your guests are ${club.minimumAge} or older.`
    : `Please confirm your guest is ${club.minimumAge} or older.`;
}

/** The named guests of a valid RSVP, in the order of the form's lines. */
export function rsvpGuests(form: z.output<ReturnType<typeof rsvpForm>>): EventGuest[] {
  return lines.flatMap((line) => {
    const name = form[`guestName${line}`];
    return name ? [{ name, email: form[`guestEmail${line}`] ?? null }] : [];
  });
}

/** The forms of /members/events/:id (the event is the page's), for a member whose tier brings `lineCount` guests. */
export const memberEventForm = (lineCount: number) =>
  z.discriminatedUnion("intent", [
    rsvpForm(lineCount),
    z.object({ intent: z.literal("join-waitlist"), formKey: formKeyField }),
    z.object({ intent: z.literal("add-guest"), formKey: formKeyField, bookingId: id, guestName, guestEmail, adult }),
    z.object({ intent: z.literal("remove-guest"), bookingId: id, guestVisitId: id }),
    z.object({ intent: z.literal("cancel"), bookingId: id }),
  ]);

/** The forms of /members/academy: each names its term (the page to return to), and a cancel the member's booking of it. */
export const memberAcademyForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enrol"), formKey: formKeyField, listingId: id }),
  z.object({ intent: z.literal("join-waitlist"), formKey: formKeyField, listingId: id }),
  z.object({ intent: z.literal("cancel"), bookingId: id, listingId: id }),
]);
