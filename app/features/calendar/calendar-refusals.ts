import { guestRefusalText } from "#app/features/guests/guest-refusals.ts";
import { club, loungeBySlug } from "#app/features/site/site-config.ts";
import { guestVisitsPerQuarter, type LoungeSlug, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { tierNamesInWords } from "#app/features/site/tier-inclusions.ts";
import type { BookingRefusal } from "#worker/features/calendar/calendar-bookings.ts";
import { cutoffHours, formatMonthDay } from "./calendar-view.ts";

/**
 * Every refusal of the calendar's member pages in plain words (docs/product-rules.md#members-pages),
 * shown beside the form that was refused, with the HTTP status the action answers.
 */

/** What the words read of the listing refused. */
export interface RefusedListing {
  kind: "event" | "course";
  startsAt: string;
  opensAt: string;
  closesAt: string;
  tiers: TierSlug[];
  /** Where it is held, when known. */
  lounge?: LoungeSlug;
  /** The event's Portland day ("Saturday, December 12"), for a guest's refusal. */
  dayLabel: string;
  /** The guests the member's tier may bring to an event. */
  guestAllowance: number;
}

/**
 * The engine's refusals, and the pages' own: no place of the member's to cancel, no such guest to
 * remove, full when the member asked with guests (the waitlist takes the member alone), and no
 * place left for a guest added to a place the member holds.
 */
export type PageRefusal = BookingRefusal | "no-place" | "guest-gone" | "full-with-guests" | "no-place-for-guest";

const refusals: Record<Exclude<PageRefusal, { guest: string }>, { status: number; text: (listing: RefusedListing) => string }> = {
  "not-found": { status: 404, text: (listing) => `This ${noun(listing)} is no longer on the calendar.` },
  "not-open-yet": {
    status: 409,
    text: (listing) => `${listing.kind === "event" ? "RSVPs open" : "Enrolment opens"} on ${formatMonthDay(listing.opensAt)}.`,
  },
  closed: {
    status: 409,
    text: (listing) =>
      listing.kind === "event"
        ? `RSVPs closed ${cutoffHours(listing)} hours before the event.`
        : "Enrolment closed when the term's first session began.",
  },
  started: { status: 409, text: (listing) => `This ${noun(listing)} has already begun.` },
  cancelled: { status: 409, text: (listing) => `The club has cancelled this ${noun(listing)}.` },
  "not-included": {
    status: 403,
    text: (listing) =>
      listing.tiers.length === 0
        ? `Your membership does not include this ${noun(listing)}.`
        : `Your membership does not include this ${noun(listing)}: it is for ${tierNamesInWords(listing.tiers)} members.`,
  },
  "lounge-not-included": {
    status: 403,
    text: (listing) => {
      const where = listing.lounge ? `the ${loungeBySlug(listing.lounge).name}` : "a lounge";
      const whom = listing.tiers.length === 0 ? "" : `: it is for ${tierNamesInWords(listing.tiers)} members`;
      return `This event is at ${where}, which your membership does not open${whom}.`;
    },
  },
  "not-in-good-standing": {
    status: 403,
    text: () => `Your membership is not in good standing just now. Please call the office at ${club.officePhone.display}.`,
  },
  "already-booked": {
    status: 409,
    text: (listing) => `You already have a place at this ${noun(listing)}, or one on its waitlist.`,
  },
  full: {
    status: 409,
    text: (listing) =>
      listing.kind === "event"
        ? "Sorry, this event is full. Join the waitlist and we will email you if a place frees."
        : "Sorry, this term is full. Join the waitlist and we will email you if a seat frees.",
  },
  "full-with-guests": {
    status: 409,
    text: () => "The event is full: join the waitlist on your own, and add your guests once you have a place.",
  },
  "no-room-for-guests": {
    status: 409,
    text: () => "There is room for you, but not for every guest. RSVP with fewer guests, or join the waitlist alone.",
  },
  "too-many-guests": {
    status: 409,
    text: (listing) =>
      `Your membership brings up to ${listing.guestAllowance} guest${listing.guestAllowance === 1 ? "" : "s"} to an event.`,
  },
  "no-place-for-guest": { status: 409, text: () => "No place is left for another guest." },
  "no-place": { status: 404, text: (listing) => `You have no place at this ${noun(listing)} to cancel.` },
  "guest-gone": { status: 404, text: () => "That guest is no longer on your booking." },
};

function noun(listing: RefusedListing): string {
  return listing.kind === "event" ? "event" : "term";
}

/** A refusal's message and status: a guest the guest rules refused is named, in the guests' own words. */
export function refusalOf(reason: PageRefusal, listing: RefusedListing): { status: number; error: string } {
  if (typeof reason === "object") {
    const status = reason.reason === "not-allowed" ? 403 : reason.reason === "too-many-registrations" ? 429 : 409;
    return { status, error: guestRefusalText(reason.reason, reason.guest, listing.dayLabel, guestVisitsPerQuarter) };
  }
  const refusal = refusals[reason];
  return { status: refusal.status, error: refusal.text(listing) };
}
