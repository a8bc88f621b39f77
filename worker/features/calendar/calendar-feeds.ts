import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { calendarBookings, calendarFeeds, calendarListings, calendarSessions, meetingRoomBookings, members } from "#db/schema.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { isSessionTokenShape, randomToken, SESSION_TOKEN_BYTES } from "#worker/features/sign-in/session-token.ts";
import {
  calendarDocument,
  groupReservations,
  listingEntries,
  reservationColumns,
  reservationEntry,
  type CalendarEntry,
  type SessionForFile,
} from "./calendar-files.ts";

/**
 * A member's private calendar feed (docs/security.md#calendar-feeds): calendar apps subscribe to
 * `/calendar/<secret>.ics` and read it again every hour or so. They send no cookie and no header,
 * so the secret is the address: 32 random bytes (base64url, like a session token), of which D1
 * keeps only the SHA-256, so a copy of the database opens no feed. One feed per member; a new
 * address replaces the old one, and stopping the feed deletes it. The feed holds the member's own
 * bookings only (docs/product-rules.md#calendar-files-and-the-private-feed).
 */

/** How far back the feed reaches: last month's bookings stay in the calendar app. */
export const FEED_DAYS_BACK = 30;
/** `lastReadAt` is written at most this often, so an app's hourly reads seldom write D1. */
const LAST_READ_PRECISION_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The feed's address for a secret. */
export function calendarFeedUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/calendar/${token}.ics`;
}

/**
 * Makes the member a new feed secret, replacing any earlier one (which stops working at once);
 * the secret is returned this once and never stored. `replaced`: there was one.
 */
export async function createCalendarFeed(db: D1Database, memberId: string, now: number): Promise<{ token: string; replaced: boolean }> {
  const token = randomToken(SESSION_TOKEN_BYTES);
  const tokenHash = await sha256Hex(token);
  const database = getDatabase(db);
  const createdAt = new Date(now).toISOString();
  const [before, saved] = await database.batch([
    database.select({ memberId: calendarFeeds.memberId }).from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)),
    database
      .insert(calendarFeeds)
      .values({ memberId, tokenHash, createdAt, lastReadAt: null })
      .onConflictDoUpdate({ target: calendarFeeds.memberId, set: { tokenHash, createdAt, lastReadAt: null } })
      .returning({ memberId: calendarFeeds.memberId }),
  ]);
  if (saved.length !== 1) throw new Error("calendar feed not saved");
  return { token, replaced: before.length > 0 };
}

/** Stops the member's feed: its address answers 404 from now on. Whether there was one. */
export async function revokeCalendarFeed(db: D1Database, memberId: string): Promise<boolean> {
  const deleted = await getDatabase(db)
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.memberId, memberId))
    .returning({ memberId: calendarFeeds.memberId });
  return deleted.length > 0;
}

/** Whether the member has a feed, since when, and when an app last read it (for their pages). */
export async function calendarFeedOf(db: D1Database, memberId: string): Promise<{ createdAt: string; lastReadAt: string | null } | null> {
  const feed = await getDatabase(db)
    .select({ createdAt: calendarFeeds.createdAt, lastReadAt: calendarFeeds.lastReadAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.memberId, memberId))
    .get();
  return feed ?? null;
}

/**
 * The feed's text for a secret, or null when no active member's feed has it (a wrong, replaced
 * or stopped secret, a suspended member). The lookup is by the secret's SHA-256 only: nothing is
 * compared with the secret itself, so the time it takes tells nothing about it.
 */
export async function readCalendarFeed(db: D1Database, token: string, siteUrl: string, now: number): Promise<string | null> {
  if (!isSessionTokenShape(token)) return null;
  const tokenHash = await sha256Hex(token);
  const database = getDatabase(db);
  const feed = await database
    .select({ memberId: calendarFeeds.memberId, lastReadAt: calendarFeeds.lastReadAt })
    .from(calendarFeeds)
    .innerJoin(members, eq(members.id, calendarFeeds.memberId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(members.status, "active")))
    .get();
  if (!feed) return null;
  const entries = await memberFeedEntries(db, feed.memberId, siteUrl, now);
  if (feed.lastReadAt === null || now - Date.parse(feed.lastReadAt) >= LAST_READ_PRECISION_MS) {
    const readAt = new Date(now).toISOString();
    const longAgo = new Date(now - LAST_READ_PRECISION_MS).toISOString();
    await database
      .update(calendarFeeds)
      .set({ lastReadAt: readAt })
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), or(isNull(calendarFeeds.lastReadAt), lte(calendarFeeds.lastReadAt, longAgo))));
  }
  // Apps that honour it read again within the hour (a booking made now shows up soon after).
  return calendarDocument(entries, ["REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H"]);
}

/**
 * The member's own bookings from FEED_DAYS_BACK days ago on: events and course terms they hold a
 * place at (every session), and their meeting-room reservations. A booking or listing cancelled
 * after it was confirmed stays, marked cancelled, so the app strikes it through; a waitlist place
 * never shows (it is no place yet). Nothing of any other member.
 */
export async function memberFeedEntries(db: D1Database, memberId: string, siteUrl: string, now: number): Promise<CalendarEntry[]> {
  const since = new Date(now - FEED_DAYS_BACK * DAY_MS).toISOString();
  const database = getDatabase(db);
  // Bookings that are or were a confirmed place (a cancelled waitlist place never was).
  const held = or(
    eq(calendarBookings.status, "confirmed"),
    and(eq(calendarBookings.status, "cancelled"), isNotNull(calendarBookings.confirmedAt)),
  );
  // Three reads at once, not one batch: a batch maps a join's columns by name, and the listing's
  // and the booking's `status` share one.
  const [bookings, sessions, hours] = await Promise.all([
    database
      .select({
        listing: calendarListings,
        status: calendarBookings.status,
        cancelledAt: calendarBookings.cancelledAt,
        confirmedAt: calendarBookings.confirmedAt,
        createdAt: calendarBookings.createdAt,
      })
      .from(calendarBookings)
      .innerJoin(calendarListings, eq(calendarListings.id, calendarBookings.listingId))
      .where(and(eq(calendarBookings.memberId, memberId), held, gte(calendarListings.endsAt, since)))
      .orderBy(asc(calendarListings.startsAt), asc(calendarBookings.createdAt))
      .all(),
    database
      .select({ listingId: calendarSessions.listingId, startsAt: calendarSessions.startsAt, endsAt: calendarSessions.endsAt })
      .from(calendarSessions)
      .where(
        inArray(
          calendarSessions.listingId,
          database.select({ id: calendarBookings.listingId }).from(calendarBookings).where(eq(calendarBookings.memberId, memberId)),
        ),
      )
      .orderBy(asc(calendarSessions.startsAt))
      .all(),
    database
      .select(reservationColumns)
      .from(meetingRoomBookings)
      .where(and(eq(meetingRoomBookings.memberId, memberId), gte(meetingRoomBookings.startsAt, since)))
      .all(),
  ]);

  // One entry per listing: the live place if there is one, else the latest cancelled one.
  const chosen = new Map<string, (typeof bookings)[number]>();
  for (const booking of bookings) {
    const earlier = chosen.get(booking.listing.id);
    if (!earlier || earlier.status === "cancelled") chosen.set(booking.listing.id, booking);
  }
  // Every change of the member's places at a listing counts as a change of its entry, whichever
  // place the entry shows: cancelled and booked again, the entry's SEQUENCE and DTSTAMP come from
  // the new booking, later than the cancellation the app already holds, so neither goes back and
  // the app takes the booking (docs/product-rules.md#calendar-files-and-the-private-feed).
  const placeChanges = new Map<string, (string | null)[]>();
  for (const booking of bookings)
    placeChanges.set(booking.listing.id, [
      ...(placeChanges.get(booking.listing.id) ?? []),
      booking.createdAt,
      booking.confirmedAt,
      booking.cancelledAt,
    ]);
  const sessionsByListing = Map.groupBy(sessions, (session) => session.listingId);
  const listingsEntries = [...chosen.values()].flatMap(({ listing, status, cancelledAt, createdAt }) => {
    // Every session of the term, so its numbering stays that of the term's file.
    const termSessions: SessionForFile[] = sessionsByListing.get(listing.id) ?? [];
    const entries = listingEntries(listing, termSessions, siteUrl, status === "cancelled" ? (cancelledAt ?? createdAt) : null);
    return entries
      .filter((entry) => entry.endsAt >= since)
      .map((entry) => ({ ...entry, changedAt: [...entry.changedAt, ...(placeChanges.get(listing.id) ?? [])] }));
  });
  const roomEntries = groupReservations(hours).map((reservation) => reservationEntry(reservation, siteUrl));
  return [...listingsEntries, ...roomEntries].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
