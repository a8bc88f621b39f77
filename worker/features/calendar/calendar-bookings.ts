import { and, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { calendarBookings, calendarListings, guestVisits, members } from "#db/schema.ts";
import { guestVisitsPerQuarter, tierEntitlements, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import { eventGuestLimit, eventLoungeClosedTo, placesLeftFor, tierMayBook } from "#app/features/calendar/calendar-eligibility.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { guestRefusal, guestVisitStatements, type GuestRefusal, type GuestRegistration } from "#worker/features/guests/guest-visits.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import {
  bookingEmailStatements,
  inGoodStanding,
  placesFit,
  placesTaken,
  promoteStatements,
  takesReservedPlace,
  tierMayBookSql,
  type ListingColumns,
  type Statement,
} from "./calendar-promotion.ts";

/**
 * The club calendar's booking engine (docs/product-rules.md#events): booking a listing (an event
 * or a course term), its waitlist and promotions, guests at events, cancellations. Every step is
 * one D1 batch whose statements decide for themselves (the listing open, the member in good
 * standing with a tier that includes it, the places left, the unique index of live bookings), so
 * requests racing each other are decided in the order D1 runs them, one batch at a time. A step
 * that frees places promotes from the waitlist in the same batch, with the emails.
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

export type { GuestRefusal as RegisterGuestRefusal };

export type BookingRefusal =
  | "not-found"
  | "not-open-yet"
  | "closed"
  | "started"
  | "cancelled"
  | "not-included"
  | "lounge-not-included"
  | "not-in-good-standing"
  | "already-booked"
  | "full"
  | "no-room-for-guests"
  | "too-many-guests"
  | { guest: string; reason: GuestRefusal };

export type BookResult =
  { ok: true; bookingId: string; status: "confirmed" | "waitlisted"; position: number | null } | { ok: false; reason: BookingRefusal };

export interface BookInput {
  listingId: string;
  member: CalendarMember;
  guests: EventGuest[];
  /** When no place is left for the member alone: join the waitlist (alone) instead of being refused "full". */
  joinWaitlist: boolean;
  now: number;
}

/** The live columns of calendar_listings, for the statements selecting from it. */
const listingColumns: ListingColumns = {
  id: sql`${calendarListings.id}`,
  capacity: sql`${calendarListings.capacity}`,
  reservedPlaces: sql`${calendarListings.reservedPlaces}`,
};

const memberStanding = inGoodStanding({
  status: sql`${members.status}`,
  role: sql`${members.role}`,
  duesStatus: sql`${members.duesStatus}`,
});

/**
 * The failure a batch provokes when the guests it registered do not match its booking: setting
 * the booking's guests to -1 breaks the calendar_bookings_guests CHECK, and D1 rolls the whole
 * batch back.
 */
function isGuestMismatch(error: unknown): boolean {
  const messages = [
    error instanceof Error ? error.message : String(error),
    error instanceof Error && error.cause ? String(error.cause) : "",
  ];
  return messages.some((message) => message.includes("CHECK constraint failed: calendar_bookings_guests"));
}

/** The guest rules' registration of an event guest (worker/features/guests/guest-visits.ts): the event's Portland day and lounge. */
function guestRegistration(
  services: CalendarServices,
  listing: CalendarListing,
  member: CalendarMember,
  guest: EventGuest,
): GuestRegistration {
  return {
    host: { id: member.id, name: member.name, tier: member.tier },
    day: portlandDay(new Date(listing.startsAt)),
    lounge: listing.lounge,
    guestName: guest.name,
    guestEmail: guest.email,
    visitsPerQuarter: guestVisitsPerQuarter,
    siteUrl: services.config.SITE_URL,
    signingKey: services.signingKey,
  };
}

