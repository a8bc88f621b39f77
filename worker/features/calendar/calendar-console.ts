import { and, asc, desc, eq, gt, lte, ne, notExists, sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { calendarBookings, calendarListings, calendarSessions, guestVisits } from "#db/schema.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { eventClosesAt, termWindow, type EventFields, type TermFields } from "#app/features/calendar/console-forms.ts";
import {
  cancelBooking,
  cancelListing,
  listingPlaces,
  promoteWaitlisted,
  type CalendarListing,
  type CalendarServices,
} from "./calendar-bookings.ts";
import { placesTaken } from "./calendar-promotion.ts";

/**
 * The calendar's staff side, /concierge/events and /concierge/academy (docs/product-rules.md#calendar,
 * Staff): the lists with places booked and waiting, an event or a course term created and edited,
 * and a listing cancelled through the booking engine (calendar-bookings.ts). Every change is a
 * security event naming the concierge.
 */
export type CalendarConsoleServices = CalendarServices & Pick<RequestContext, "logSecurityEvent">;

/**
 * The listing row of the outer query, named with its table: in a select from one table Drizzle
 * writes its columns bare, and a bare "id" inside a bookings subquery (placesTaken) would be the
 * booking's.
 */
const outerListingId = sql`${calendarListings}.${sql.identifier(calendarListings.id.name)}`;

const waitlisted = (listingId: SQL) =>
  sql<number>`(select count(*) from ${calendarBookings}
    where ${calendarBookings.listingId} = ${listingId} and ${calendarBookings.status} = 'waitlisted')`;

/** The columns of a listing in the lists and on its page, with its places booked and its waitlist. */
const listingRowColumns = {
  id: calendarListings.id,
  category: calendarListings.category,
  title: calendarListings.title,
  lounge: calendarListings.lounge,
  startsAt: calendarListings.startsAt,
  endsAt: calendarListings.endsAt,
  capacity: calendarListings.capacity,
  reservedPlaces: calendarListings.reservedPlaces,
  status: calendarListings.status,
  placesBooked: placesTaken(outerListingId),
  waitlisted: waitlisted(outerListingId),
};

export interface ConsoleListingRow {
  id: string;
  category: string;
  title: string;
  lounge: CalendarListing["lounge"];
  startsAt: string;
  endsAt: string;
  capacity: number;
  reservedPlaces: number;
  status: CalendarListing["status"];
  placesBooked: number;
  waitlisted: number;
}

/** At most this many listings in one list; the past ones are the newest. */
export const CONSOLE_LIST_LIMIT = 100;

/**
 * Events or course terms that have not ended (soonest first) or have (newest first), cancelled
 * ones included, each with its places booked and its waitlist.
 */
export async function listConsoleListings(
  db: D1Database,
  kind: "event" | "course",
  when: "upcoming" | "past",
  now: number,
): Promise<ConsoleListingRow[]> {
  const nowIso = new Date(now).toISOString();
  return getDatabase(db)
    .select(listingRowColumns)
    .from(calendarListings)
    .where(
      and(
        eq(calendarListings.kind, kind),
        when === "upcoming" ? gt(calendarListings.endsAt, nowIso) : lte(calendarListings.endsAt, nowIso),
      ),
    )
    .orderBy(when === "upcoming" ? asc(calendarListings.startsAt) : desc(calendarListings.startsAt), asc(calendarListings.id))
    .limit(CONSOLE_LIST_LIMIT)
    .all();
}

export interface ConsoleListing extends ConsoleListingRow {
  description: string;
  opensAt: string;
  closesAt: string;
  /** A course term's sessions in order (an event has none). */
  sessions: { startsAt: string; endsAt: string }[];
}

/** One listing of `kind` for its staff page, or null. */
export async function consoleListing(db: D1Database, kind: "event" | "course", listingId: string): Promise<ConsoleListing | null> {
  const database = getDatabase(db);
  const [listing, sessions] = await database.batch([
    database
      .select({
        ...listingRowColumns,
        description: calendarListings.description,
        opensAt: calendarListings.opensAt,
        closesAt: calendarListings.closesAt,
      })
      .from(calendarListings)
      .where(and(eq(calendarListings.id, listingId), eq(calendarListings.kind, kind))),
    database
      .select({ startsAt: calendarSessions.startsAt, endsAt: calendarSessions.endsAt })
      .from(calendarSessions)
      .where(eq(calendarSessions.listingId, listingId))
      .orderBy(asc(calendarSessions.startsAt)),
  ]);
  const [row] = listing;
  return row ? { ...row, sessions } : null;
}

/** The guest visits members registered with their bookings of the listing, still expected. */
function guestsRegistered(database: Database, listingId: string) {
  return database
    .select({ id: guestVisits.id })
    .from(guestVisits)
    .innerJoin(calendarBookings, eq(calendarBookings.id, guestVisits.bookingId))
    .where(and(eq(calendarBookings.listingId, listingId), eq(calendarBookings.status, "confirmed"), eq(guestVisits.status, "expected")));
}

export type SaveRefusal =
  /** `over`: the listing has ended. */
  | { reason: "not-found" | "cancelled" | "over" }
  /** A new Portland day or lounge for an event whose members registered guests for the old one. */
  | { reason: "guests-registered" }
  /** A new start that has passed. */
  | { reason: "past" }
  /** Fewer places than the confirmed bookings take: `booked` in all, `unreserved` without a reserved place. */
  | { reason: "below-booked"; booked: number; unreserved: number };
/** `promoted`: the waitlisted bookings an edit's new places confirmed (emailed). */
export type SaveOutcome = { ok: true; listingId: string; promoted: number } | ({ ok: false } & SaveRefusal);

/** The columns an edit may change, and the fields an audit names when they did. */
type ListingColumns = Pick<
  CalendarListing,
  "category" | "title" | "description" | "lounge" | "startsAt" | "endsAt" | "capacity" | "reservedPlaces" | "closesAt"
> &
  Partial<Pick<CalendarListing, "opensAt">>;

function eventColumns(event: EventFields): ListingColumns {
  const { cutoffHours, ...columns } = event;
  return { ...columns, closesAt: eventClosesAt(event.startsAt, cutoffHours) };
}

function termColumns(term: TermFields): ListingColumns {
  const { startsAt, endsAt, opensAt, closesAt } = termWindow(term.sessions);
  const { category, title, description, lounge, seats } = term;
  return { category, title, description, lounge, startsAt, endsAt, opensAt, closesAt, capacity: seats, reservedPlaces: 0 };
}

/** What changed, by column name (the audit's `changed`). */
function changedColumns(before: ListingColumns, after: ListingColumns): string[] {
  return (Object.keys(after) as (keyof ListingColumns)[]).filter((column) => before[column] !== after[column]);
}

/** What staff save: an event, or a course term with its sessions. */
export type ListingToSave = { kind: "event"; event: EventFields } | { kind: "course"; term: TermFields };

/**
 * Creates an event (bookings open now; they close `cutoffHours` before it starts) or a course term
 * (enrolment opens 21 days before the first session and closes as it begins) or, with
 * `listingId`, saves staff's changes to one, a term's sessions replaced by the form's. Audited
 * (`calendar_listing_created` or `…_updated`).
 */
export async function saveListing(
  services: CalendarConsoleServices,
  staffId: string,
  input: { listingId: string | null } & ListingToSave,
  now: number = Date.now(),
): Promise<SaveOutcome> {
  const database = getDatabase(services.env.DB);
  const nowIso = new Date(now).toISOString();
  const { kind } = input;
  const columns = input.kind === "event" ? eventColumns(input.event) : termColumns(input.term);
  const sessions = input.kind === "course" ? input.term.sessions : [];

  if (input.listingId === null) {
    if (Date.parse(columns.startsAt) <= now) return { ok: false, reason: "past" };
    const listingId = crypto.randomUUID();
    await database.batch([
      database.insert(calendarListings).values({ id: listingId, kind, ...columns, opensAt: columns.opensAt ?? nowIso, createdBy: staffId }),
      ...sessions.map((session) => database.insert(calendarSessions).values({ listingId, ...session })),
    ]);
    services.logSecurityEvent({
      eventType: "calendar_listing_created",
      severity: "low",
      description: kind === "event" ? "event created" : "course term created",
      userId: staffId,
      details: { listingId, kind, category: columns.category, startsAt: columns.startsAt, capacity: columns.capacity },
    });
    return { ok: true, listingId, promoted: 0 };
  }

  const listingId = input.listingId;
  const before = await database
    .select()
    .from(calendarListings)
    .where(and(eq(calendarListings.id, listingId), eq(calendarListings.kind, kind)))
    .get();
  if (!before) return { ok: false, reason: "not-found" };
  if (before.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (Date.parse(before.endsAt) <= now) return { ok: false, reason: "over" };
  // A listing under way keeps the start it had: only a new start must lie ahead.
  if (columns.startsAt !== before.startsAt && Date.parse(columns.startsAt) <= now) return { ok: false, reason: "past" };

  // Every statement tests the same guard, so a refused save changes nothing: the listing is still
  // scheduled, and the new capacity holds the places its confirmed bookings take, those without a
  // reserved place within the places that are not reserved (the rule the engine books by). The
  // guard reads the bookings as they are when the batch runs: a booking made since the page
  // loaded counts.
  // An event's guests are guest visits for its Portland day and lounge (the guests' rules decided
  // them for that day), so an event with guests registered keeps its day and lounge.
  const moves = portlandDay(new Date(columns.startsAt)) !== portlandDay(new Date(before.startsAt)) || columns.lounge !== before.lounge;
  const guard = and(
    eq(calendarListings.id, listingId),
    eq(calendarListings.kind, kind),
    eq(calendarListings.status, "scheduled"),
    sql`${placesTaken(listingId)} <= ${columns.capacity}`,
    sql`${placesTaken(listingId, false)} <= ${columns.capacity - columns.reservedPlaces}`,
    moves ? notExists(guestsRegistered(database, listingId)) : undefined,
  );
  const stillGuarded = sql`exists (select 1 from ${calendarListings} where ${guard})`;
  const [updated] = await database.batch([
    database
      .update(calendarListings)
      .set({ ...columns, updatedAt: nowIso })
      .where(guard)
      .returning({ id: calendarListings.id }),
    ...(kind === "course"
      ? [
          database.delete(calendarSessions).where(and(eq(calendarSessions.listingId, listingId), stillGuarded)),
          ...sessions.map((session) =>
            database.insert(calendarSessions).select(
              database
                .select(insertSelectRow(calendarSessions, { listingId, ...session }))
                .from(calendarListings)
                .where(guard),
            ),
          ),
        ]
      : []),
  ]);
  if (updated.length === 0) {
    const [current, places] = await Promise.all([
      database.select({ status: calendarListings.status }).from(calendarListings).where(eq(calendarListings.id, listingId)).get(),
      listingPlaces(database, listingId),
    ]);
    if (!current) return { ok: false, reason: "not-found" };
    if (current.status === "cancelled") return { ok: false, reason: "cancelled" };
    if (places.taken <= columns.capacity && places.takenUnreserved <= columns.capacity - columns.reservedPlaces)
      return { ok: false, reason: "guests-registered" };
    return { ok: false, reason: "below-booked", booked: places.taken, unreserved: places.takenUnreserved };
  }
  // More places, or fewer of them reserved: the waitlist is promoted into them at once, with its
  // emails (the engine's own batch, calendar-bookings.ts).
  const promoted =
    columns.capacity > before.capacity || columns.reservedPlaces < before.reservedPlaces
      ? await promoteWaitlisted(services, { listingId, now })
      : [];
  services.logSecurityEvent({
    eventType: "calendar_listing_updated",
    severity: "low",
    description: kind === "event" ? "event edited" : "course term edited",
    userId: staffId,
    details: { listingId, kind, changed: changedColumns(before, columns), capacity: columns.capacity, promoted: promoted.length },
  });
  return { ok: true, listingId, promoted: promoted.length };
}

export type CancelOutcome = { ok: true; bookingsCancelled: number } | { ok: false; reason: "not-found" | "already-cancelled" | "over" };

/**
 * 'Cancel this event' (or term), after the page's confirmation: the engine cancels the listing and
 * every booking and waitlist place, and emails each member (calendar-bookings.ts). Audited
 * (`calendar_listing_cancelled`).
 */
export async function cancelListingByStaff(
  services: CalendarConsoleServices,
  staffId: string,
  input: { kind: "event" | "course"; listingId: string },
  now: number = Date.now(),
): Promise<CancelOutcome> {
  const listing = await getDatabase(services.env.DB)
    .select({ id: calendarListings.id })
    .from(calendarListings)
    .where(and(eq(calendarListings.id, input.listingId), eq(calendarListings.kind, input.kind)))
    .get();
  if (!listing) return { ok: false, reason: "not-found" };
  const outcome = await cancelListing(services, { listingId: input.listingId, staffId, now });
  if (outcome.ok)
    services.logSecurityEvent({
      eventType: "calendar_listing_cancelled",
      severity: "medium",
      description: input.kind === "event" ? "event cancelled" : "course term cancelled",
      userId: staffId,
      details: { listingId: input.listingId, kind: input.kind, bookingsCancelled: outcome.bookingsCancelled },
    });
  return outcome;
}

export type CancelBookingOutcome =
  | { ok: true; promoted: number }
  /** `not-found`: no live booking of that listing (already cancelled, or another listing's). */
  | { ok: false; reason: "not-found" | "started" };

/**
 * 'Cancel' beside one member's booking or waitlist place, after the page's confirmation: the
 * engine's own cancellation (calendar-bookings.ts cancelBooking, as staff), which frees the places,
 * promotes the waitlist and emails the member that the club cancelled it. Only a live booking of
 * this listing, of this kind, is cancelled from its page. Audited
 * (`calendar_booking_cancelled_by_staff`, docs/product-rules.md#calendar, Staff).
 */
export async function cancelBookingByStaff(
  services: CalendarConsoleServices,
  staffId: string,
  input: { kind: "event" | "course"; listingId: string; bookingId: string },
  now: number = Date.now(),
): Promise<CancelBookingOutcome> {
  const found = await getDatabase(services.env.DB)
    .select({ memberId: calendarBookings.memberId, status: calendarBookings.status })
    .from(calendarBookings)
    .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
    .where(
      and(
        eq(calendarBookings.id, input.bookingId),
        eq(calendarBookings.listingId, input.listingId),
        eq(calendarListings.kind, input.kind),
        ne(calendarBookings.status, "cancelled"),
      ),
    )
    .get();
  if (!found) return { ok: false, reason: "not-found" };
  const outcome = await cancelBooking(services, { bookingId: input.bookingId, memberId: null, staffId, now });
  if (!outcome.ok) return outcome;
  services.logSecurityEvent({
    eventType: "calendar_booking_cancelled_by_staff",
    severity: "medium",
    description: input.kind === "event" ? "event booking cancelled by staff" : "course enrolment cancelled by staff",
    userId: staffId,
    details: {
      bookingId: input.bookingId,
      listingId: input.listingId,
      kind: input.kind,
      memberId: found.memberId,
      was: found.status,
      promoted: outcome.promoted.length,
    },
  });
  return { ok: true, promoted: outcome.promoted.length };
}
