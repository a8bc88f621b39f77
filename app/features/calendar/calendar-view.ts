import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";

/**
 * The words of the members' calendar pages (docs/product-rules.md#members-pages): places, the
 * member's own place, where a listing stands, and times in the club's zone whatever the browser's.
 * The loaders call these and send the text, so the hydrated page shows the same strings.
 */

/** What these words read of a listing (MemberListing, worker/features/calendar/calendar-reads.ts). */
export interface ListingFacts {
  kind: "event" | "course";
  startsAt: string;
  closesAt: string;
  placesLeft: number;
}

/** The member's own place at a listing. */
export interface OwnPlace {
  status: "confirmed" | "waitlisted";
  guests: number;
  position: number | null;
}

/** One of the member's next bookings, as /members lists it. */
export interface NextBooking {
  id: string;
  title: string;
  /** The event's page, or the term on the Academy page. */
  href: string;
  startsAt: string;
  /** The event's sitting, or the term's first session, in Portland time. */
  when: string;
  /** "Booked, with 2 guests" / "2nd on the waitlist". */
  place: string;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(count: number): string {
  const lastTwo = count % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[count % 10] ?? "th");
  return `${count}${suffix}`;
}

/** The event's cut-off in whole hours before it starts (24 unless staff chose otherwise). */
export function cutoffHours(listing: Pick<ListingFacts, "startsAt" | "closesAt">): number {
  return Math.round((Date.parse(listing.startsAt) - Date.parse(listing.closesAt)) / 3_600_000);
}

/** "12 places left" / "1 seat left", or "Full · waitlist open" (an event's places, a term's seats). */
export function placesText(listing: Pick<ListingFacts, "kind" | "placesLeft">): string {
  const unit = listing.kind === "event" ? "place" : "seat";
  if (listing.placesLeft <= 0) return "Full · waitlist open";
  return `${listing.placesLeft} ${unit}${listing.placesLeft === 1 ? "" : "s"} left`;
}

/** "Booked, with 2 guests" / "Booked" / "2nd on the waitlist". */
export function ownPlaceText(place: OwnPlace): string {
  if (place.status === "waitlisted") return `${ordinal(place.position ?? 1)} on the waitlist`;
  return place.guests > 0 ? `Booked, with ${place.guests} guest${place.guests === 1 ? "" : "s"}` : "Booked";
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const day = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });
const clock = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, hour: "numeric", minute: "2-digit" });
const clockWithZone = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const monthDay = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, month: "long", day: "numeric" });
const month = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, month: "long" });

/** "Saturday, December 12, 2026 at 7:00 PM to 10:00 PM PST": a sitting in Portland time. */
export function formatSitting(startsAt: string, endsAt: string): string {
  return `${dateTime.format(new Date(startsAt))} to ${clockWithZone.format(new Date(endsAt))}`;
}

/** "Tuesday, January 12, 6:30 PM to 8:00 PM PST": one session of a term (the year is the term's). */
export function formatSession(startsAt: string, endsAt: string): string {
  return `${day.format(new Date(startsAt))}, ${clock.format(new Date(startsAt))} to ${clockWithZone.format(new Date(endsAt))}`;
}

/** "December 23": a Portland date without its year (enrolment's opening). */
export function formatMonthDay(iso: string): string {
  return monthDay.format(new Date(iso));
}

/** "December": the Portland month of a timestamp (the public teaser). */
export function formatMonth(iso: string): string {
  return month.format(new Date(iso));
}