/** The first guest whom the guest rules refuse, counting the guests before them as registered. */
async function refusedGuest(
  services: CalendarServices,
  listing: CalendarListing,
  member: CalendarMember,
  guests: EventGuest[],
): Promise<{ guest: string; reason: GuestRefusal } | null> {
  for (const [index, guest] of guests.entries()) {
    const earlier = guests.slice(0, index).map((before) => ({ guestName: before.name, guestEmail: before.email }));
    const reason = await guestRefusal(services.env.DB, guestRegistration(services, listing, member, guest), earlier);
    if (reason) return { guest: guest.name, reason };
  }
  return null;
}

async function deliverAll(services: CalendarServices, outboxIds: number[], now: number): Promise<void> {
  for (const id of outboxIds) await deliverEmail(services, id, now);
}

function outboxIdsOf(results: unknown[], indexes: number[]): number[] {
  return indexes.flatMap((index) => (results[index] as { id: number }[]).map((row) => row.id));
}

/**
 * Books the member a place at the listing, with their named guests (events only), or a place on
 * its waitlist (alone) when `joinWaitlist` and no place is left for them. One batch:
 * 1. the booking's INSERT … SELECT from the listing and the member's row, which decides the
 *    window (opened, before the cut-off, scheduled), the member (in good standing, their row's
 *    tier includes the listing) and the places (1 + guests fit for their tier); the unique index
 *    of live bookings refuses a second one (nothing inserted);
 * 2. the waitlist place, if asked, with no guests, and only if 1 inserted nothing and no place
 *    is left for the member alone;
 * 3. each guest's visit through the guest rules (registered only if the booking row stands) and
 *    its welcome email;
 * 4. a check that fails the batch when the booking stands with fewer guest visits than guests:
 *    a guest the rules refused undoes the booking and every other guest with it (D1 rolls a
 *    failed batch back), so the booking and its guests stand or fall together.
 * A refusal's reason is read afterwards, as the guest rules do.
 */
export async function bookListing(services: CalendarServices, input: BookInput): Promise<BookResult> {
  const { listingId, member, guests, joinWaitlist, now } = input;
  const db = services.env.DB;
  const database = getDatabase(db);
  const listing = await database.select().from(calendarListings).where(eq(calendarListings.id, listingId)).get();
  if (!listing) return { ok: false, reason: "not-found" };
  if (guests.length > (listing.kind === "event" ? eventGuestLimit(member.tier) : 0)) return { ok: false, reason: "too-many-guests" };
  const nowIso = new Date(now).toISOString();
  const id = crypto.randomUUID();
  const places = 1 + guests.length;
  const open = and(
    eq(calendarListings.id, listingId),
    eq(calendarListings.status, "scheduled"),
    lte(calendarListings.opensAt, nowIso),
    gt(calendarListings.closesAt, nowIso),
    // Eligibility, the guests' allowance, day and lounge were read from it: a listing changed
    // meanwhile refuses, and the member tries again.
    eq(calendarListings.startsAt, listing.startsAt),
    eq(calendarListings.kind, listing.kind),
    eq(calendarListings.category, listing.category),
    eq(calendarListings.lounge, listing.lounge),
  );
  const memberMay = and(
    eq(members.id, member.id),
    eq(members.tier, member.tier),
    memberStanding,
    tierMayBookSql(sql`${members.tier}`, listing),
  );
  const row = (status: "confirmed" | "waitlisted") =>
    insertSelectRow(calendarBookings, {
      id,
      listingId,
      memberId: member.id,
      status,
      guests: status === "confirmed" ? guests.length : 0,
      reserved: status === "confirmed" ? sql`${takesReservedPlace(listingColumns, sql`${members.tier}`)}` : false,
      confirmedAt: status === "confirmed" ? nowIso : null,
      createdAt: nowIso,
    });
  const statements: Statement[] = [
    database
      .insert(calendarBookings)
      .select(
        database
          .select(row("confirmed"))
          .from(calendarListings)
          .innerJoin(members, memberMay)
          .where(and(open, placesFit(listingColumns, sql`${members.tier}`, places))),
      )
      .onConflictDoNothing()
      .returning({ id: calendarBookings.id }),
  ];
  const waitlistIndex = joinWaitlist && guests.length === 0 ? statements.length : null;
  if (waitlistIndex !== null)
    statements.push(
      database
        .insert(calendarBookings)
        .select(
          database
            .select(row("waitlisted"))
            .from(calendarListings)
            .innerJoin(members, memberMay)
            .where(
              and(
                open,
                sql`not exists (select 1 from calendar_bookings mine where mine.id = ${id})`,
                sql`not ${placesFit(listingColumns, sql`${members.tier}`, 1)}`,
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ id: calendarBookings.id }),
    );
  const emailIndexes: number[] = [];
  const bookingStands = sql`exists (select 1 from calendar_bookings mine where mine.id = ${id} and mine.status = 'confirmed')`;
  for (const guest of guests) {
    const guestStatements = await guestVisitStatements(database, guestRegistration(services, listing, member, guest), {
      bookingId: id,
      requires: bookingStands,
    });
    statements.push(guestStatements.insertVisit);
    for (const email of [guestStatements.welcome, guestStatements.invitation])
      if (email) {
        emailIndexes.push(statements.length);
        statements.push(email);
      }
  }
  if (guests.length > 0) statements.push(guestsMatchOrFail(database, id, guests.length));

  let results: unknown[];
  try {
    results = await database.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isGuestMismatch(error)) throw error;
    return { ok: false, reason: (await refusedGuest(services, listing, member, guests)) ?? "no-room-for-guests" };
  }
  if ((results[0] as unknown[]).length > 0) {
    await deliverAll(services, outboxIdsOf(results, emailIndexes), now);
    return { ok: true, bookingId: id, status: "confirmed", position: null };
  }
  if (waitlistIndex !== null && (results[waitlistIndex] as unknown[]).length > 0)
    return { ok: true, bookingId: id, status: "waitlisted", position: await waitlistPosition(database, id) };
  return { ok: false, reason: await bookingRefusal(database, listingId, member, places, now) };
}

