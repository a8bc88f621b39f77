import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { calendarBookings, calendarListings, calendarSessions, guestVisits, members } from "#db/schema.ts";
import { entitlementsOf, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { placesLeftFor, tierMayBook, tiersForListing } from "#app/features/calendar/calendar-eligibility.ts";
import { placesTaken } from "./calendar-promotion.ts";
import type { CalendarListing, CalendarMember } from "./calendar-bookings.ts";

/**
 * What members and staff read of the calendar (docs/product-rules.md#events). A member sees only
 * the listings their tier includes.
 */

/** The member's own booking of a listing. */
export interface OwnBooking {
  id: string;
  status: "confirmed" | "waitlisted";
  /** Guests counted (an old RSVP's plus-one is counted here without a name). */
  guests: number;
  /** The named guests. */
  guestVisits: { id: string; name: string }[];
  /** Their place in the waitlist (1: next), null when confirmed. */
  position: number | null;
  reserved: boolean;
}

/**
 * Where the listing stands at `now`: bookable ("open"), not yet, past its cut-off (cancelling
 * still possible), started, or cancelled by staff.
 */
export type ListingState = "not-open-yet" | "open" | "closed" | "started" | "cancelled";

/** A listing as a member sees it. */
export interface MemberListing extends Omit<CalendarListing, "createdBy" | "createdAt" | "updatedAt" | "cancelledAt"> {
  /** The tiers that may book it ("Business and Platinum": tierNamesInWords). */
  tiers: TierSlug[];
  /** The member's tier includes it (one that does not may still hold a booking made before a change of tier or of kind). */
  included: boolean;
  /** Places left for a member of the viewer's tier (reserved places count only for tiers with reserved seating). */
  placesLeft: number;
  state: ListingState;
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

const listingFields = {
  id: calendarListings.id,
  kind: calendarListings.kind,
  category: calendarListings.category,
  title: calendarListings.title,
  description: calendarListings.description,
  lounge: calendarListings.lounge,
  startsAt: calendarListings.startsAt,
  endsAt: calendarListings.endsAt,
  capacity: calendarListings.capacity,
  reservedPlaces: calendarListings.reservedPlaces,
  opensAt: calendarListings.opensAt,
  closesAt: calendarListings.closesAt,
  status: calendarListings.status,
  taken: sql<number>`${placesTaken(sql`${calendarListings.id}`)}`.mapWith(Number),
  takenUnreserved: sql<number>`${placesTaken(sql`${calendarListings.id}`, false)}`.mapWith(Number),
};

function stateAt(listing: Pick<CalendarListing, "status" | "opensAt" | "closesAt" | "startsAt">, nowIso: string): ListingState {
  if (listing.status === "cancelled") return "cancelled";
  if (listing.startsAt <= nowIso) return "started";
  if (listing.closesAt <= nowIso) return "closed";
  return listing.opensAt > nowIso ? "not-open-yet" : "open";
}

/** The categories of `kind` the tier includes. */
function includedCategories(tier: TierSlug, kind: "event" | "course"): string[] {
  const entitlements = entitlementsOf(tier);
  return kind === "event" ? entitlements.events : entitlements.courses;
}

type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

function selectListings(database: Database, where: ReturnType<typeof and>) {
  return database.select(listingFields).from(calendarListings).where(where).orderBy(asc(calendarListings.startsAt)).limit(100).all();
}

/** The listings with the member's own bookings, the sessions and the places left for their tier. */
async function asMemberListings(database: Database, member: CalendarMember, rows: ListingRow[], nowIso: string): Promise<MemberListing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [bookings, sessions] = await Promise.all([
    database
      .select({
        id: calendarBookings.id,
        listingId: calendarBookings.listingId,
        status: calendarBookings.status,
        guests: calendarBookings.guests,
        reserved: calendarBookings.reserved,
      })
      .from(calendarBookings)
      .where(
        and(eq(calendarBookings.memberId, member.id), inArray(calendarBookings.listingId, ids), ne(calendarBookings.status, "cancelled")),
      )
      .all(),
    database.select().from(calendarSessions).where(inArray(calendarSessions.listingId, ids)).orderBy(asc(calendarSessions.startsAt)).all(),
  ]);
  const waiting = bookings.filter((booking) => booking.status === "waitlisted").map((booking) => booking.listingId);
  // The lines the member waits in, in promotion's order (createdAt, then id): their place is their index + 1.
  const lines =
    waiting.length === 0
      ? []
      : await database
          .select({ id: calendarBookings.id, listingId: calendarBookings.listingId })
          .from(calendarBookings)
          .where(and(inArray(calendarBookings.listingId, waiting), eq(calendarBookings.status, "waitlisted")))
          .orderBy(asc(calendarBookings.createdAt), asc(calendarBookings.id))
          .all();
  const positionOf = (booking: { id: string; listingId: string }) =>
    lines.filter((line) => line.listingId === booking.listingId).findIndex((line) => line.id === booking.id) + 1;
  const visits =
    bookings.length === 0
      ? []
      : await database
          .select({ id: guestVisits.id, bookingId: guestVisits.bookingId, name: guestVisits.guestName })
          .from(guestVisits)
          .where(
            and(
              inArray(
                guestVisits.bookingId,
                bookings.map((booking) => booking.id),
              ),
              eq(guestVisits.status, "expected"),
            ),
          )
          .orderBy(asc(guestVisits.createdAt))
          .all();
  return rows.map(({ taken, takenUnreserved, ...listing }) => {
    const own = bookings.find((booking) => booking.listingId === listing.id);
    return {
      ...listing,
      tiers: tiersForListing(listing),
      included: tierMayBook(member.tier, listing),
      placesLeft: placesLeftFor(member.tier, listing, { taken, takenUnreserved }),
      state: stateAt(listing, nowIso),
      sessions: sessions.filter((session) => session.listingId === listing.id).map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
      booking:
        own && own.status !== "cancelled"
          ? {
              id: own.id,
              status: own.status,
              guests: own.guests,
              guestVisits: visits.filter((visit) => visit.bookingId === own.id).map(({ id, name }) => ({ id, name })),
              position: own.status === "waitlisted" ? positionOf(own) : null,
              reserved: own.reserved,
            }
          : null,
    };
  });
}

/**
 * Upcoming scheduled listings of `kind` the member's tier includes, soonest first, with their own
 * booking; and those it does not include where the member still holds a live booking (made before a
 * change of tier or of kind: `included` false), so they can find it and cancel it.
 */
export async function memberCalendar(
  db: D1Database,
  member: CalendarMember,
  now: number,
  kind: "event" | "course",
): Promise<MemberListing[]> {
  const database = getDatabase(db);
  const nowIso = new Date(now).toISOString();
  const categories = includedCategories(member.tier, kind);
  const held = sql`exists (select 1 from ${calendarBookings} where ${calendarBookings.listingId} = ${calendarListings.id}
    and ${calendarBookings.memberId} = ${member.id} and ${calendarBookings.status} <> 'cancelled')`;
  const rows = await selectListings(
    database,
    and(
      eq(calendarListings.kind, kind),
      eq(calendarListings.status, "scheduled"),
      gt(calendarListings.startsAt, nowIso),
      // An event is listed only at a lounge the tier opens (calendar-eligibility.ts), a term at any.
      categories.length === 0
        ? held
        : or(
            and(
              inArray(calendarListings.category, categories),
              kind === "event" ? inArray(calendarListings.lounge, entitlementsOf(member.tier).lounges) : undefined,
            ),
            held,
          ),
    ),
  );
  return asMemberListings(database, member, rows, nowIso);
}

/**
 * One listing (upcoming or past, cancelled included), or null: one the member's tier does not
 * include too (`included` false), so the page can say whom it is for, and show a booking the
 * member still holds (their tier or the listing's kind changed since) for them to cancel.
 */
export async function memberListing(db: D1Database, member: CalendarMember, listingId: string, now: number): Promise<MemberListing | null> {
  const database = getDatabase(db);
  const rows = await selectListings(database, and(eq(calendarListings.id, listingId)));
  const listing = rows[0];
  if (!listing) return null;
  const [one] = await asMemberListings(database, member, [listing], new Date(now).toISOString());
  return one ?? null;
}

/** A listing's confirmed bookings (by booking time) and its waitlist (in line order), for staff. */
export async function listingBookings(db: D1Database, listingId: string): Promise<{ confirmed: RosterRow[]; waitlisted: RosterRow[] }> {
  const database = getDatabase(db);
  const rows = await database
    .select({
      bookingId: calendarBookings.id,
      memberId: calendarBookings.memberId,
      status: calendarBookings.status,
      name: members.name,
      email: members.email,
      tier: members.tier,
      guests: calendarBookings.guests,
      reserved: calendarBookings.reserved,
      createdAt: calendarBookings.createdAt,
      promotedAt: calendarBookings.promotedAt,
      confirmedAt: calendarBookings.confirmedAt,
    })
    .from(calendarBookings)
    .innerJoin(members, eq(members.id, calendarBookings.memberId))
    .where(and(eq(calendarBookings.listingId, listingId), ne(calendarBookings.status, "cancelled")))
    .orderBy(asc(calendarBookings.createdAt), asc(calendarBookings.id))
    .all();
  const visits =
    rows.length === 0
      ? []
      : await database
          .select({ bookingId: guestVisits.bookingId, name: guestVisits.guestName })
          .from(guestVisits)
          .where(
            and(
              inArray(
                guestVisits.bookingId,
                rows.map((row) => row.bookingId),
              ),
              eq(guestVisits.status, "expected"),
            ),
          )
          .orderBy(asc(guestVisits.createdAt))
          .all();
  const roster = rows.map(({ status, confirmedAt, ...row }) => ({
    status,
    confirmedAt,
    row: { ...row, guestNames: visits.filter((visit) => visit.bookingId === row.bookingId).map((visit) => visit.name) },
  }));
  return {
    confirmed: roster
      .filter((entry) => entry.status === "confirmed")
      // Booked in the order they got their place (a promotion's, when promoted).
      .sort((a, b) => (a.confirmedAt ?? a.row.createdAt).localeCompare(b.confirmedAt ?? b.row.createdAt))
      .map((entry) => entry.row),
    waitlisted: roster.filter((entry) => entry.status === "waitlisted").map((entry) => entry.row),
  };
}

/** The public teaser: upcoming scheduled events' titles and starts (no places, no member data). */
export async function upcomingEventTeaser(db: D1Database, now: number, limit: number): Promise<{ title: string; startsAt: string }[]> {
  return getDatabase(db)
    .select({ title: calendarListings.title, startsAt: calendarListings.startsAt })
    .from(calendarListings)
    .where(
      and(
        eq(calendarListings.kind, "event"),
        eq(calendarListings.status, "scheduled"),
        gt(calendarListings.startsAt, new Date(now).toISOString()),
      ),
    )
    .orderBy(asc(calendarListings.startsAt))
    .limit(limit)
    .all();
}
