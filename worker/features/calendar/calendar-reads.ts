import type { TierSlug } from "#app/features/site/tier-entitlements.ts";
import type { CalendarListing, CalendarMember } from "./calendar-bookings.ts";

/** The member's own booking of a listing. */
export interface OwnBooking {
  id: string;
  status: "confirmed" | "waitlisted";
  guests: number;
  /** The named guests (an old RSVP's plus-one is counted in `guests` without a name). */
  guestVisits: { id: string; name: string }[];
  /** Their place in the waitlist (1: next), null when confirmed. */
  position: number | null;
  reserved: boolean;
}

/** A listing as a member sees it. */
export interface MemberListing extends Omit<CalendarListing, "createdBy" | "createdAt" | "updatedAt" | "cancelledAt"> {
  /** The tiers that may book it ("Business and Platinum": tierNamesInWords). */
  tiers: TierSlug[];
  /** Places left for a member of the viewer's tier (reserved places count only for tiers with reserved seating). */
  placesLeft: number;
  /** A course term's sessions, in order (an event has none). */
  sessions: { startsAt: string; endsAt: string }[];
  booking: OwnBooking | null;
}

/** One line of a listing's booked or waitlist list (staff). */
export interface RosterRow {
  bookingId: string;
  memberId: string;
  name: string;
  email: string;
  tier: TierSlug;
  /** Guests counted (named or not). */
  guests: number;
  guestNames: string[];
  reserved: boolean;
  createdAt: string;
  promotedAt: string | null;
}

/** Upcoming listings of `kind` the member's tier includes, soonest first, with their own booking. */
export function memberCalendar(db: D1Database, member: CalendarMember, now: number, kind: "event" | "course"): Promise<MemberListing[]> {
  void db;
  void member;
  void now;
  void kind;
  throw new Error("not built yet");
}

/** One listing the member's tier includes (upcoming or past, cancelled included), or null. */
export function memberListing(db: D1Database, member: CalendarMember, listingId: string, now: number): Promise<MemberListing | null> {
  void db;
  void member;
  void listingId;
  void now;
  throw new Error("not built yet");
}

/** A listing's confirmed bookings and its waitlist (in order), for staff. */
export function listingBookings(db: D1Database, listingId: string): Promise<{ confirmed: RosterRow[]; waitlisted: RosterRow[] }> {
  void db;
  void listingId;
  throw new Error("not built yet");
}

/** The public teaser: upcoming scheduled events' titles and starts (no places, no member data). */
export function upcomingEventTeaser(db: D1Database, now: number, limit: number): Promise<{ title: string; startsAt: string }[]> {
  void db;
  void now;
  void limit;
  throw new Error("not built yet");
}