/** The statement failing the batch when the booking stands with other than `named` expected guest visits (isGuestMismatch). */
function guestsMatchOrFail(database: Database, bookingId: string, named: number, guestsAfter?: number) {
  return database
    .update(calendarBookings)
    .set({ guests: -1 })
    .where(
      and(
        eq(calendarBookings.id, bookingId),
        guestsAfter === undefined ? undefined : eq(calendarBookings.guests, guestsAfter),
        sql`(select count(*) from guest_visits named where named.booking_id = ${bookingId} and named.status = 'expected') <> ${named}`,
      ),
    );
}

/** The waitlisted booking's place in line (1: next), by createdAt then id, as promotion takes them. */
async function waitlistPosition(database: Database, bookingId: string): Promise<number | null> {
  const row = await database.get<{ position: number | null }>(
    sql`select (select count(*) from calendar_bookings ahead where ahead.listing_id = me.listing_id and ahead.status = 'waitlisted'
        and (ahead.created_at < me.created_at or (ahead.created_at = me.created_at and ahead.id <= me.id))) as position
      from calendar_bookings me where me.id = ${bookingId} and me.status = 'waitlisted'`,
  );
  return row?.position ?? null;
}

/** The places taken at a listing, for placesLeftFor. */
export async function listingPlaces(database: Database, listingId: string): Promise<{ taken: number; takenUnreserved: number }> {
  const row = await database.get<{ taken: number; takenUnreserved: number }>(
    sql`select ${placesTaken(listingId)} as taken, ${placesTaken(listingId, false)} as takenUnreserved`,
  );
  return { taken: Number(row.taken), takenUnreserved: Number(row.takenUnreserved) };
}

