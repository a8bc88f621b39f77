import { describe, expect, it } from "vitest";
import { fieldErrors } from "#app/lib/form-result.ts";
import { memberAcademyForm, memberEventForm, rsvpGuests, rsvpForm } from "#app/features/calendar/calendar-forms.ts";

/** The forms of /members/events/:id and /members/academy (docs/product-rules.md#members-pages). */
const formKey = "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90";

function errorsOf(fields: Record<string, string>) {
  const parsed = memberEventForm(3).safeParse({ formKey, ...fields });
  return parsed.success ? null : fieldErrors(parsed.error);
}

describe("the RSVP form", () => {
  it("takes the member alone: blank guest lines and no box", () => {
    const form = rsvpForm(3).parse({ intent: "rsvp", formKey, guestName1: " ", guestEmail1: "", guestName2: "" });
    expect(rsvpGuests(form)).toEqual([]);
  });

  it("reads each named guest, with an email or none, in the order of the lines", () => {
    const form = rsvpForm(3).parse({
      intent: "rsvp",
      formKey,
      guestName1: " Ada Lovelace ",
      guestEmail1: "ada@example.com",
      guestName3: "Siobhán O'Neill",
      adult: "yes",
    });
    expect(rsvpGuests(form)).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com" },
      { name: "Siobhán O'Neill", email: null },
    ]);
  });

  it("asks for the 21+ box with any guest, a name for an email, and checks names and emails as the guests page does", () => {
    expect(errorsOf({ intent: "rsvp", guestName1: "Ada Lovelace" })).toEqual({ adult: "Please confirm your guests are 21 or older." });
    expect(errorsOf({ intent: "rsvp", guestName1: "Ada Lovelace", adult: "no" })).toEqual({
      adult: "Please confirm your guests are 21 or older.",
    });
    // One guest line reads "My guest is 21 or older": its error says the same.
    expect(memberEventForm(1).safeParse({ intent: "rsvp", formKey, guestName1: "Ada Lovelace" }).error?.issues[0]?.message).toBe(
      "Please confirm your guest is 21 or older.",
    );
    expect(errorsOf({ intent: "rsvp", guestEmail2: "grace@example.com" })).toEqual({ guestName2: "Please enter your guest's full name." });
    expect(errorsOf({ intent: "rsvp", guestName1: "<b>Ada</b>", adult: "yes" })).toEqual({
      guestName1: "Please use letters, spaces, hyphens and apostrophes only.",
    });
    expect(errorsOf({ intent: "rsvp", guestName1: "A", adult: "yes" })).toEqual({ guestName1: "Please enter your guest's full name." });
    expect(errorsOf({ intent: "rsvp", guestName1: "Ada Lovelace", guestEmail1: "ada@", adult: "yes" })).toEqual({
      guestEmail1: "Please enter a valid email address or leave it empty.",
    });
  });

  it("takes no fourth guest and no member id, whatever the form sends", () => {
    const form = rsvpForm(3).parse({ intent: "rsvp", formKey, guestName4: "Dora Maar", memberId: "someone-else", adult: "yes" });
    expect(rsvpGuests(form)).toEqual([]);
    expect(form).not.toHaveProperty("memberId");
  });
});

describe("the event page's other forms", () => {
  it("adds a guest only with a name and the 21+ box, to a booking it names", () => {
    expect(
      memberEventForm(3).parse({ intent: "add-guest", formKey, bookingId: "b1", guestName: "Ada Lovelace", guestEmail: "", adult: "yes" }),
    ).toEqual({ intent: "add-guest", formKey, bookingId: "b1", guestName: "Ada Lovelace", guestEmail: null, adult: "yes" });
    expect(errorsOf({ intent: "add-guest", bookingId: "b1", guestName: "Ada Lovelace" })).toEqual({
      adult: "Please confirm your guest is 21 or older.",
    });
    expect(errorsOf({ intent: "add-guest", guestName: "Ada Lovelace", adult: "yes" })).toHaveProperty("bookingId");
  });

  it("removes a guest and cancels by ids, and refuses an unknown intent", () => {
    expect(memberEventForm(3).parse({ intent: "remove-guest", bookingId: " b1 ", guestVisitId: "v1" })).toEqual({
      intent: "remove-guest",
      bookingId: "b1",
      guestVisitId: "v1",
    });
    expect(memberEventForm(3).parse({ intent: "cancel", bookingId: "b1", memberId: "someone-else" })).toEqual({
      intent: "cancel",
      bookingId: "b1",
    });
    expect(memberEventForm(3).parse({ intent: "join-waitlist", formKey, guestName1: "Ada Lovelace" })).toEqual({
      intent: "join-waitlist",
      formKey,
    });
    expect(memberEventForm(3).safeParse({ intent: "delete-event" }).success).toBe(false);
    expect(errorsOf({ intent: "join-waitlist", formKey: "" })).toEqual({
      formKey: "This form is out of date. Reload the page and fill it in again.",
    });
    expect(memberEventForm(3).safeParse({ intent: "cancel", bookingId: "" }).success).toBe(false);
  });
});

describe("the Academy's forms", () => {
  it("enrols and waitlists by term, cancels by booking (naming the term to return to)", () => {
    expect(memberAcademyForm.parse({ intent: "enrol", formKey, listingId: "2027-winter-foundations" })).toEqual({
      intent: "enrol",
      formKey,
      listingId: "2027-winter-foundations",
    });
    expect(memberAcademyForm.parse({ intent: "join-waitlist", formKey, listingId: "t1" })).toEqual({
      intent: "join-waitlist",
      formKey,
      listingId: "t1",
    });
    expect(memberAcademyForm.parse({ intent: "cancel", bookingId: "b1", listingId: "t1" })).toEqual({
      intent: "cancel",
      bookingId: "b1",
      listingId: "t1",
    });
    expect(memberAcademyForm.safeParse({ intent: "cancel", bookingId: "b1" }).success).toBe(false);
    expect(memberAcademyForm.safeParse({ intent: "enrol", formKey }).success).toBe(false);
    // A booking form without the page's key is out of date; a cancel carries none.
    expect(memberAcademyForm.safeParse({ intent: "enrol", listingId: "t1" }).success).toBe(false);
    expect(memberAcademyForm.safeParse({ intent: "enrol", formKey, listingId: "x".repeat(101) }).success).toBe(false);
  });
});
