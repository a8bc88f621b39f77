import { describe, expect, it } from "vitest";
import {
  cutoffHours,
  formatMonth,
  formatMonthDay,
  formatSession,
  formatSitting,
  ordinal,
  ownPlaceText,
  placesText,
} from "#app/features/calendar/calendar-view.ts";
import { refusalOf, type RefusedListing } from "#app/features/calendar/calendar-refusals.ts";

/** The words of the members' calendar pages (docs/product-rules.md#members-pages). */
const event: RefusedListing = {
  kind: "event",
  startsAt: "2026-12-12T03:00:00.000Z",
  opensAt: "2026-11-01T00:00:00.000Z",
  closesAt: "2026-12-11T03:00:00.000Z",
  tiers: ["business", "platinum"],
  dayLabel: "Friday, December 11",
  guestAllowance: 3,
};
const term: RefusedListing = {
  kind: "course",
  startsAt: "2027-01-13T02:30:00.000Z",
  opensAt: "2026-12-23T02:30:00.000Z",
  closesAt: "2027-01-13T02:30:00.000Z",
  tiers: ["kickback", "business", "platinum"],
  dayLabel: "",
  guestAllowance: 0,
};

describe("the calendar's words", () => {
  it("counts places and seats, and says full with the waitlist open", () => {
    expect(placesText({ kind: "event", placesLeft: 12 })).toBe("12 places left");
    expect(placesText({ kind: "event", placesLeft: 1 })).toBe("1 place left");
    expect(placesText({ kind: "course", placesLeft: 8 })).toBe("8 seats left");
    expect(placesText({ kind: "event", placesLeft: 0 })).toBe("Full · waitlist open");
    expect(placesText({ kind: "course", placesLeft: -2 })).toBe("Full · waitlist open");
  });

  it("says the member's own place: booked, with guests, or their place in the waitlist", () => {
    expect(ownPlaceText({ status: "confirmed", guests: 0, position: null })).toBe("Booked");
    expect(ownPlaceText({ status: "confirmed", guests: 1, position: null })).toBe("Booked, with 1 guest");
    expect(ownPlaceText({ status: "confirmed", guests: 3, position: null })).toBe("Booked, with 3 guests");
    expect(ownPlaceText({ status: "waitlisted", guests: 0, position: 2 })).toBe("2nd on the waitlist");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });

  it("writes times in Portland's zone, on each side of the clock change, whatever the machine's zone", () => {
    expect(formatSitting("2026-12-12T03:00:00.000Z", "2026-12-12T06:00:00.000Z")).toBe(
      "Friday, December 11, 2026 at 7:00 PM to 10:00 PM PST",
    );
    expect(formatSitting("2027-04-17T02:00:00.000Z", "2027-04-17T05:00:00.000Z")).toBe("Friday, April 16, 2027 at 7:00 PM to 10:00 PM PDT");
    expect(formatSession("2027-01-13T02:30:00.000Z", "2027-01-13T04:00:00.000Z")).toBe("Tuesday, January 12, 6:30 PM to 8:00 PM PST");
    expect(formatMonthDay("2026-12-23T02:30:00.000Z")).toBe("December 22");
    expect(formatMonth("2027-01-01T05:00:00.000Z")).toBe("December");
  });

  it("reads an event's cut-off in hours before its start", () => {
    expect(cutoffHours(event)).toBe(24);
    expect(cutoffHours({ startsAt: event.startsAt, closesAt: "2026-12-10T03:00:00.000Z" })).toBe(48);
  });
});

describe("the calendar's refusals", () => {
  it("says each refusal of an event in plain words, with its status", () => {
    expect(refusalOf("full", event)).toEqual({
      status: 409,
      error: "Sorry, this event is full. Join the waitlist and we will email you if a place frees.",
    });
    expect(refusalOf("full-with-guests", event)).toEqual({
      status: 409,
      error: "The event is full: join the waitlist on your own, and add your guests once you have a place.",
    });
    expect(refusalOf("closed", event)).toEqual({ status: 409, error: "RSVPs closed 24 hours before the event." });
    expect(refusalOf("closed", { ...event, closesAt: "2026-12-10T03:00:00.000Z" }).error).toBe("RSVPs closed 48 hours before the event.");
    expect(refusalOf("not-included", event)).toEqual({
      status: 403,
      error: "Your membership does not include this event: it is for Business and Platinum members.",
    });
    expect(refusalOf("too-many-guests", event).error).toBe("Your membership brings up to 3 guests to an event.");
    expect(refusalOf("too-many-guests", { ...event, guestAllowance: 1 }).error).toBe("Your membership brings up to 1 guest to an event.");
    expect(refusalOf("not-found", event)).toEqual({ status: 404, error: "This event is no longer on the calendar." });
    expect(refusalOf("no-place", event)).toEqual({ status: 404, error: "You have no place at this event to cancel." });
    expect(refusalOf("not-in-good-standing", event).status).toBe(403);
    for (const reason of ["started", "cancelled", "already-booked", "no-room-for-guests", "guest-gone"] as const) {
      expect(refusalOf(reason, event).error).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("says a term's refusals with its own words: seats, enrolment and its opening day", () => {
    expect(refusalOf("full", term).error).toBe("Sorry, this term is full. Join the waitlist and we will email you if a seat frees.");
    expect(refusalOf("not-open-yet", term)).toEqual({ status: 409, error: "Enrolment opens on December 22." });
    expect(refusalOf("closed", term).error).toBe("Enrolment closed when the term's first session began.");
    expect(refusalOf("not-included", { ...term, tiers: ["platinum"] }).error).toBe(
      "Your membership does not include this term: it is for Platinum members.",
    );
  });

  it("names a guest the guest rules refuse, in the guests' own words and statuses", () => {
    expect(refusalOf({ guest: "Ada Lovelace", reason: "day-full" }, event)).toEqual({
      status: 409,
      error: "You already have every guest your membership allows on Friday, December 11.",
    });
    expect(refusalOf({ guest: "Ada Lovelace", reason: "guest-quarter-limit" }, event).error).toBe(
      "Ada Lovelace has visited 3 times this quarter, the most a guest may. They are welcome to ask for an invitation to join.",
    );
    expect(refusalOf({ guest: "Ada Lovelace", reason: "not-allowed" }, event).status).toBe(403);
    expect(refusalOf({ guest: "Ada Lovelace", reason: "too-many-registrations" }, event).status).toBe(429);
  });

  it("names no tiers when the listing could not be read", () => {
    expect(refusalOf("not-included", { ...event, tiers: [] }).error).toBe("Your membership does not include this event.");
  });
});