/** Why a booking (or an added guest: `places` 1) was refused, read after its statement changed nothing. */
async function bookingRefusal(
  database: Database,
  listingId: string,
  member: CalendarMember,
  places: number,
  now: number,
  { addingGuest = false }: { addingGuest?: boolean } = {},
): Promise<Exclude<BookingRefusal, object>> {
  const nowIso = new Date(now).toISOString();
  const [listing, row, mine] = await Promise.all([
    database.select().from(calendarListings).where(eq(calendarListings.id, listingId)).get(),
    database
      .select({ tier: members.tier, standing: sql<number>`${memberStanding}` })
      .from(members)
      .where(eq(members.id, member.id))
      .get(),
    database
      .select({ id: calendarBookings.id })
      .from(calendarBookings)
      .where(
        and(eq(calendarBookings.listingId, listingId), eq(calendarBookings.memberId, member.id), ne(calendarBookings.status, "cancelled")),
      )
      .get(),
  ]);
  if (!listing) return "not-found";
  if (listing.status === "cancelled") return "cancelled";
  if (listing.startsAt <= nowIso) return "started";
  if (listing.closesAt <= nowIso) return "closed";
  if (listing.opensAt > nowIso) return "not-open-yet";
  if (!row || !row.standing || row.tier !== member.tier) return "not-in-good-standing";
  if (eventLoungeClosedTo(row.tier, listing)) return "lounge-not-included";
  if (!tierMayBook(row.tier, listing)) return "not-included";
  if (!addingGuest && mine) return "already-booked";
  const left = placesLeftFor(row.tier, listing, await listingPlaces(database, listingId));
  if (addingGuest) return left < 1 ? "no-room-for-guests" : "full";
  if (left < 1) return "full";
  if (left < places) return "no-room-for-guests";
  // Another booking took the places between the INSERT and this read.
  return "full";
}

/** A member's live booking with its listing. */
async function bookingWithListing(database: Database, bookingId: string) {
  return database
    .select({ booking: calendarBookings, listing: calendarListings })
    .from(calendarBookings)
    .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
    .where(and(eq(calendarBookings.id, bookingId), ne(calendarBookings.status, "cancelled")))
    .get();
}

/**
 * The most places one booking can hold: the member and the most guests any tier brings. A
 * cancellation promotes this many times whatever its booking held when read: another step may
 * have changed it before the batch runs (a promotion confirmed a waitlist place, a guest was
 * added), and each promotion is guarded by the places that fit, so the extra ones do nothing.
 */
const MOST_PLACES_OF_A_BOOKING = 1 + Math.max(...(Object.keys(tierEntitlements) as TierSlug[]).map(eventGuestLimit));

/** The promotions of the places a step frees, and their emails, to end its batch. */
function promotion(database: Database, listing: CalendarListing, places: number, nowIso: string, siteUrl: string) {
  return {
    promote: promoteStatements(database, listing, places, nowIso),
    emails: bookingEmailStatements(database, listing, "promotion", { nowIso, siteUrl }),
  };
}

/** Runs a step's statements and then its promotions; returns the promoted bookings and the outbox rows to deliver. */
async function runWithPromotion(
  database: Database,
  statements: Statement[],
  { promote, emails }: ReturnType<typeof promotion>,
  extraEmails: readonly Statement[] = [],
): Promise<{ results: unknown[]; promoted: string[]; outboxIds: number[] }> {
  const all = [...statements, ...promote, ...emails, ...extraEmails];
  const results = await database.batch(all as [Statement, ...Statement[]]);
  const promoted = promote.flatMap((_, index) => (results[statements.length + index] as { id: string }[]).map((row) => row.id));
  const emailIndexes = [statements.length + promote.length, ...(extraEmails.length > 0 ? [statements.length + promote.length + 2] : [])];
  return { results, promoted, outboxIds: outboxIdsOf(results, emailIndexes) };
}

/**
 * Adds a named guest to the member's confirmed event booking (before the cut-off, within the
 * tier's event allowance and the guest rules, if a place fits). One batch: the booking's guests
 * + 1 (guarded by the count read, the window and the places), the guest's visit (only if the
 * booking now has that count) with its welcome email, and the check that undoes both when the
 * guest rules refused the visit (as in bookListing).
 */
