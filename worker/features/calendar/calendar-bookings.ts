import { type calendarListings } from "#db/schema.ts";
import type { TierSlug } from "#app/features/site/tier-entitlements.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { RegisterGuestResult } from "#worker/features/guests/guest-visits.ts";

/**
 * The club calendar's booking engine (docs/product-rules.md#events): booking a listing (an event
 * or a course term), its waitlist and promotions, guests at events, cancellations.
 */

export type CalendarListing = typeof calendarListings.$inferSelect;

/** The member who books: their row's tier decides again in SQL (a tier change races nothing). */
export interface CalendarMember {
  id: string;
  name: string;
  email: string;
  tier: TierSlug;
}

/** What the engine needs of the request (or of the cron): D1, the email binding, the site's address, the signing key. */
export type CalendarServices = Pick<RequestContext, "env" | "config" | "signingKey">;

/** A named plus-one; the form has the member confirm they are 21 or older. */
export interface EventGuest {
  name: string;
  email: string | null;
}

export type RegisterGuestRefusal = Extract<RegisterGuestResult, { ok: false }>["reason"];

export type BookingRefusal =
  | "not-found"
  | "not-open-yet"
  | "closed"
  | "started"
  | "cancelled"
  | "not-included"
  | "not-in-good-standing"
  | "already-booked"
  | "full"
  | "no-room-for-guests"
  | "too-many-guests"
  | { guest: string; reason: RegisterGuestRefusal };

export type BookResult =
  { ok: true; bookingId: string; status: "confirmed" | "waitlisted"; position: number | null } | { ok: false; reason: BookingRefusal };

export interface BookInput {
  listingId: string;
  member: CalendarMember;
  guests: EventGuest[];
  /** When no place is left for the member alone: join the waitlist instead of being refused "full". */
  joinWaitlist: boolean;
  now: number;
}

export function bookListing(services: CalendarServices, input: BookInput): Promise<BookResult> {
  void services;
  void input;
  throw new Error("not built yet");
}

export function addGuest(
  services: CalendarServices,
  input: { bookingId: string; member: CalendarMember; guest: EventGuest; now: number },
): Promise<{ ok: true } | { ok: false; reason: BookingRefusal }> {
  void services;
  void input;
  throw new Error("not built yet");
}

export function removeGuest(
  services: CalendarServices,
  input: { bookingId: string; guestVisitId: string; memberId: string; now: number },
): Promise<{ ok: boolean; promoted: string[] }> {
  void services;
  void input;
  throw new Error("not built yet");
}

export function cancelBooking(
  services: CalendarServices,
  input: { bookingId: string; memberId: string | null; staffId?: string; now: number },
): Promise<{ ok: true; promoted: string[] } | { ok: false; reason: "not-found" | "started" }> {
  void services;
  void input;
  throw new Error("not built yet");
}

export function cancelListing(
  services: CalendarServices,
  input: { listingId: string; staffId: string; now: number },
): Promise<{ ok: true; bookingsCancelled: number } | { ok: false; reason: "not-found" | "already-cancelled" | "over" }> {
  void services;
  void input;
  throw new Error("not built yet");
}

// The reads live in calendar-reads.ts; pages import the engine from here.
export { listingBookings, memberCalendar, memberListing, upcomingEventTeaser } from "./calendar-reads.ts";
export type { MemberListing, OwnBooking, RosterRow } from "./calendar-reads.ts";