export async function addGuest(
  services: CalendarServices,
  input: { bookingId: string; member: CalendarMember; guest: EventGuest; now: number },
  retried = false,
): Promise<{ ok: true } | { ok: false; reason: BookingRefusal }> {
  const { bookingId, member, guest, now } = input;
  const database = getDatabase(services.env.DB);
  const found = await bookingWithListing(database, bookingId);
  if (!found || found.booking.memberId !== member.id) return { ok: false, reason: "not-found" };
  const { booking, listing } = found;
  if (booking.status !== "confirmed") return { ok: false, reason: "no-room-for-guests" };
  if (listing.kind !== "event" || booking.guests + 1 > eventGuestLimit(member.tier)) return { ok: false, reason: "too-many-guests" };
  const nowIso = new Date(now).toISOString();
  const named = await database.$count(guestVisits, and(eq(guestVisits.bookingId, bookingId), eq(guestVisits.status, "expected")));
  const guestStatements = await guestVisitStatements(database, guestRegistration(services, listing, member, guest), {
    bookingId,
    // changes(): this batch's own statement before grew the booking (not another's adding a guest at once).
    requires: sql`changes() = 1 and exists (select 1 from calendar_bookings mine where mine.id = ${bookingId} and mine.status = 'confirmed' and mine.guests = ${booking.guests + 1})`,
  });
  const grow = database
    .update(calendarBookings)
    .set({ guests: sql`${calendarBookings.guests} + 1` })
    .where(
      and(
        eq(calendarBookings.id, bookingId),
        eq(calendarBookings.status, "confirmed"),
        eq(calendarBookings.guests, booking.guests),
        sql`exists (select 1 from ${calendarListings} join ${members} on ${members.id} = ${member.id}
          where ${calendarListings.id} = ${listing.id} and ${calendarListings.status} = 'scheduled'
            and ${calendarListings.opensAt} <= ${nowIso} and ${calendarListings.closesAt} > ${nowIso}
            and ${calendarListings.startsAt} = ${listing.startsAt} and ${calendarListings.kind} = ${listing.kind}
            and ${calendarListings.category} = ${listing.category} and ${calendarListings.lounge} = ${listing.lounge}
            and ${members.tier} = ${member.tier} and ${memberStanding} and ${tierMayBookSql(sql`${members.tier}`, listing)}
            and ${placesFit(listingColumns, sql`${members.tier}`, 1)})`,
      ),
    )
    .returning({ id: calendarBookings.id });
  const emails = [guestStatements.welcome, guestStatements.invitation].filter((email) => email !== null);
  let results: unknown[];
  try {
    results = await database.batch([
      grow,
      guestStatements.insertVisit,
      guestsMatchOrFail(database, bookingId, named + 1, booking.guests + 1),
      ...emails,
    ] as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isGuestMismatch(error)) throw error;
    const reason = await guestRefusal(services.env.DB, guestRegistration(services, listing, member, guest));
    return { ok: false, reason: reason ? { guest: guest.name, reason } : "no-room-for-guests" };
  }
  if ((results[0] as unknown[]).length === 0) {
    // Another step changed the booking's guests between the read and the batch (a guest added
    // at once): decide once more on what it holds now (the allowance, the places).
    const again = await bookingWithListing(database, bookingId);
    if (!retried && again?.booking.status === "confirmed" && again.booking.guests !== booking.guests)
      return addGuest(services, input, true);
    return { ok: false, reason: await bookingRefusal(database, listing.id, member, 1, now, { addingGuest: true }) };
  }
  await deliverAll(
    services,
    outboxIdsOf(
      results,
      emails.map((_, index) => 3 + index),
    ),
    now,
  );
  return { ok: true };
}

/**
 * Removes one of the booking's guests (until the listing starts): the visit is cancelled, the
 * booking's guests - 1, and the place freed goes to the first waiting who fits, in one batch.
 */
export async function removeGuest(
  services: CalendarServices,
  input: { bookingId: string; guestVisitId: string; memberId: string; now: number },
): Promise<{ ok: boolean; promoted: string[] }> {
  const { bookingId, guestVisitId, memberId, now } = input;
  const database = getDatabase(services.env.DB);
  const found = await bookingWithListing(database, bookingId);
  if (!found || found.booking.memberId !== memberId) return { ok: false, promoted: [] };
  const nowIso = new Date(now).toISOString();
  const statements: Statement[] = [
    database
      .update(guestVisits)
      .set({ status: "cancelled", cancelledAt: nowIso })
      .where(
        and(
          eq(guestVisits.id, guestVisitId),
          eq(guestVisits.bookingId, bookingId),
          eq(guestVisits.hostMemberId, memberId),
          eq(guestVisits.status, "expected"),
          sql`exists (select 1 from calendar_bookings mine join calendar_listings l on l.id = mine.listing_id
            where mine.id = ${bookingId} and mine.status = 'confirmed' and mine.guests > 0 and l.starts_at > ${nowIso})`,
        ),
      )
      .returning({ id: guestVisits.id }),
    // changes(): the statement before cancelled the visit.
    database
      .update(calendarBookings)
      .set({ guests: sql`${calendarBookings.guests} - 1` })
      .where(and(eq(calendarBookings.id, bookingId), sql`changes() = 1`)),
  ];
  const { results, promoted, outboxIds } = await runWithPromotion(
    database,
    statements,
    promotion(database, found.listing, 1, nowIso, services.config.SITE_URL),
  );
  await deliverAll(services, outboxIds, now);
  return { ok: (results[0] as unknown[]).length > 0, promoted };
}

/**
 * Cancels a booking or a waitlist place (the member's own, or any by staff: `memberId` null),
 * until the listing starts; its guests' visits are cancelled with it and the places it held go
 * to the first waiting who fit, in one batch (as many promotions as a booking can hold places:
 * what it holds when the batch runs may differ from what was read). A booking staff cancel is emailed to its member.
 */
export async function cancelBooking(
  services: CalendarServices,
  input: { bookingId: string; memberId: string | null; staffId?: string; now: number },
): Promise<{ ok: true; promoted: string[] } | { ok: false; reason: "not-found" | "started" }> {
  const { bookingId, memberId, now } = input;
  const database = getDatabase(services.env.DB);
  const found = await bookingWithListing(database, bookingId);
  if (!found || (memberId !== null && found.booking.memberId !== memberId)) return { ok: false, reason: "not-found" };
  const { listing } = found;
  const nowIso = new Date(now).toISOString();
  if (listing.startsAt <= nowIso) return { ok: false, reason: "started" };
  const siteUrl = services.config.SITE_URL;
  const by = memberId === null ? "staff" : "member";
  const statements: Statement[] = [
    database
      .update(calendarBookings)
      .set({ status: "cancelled", cancelledAt: nowIso, cancelledBy: by })
      .where(
        and(
          eq(calendarBookings.id, bookingId),
          ne(calendarBookings.status, "cancelled"),
          sql`exists (select 1 from calendar_listings l where l.id = ${listing.id} and l.starts_at > ${nowIso})`,
        ),
      )
      .returning({ id: calendarBookings.id }),
    database
      .update(guestVisits)
      .set({ status: "cancelled", cancelledAt: nowIso })
      .where(
        and(
          eq(guestVisits.bookingId, bookingId),
          eq(guestVisits.status, "expected"),
          sql`exists (select 1 from calendar_bookings mine where mine.id = ${bookingId} and mine.status = 'cancelled')`,
        ),
      ),
  ];
  const staffEmail = by === "staff" ? bookingEmailStatements(database, listing, "cancelled-by-staff", { nowIso, siteUrl, bookingId }) : [];
  const { results, promoted, outboxIds } = await runWithPromotion(
    database,
    statements,
    promotion(database, listing, MOST_PLACES_OF_A_BOOKING, nowIso, siteUrl),
    staffEmail,
  );
  if ((results[0] as unknown[]).length === 0) {
    const again = await bookingWithListing(database, bookingId);
    return { ok: false, reason: again ? "started" : "not-found" };
  }
  await deliverAll(services, outboxIds, now);
  return { ok: true, promoted };
}

/**
 * Staff cancel a listing before it starts: every live booking and waitlist place is cancelled
 * (`cancelledBy` listing), their guests' visits too, and each member is emailed, in one batch.
 */
export async function cancelListing(
  services: CalendarServices,
  input: { listingId: string; staffId: string; now: number },
): Promise<{ ok: true; bookingsCancelled: number } | { ok: false; reason: "not-found" | "already-cancelled" | "over" }> {
  const { listingId, now } = input;
  const database = getDatabase(services.env.DB);
  const listing = await database.select().from(calendarListings).where(eq(calendarListings.id, listingId)).get();
  if (!listing) return { ok: false, reason: "not-found" };
  if (listing.status === "cancelled") return { ok: false, reason: "already-cancelled" };
  const nowIso = new Date(now).toISOString();
  if (listing.startsAt <= nowIso) return { ok: false, reason: "over" };
  const cancelledNow = sql`exists (select 1 from calendar_listings l where l.id = ${listingId} and l.status = 'cancelled')`;
  const [email, mark] = bookingEmailStatements(database, listing, "cancelled-with-listing", { nowIso, siteUrl: services.config.SITE_URL });
  const [cancelled, bookings, , queued] = await database.batch([
    database
      .update(calendarListings)
      .set({ status: "cancelled", cancelledAt: nowIso, updatedAt: nowIso })
      .where(and(eq(calendarListings.id, listingId), eq(calendarListings.status, "scheduled"), gt(calendarListings.startsAt, nowIso)))
      .returning({ id: calendarListings.id }),
    database
      .update(calendarBookings)
      .set({ status: "cancelled", cancelledAt: nowIso, cancelledBy: "listing" })
      .where(and(eq(calendarBookings.listingId, listingId), ne(calendarBookings.status, "cancelled"), cancelledNow))
      .returning({ id: calendarBookings.id }),
    database
      .update(guestVisits)
      .set({ status: "cancelled", cancelledAt: nowIso })
      .where(
        and(
          eq(guestVisits.status, "expected"),
          inArray(
            guestVisits.bookingId,
            database
              .select({ id: calendarBookings.id })
              .from(calendarBookings)
              .where(and(eq(calendarBookings.listingId, listingId), eq(calendarBookings.status, "cancelled"))),
          ),
          cancelledNow,
        ),
      ),
    email,
    mark,
  ]);
  if (cancelled.length === 0) {
    const again = await database.select().from(calendarListings).where(eq(calendarListings.id, listingId)).get();
    return { ok: false, reason: again?.status === "cancelled" ? "already-cancelled" : "over" };
  }
  await deliverAll(
    services,
    queued.map((row) => row.id),
    now,
  );
  return { ok: true, bookingsCancelled: bookings.length };
}

/**
 * Promotes from the listing's waitlist as many as now fit (staff raised the capacity, a member
 * waiting paid their dues again), with their emails, in one batch; returns the bookings promoted.
 */
export async function promoteWaitlisted(services: CalendarServices, input: { listingId: string; now: number }): Promise<string[]> {
  const database = getDatabase(services.env.DB);
  const listing = await database.select().from(calendarListings).where(eq(calendarListings.id, input.listingId)).get();
  if (!listing) return [];
  const { taken } = await listingPlaces(database, listing.id);
  const free = Math.max(0, listing.capacity - taken);
  if (free === 0) return [];
  const nowIso = new Date(input.now).toISOString();
  const { promoted, outboxIds } = await runWithPromotion(
    database,
    [],
    promotion(database, listing, free, nowIso, services.config.SITE_URL),
  );
  await deliverAll(services, outboxIds, input.now);
  return promoted;
}

// The reads live in calendar-reads.ts; pages import the engine from here.
export { listingBookings, memberCalendar, memberListing, upcomingEventTeaser } from "./calendar-reads.ts";
export type { MemberListing, OwnBooking, RosterRow } from "./calendar-reads.ts";
