import { and, asc, eq, ne } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { calendarBookings, calendarListings, calendarSessions, meetingRoomBookings } from "#db/schema.ts";
import { club, loungeAddress } from "#app/features/site/site-config.ts";
import type { TierSlug } from "#app/features/site/tier-entitlements.ts";
import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { tierMayBook } from "#app/features/calendar/calendar-eligibility.ts";
import { meetingRooms, type MeetingRoomSlug } from "#app/features/calendar/meeting-room-facts.ts";
import { calendarText, clubDateTimeProperty, clubTimeZoneLines, escapeCalendarText, utcDateTime } from "#worker/shared/ics.ts";
import type { CalendarListing } from "./calendar-bookings.ts";

/**
 * The club calendar's iCalendar files (docs/product-rules.md#calendar-files-and-the-private-feed):
 * an event's, a course term's (one VEVENT per session) and a meeting-room reservation's, and the
 * events of a member's private feed (calendar-feeds.ts). Times are the club's wall clock with the
 * America/Los_Angeles VTIMEZONE, so every app shows Portland time and the right instant. Each
 * VEVENT's UID names what it is (`event-<listing>`, `course-<listing>-<session>`,
 * `meeting-room-<reservation>`, at the site's host), so a file imported again, or the feed read
 * again, updates the event already in the calendar; SEQUENCE counts the seconds from its creation
 * to its last change (in the feed, the member's own bookings' changes too: calendar-feeds.ts), so
 * it only grows. The files hold no member's name and no secret.
 */

const HOUR_MS = 3_600_000;

/** What a VEVENT says. */
export interface CalendarEntry {
  uid: string;
  summary: string;
  description: string;
  location: string;
  /** The members' page it belongs to. */
  url: string;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  /** Its later changes (an edit, a cancellation), null when none. */
  changedAt: (string | null)[];
  cancelled: boolean;
}

/** The listing's fields a file reads. */
export type ListingForFile = Pick<
  CalendarListing,
  "id" | "kind" | "title" | "description" | "lounge" | "startsAt" | "endsAt" | "status" | "cancelledAt" | "createdAt" | "updatedAt"
>;

export interface SessionForFile {
  startsAt: string;
  endsAt: string;
}

export interface ReservationForFile {
  reservationId: string;
  room: MeetingRoomSlug;
  /** Its hours' starts, in order. */
  hours: string[];
  cancelled: boolean;
  createdAt: string;
  cancelledAt: string | null;
}

const hostOf = (siteUrl: string) => new URL(siteUrl).hostname;

function latest(times: (string | null)[]): string | null {
  return times.reduce<string | null>((last, time) => (time !== null && (last === null || time > last) ? time : last), null);
}

/** Whole seconds from creation to the last change: a SEQUENCE that grows with every change. */
function sequenceOf(entry: CalendarEntry): number {
  const changed = latest(entry.changedAt);
  return changed === null ? 0 : Math.max(0, Math.floor((Date.parse(changed) - Date.parse(entry.createdAt)) / 1000));
}

function eventLines(entry: CalendarEntry): string[] {
  const modified = latest([entry.createdAt, ...entry.changedAt])!;
  return [
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    // Without a METHOD, DTSTAMP is when the event was last changed (RFC 5545, section 3.8.7.2).
    `DTSTAMP:${utcDateTime(modified)}`,
    `LAST-MODIFIED:${utcDateTime(modified)}`,
    `SEQUENCE:${sequenceOf(entry)}`,
    clubDateTimeProperty("DTSTART", entry.startsAt),
    clubDateTimeProperty("DTEND", entry.endsAt),
    `SUMMARY:${escapeCalendarText(entry.summary)}`,
    `LOCATION:${escapeCalendarText(entry.location)}`,
    `DESCRIPTION:${escapeCalendarText(entry.description)}`,
    `URL:${entry.url}`,
    `STATUS:${entry.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `TRANSP:${entry.cancelled ? "TRANSPARENT" : "OPAQUE"}`,
    "END:VEVENT",
  ];
}

/** A calendar file: the club's name (never a member's), its time zone, the events. */
export function calendarDocument(entries: CalendarEntry[], extraHeaders: string[] = []): string {
  return calendarText([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeCalendarText(club.name)}//Calendar//EN`,
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeCalendarText(club.name)}`,
    `X-WR-TIMEZONE:${CLUB_TIME_ZONE}`,
    ...extraHeaders,
    ...clubTimeZoneLines,
    ...entries.flatMap(eventLines),
    "END:VCALENDAR",
  ]);
}

/**
 * The entries of a listing: one for an event, one per session (in order) for a course term.
 * `bookingCancelledAt`: the member's booking was cancelled then (the feed), so the entries are too.
 */
export function listingEntries(
  listing: ListingForFile,
  sessions: SessionForFile[],
  siteUrl: string,
  bookingCancelledAt: string | null = null,
): CalendarEntry[] {
  const host = hostOf(siteUrl);
  const cancelled = listing.status === "cancelled" || bookingCancelledAt !== null;
  const changedAt = [listing.updatedAt, listing.cancelledAt, bookingCancelledAt];
  const common = { location: loungeAddress(listing.lounge), createdAt: listing.createdAt, changedAt, cancelled };
  if (listing.kind === "event") {
    const url = `${siteUrl}/members/events/${listing.id}`;
    return [
      {
        ...common,
        uid: `event-${listing.id}@${host}`,
        summary: listing.title,
        description: `${listing.description}\n\n${url}`,
        url,
        startsAt: listing.startsAt,
        endsAt: listing.endsAt,
      },
    ];
  }
  const url = `${siteUrl}/members/academy`;
  return sessions.map((session, index) => ({
    ...common,
    // By its place in the term: a session staff move keeps its UID and the calendar moves it.
    uid: `course-${listing.id}-${index + 1}@${host}`,
    summary: sessions.length > 1 ? `${listing.title} (session ${index + 1} of ${sessions.length})` : listing.title,
    description: `${listing.description}\n\n${url}`,
    url,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
  }));
}

/** A meeting-room reservation's one entry: from its first hour's start to its last hour's end. */
export function reservationEntry(reservation: ReservationForFile, siteUrl: string): CalendarEntry {
  const room = meetingRooms[reservation.room];
  const last = reservation.hours.at(-1)!;
  const hours = reservation.hours.length;
  return {
    uid: `meeting-room-${reservation.reservationId}@${hostOf(siteUrl)}`,
    summary: `${room.name}, ${club.name}`,
    description: `${room.name} (seats ${room.seats}), ${hours} ${hours === 1 ? "hour" : "hours"}.\n\n${siteUrl}/members/meeting-rooms`,
    location: `${room.name}, ${loungeAddress("business")}`,
    url: `${siteUrl}/members/meeting-rooms`,
    startsAt: reservation.hours[0]!,
    endsAt: new Date(Date.parse(last) + HOUR_MS).toISOString(),
    createdAt: reservation.createdAt,
    changedAt: [reservation.cancelledAt],
    cancelled: reservation.cancelled,
  };
}

/** A term's sessions in order. */
export async function sessionsOf(db: D1Database, listingId: string): Promise<SessionForFile[]> {
  return getDatabase(db)
    .select({ startsAt: calendarSessions.startsAt, endsAt: calendarSessions.endsAt })
    .from(calendarSessions)
    .where(eq(calendarSessions.listingId, listingId))
    .orderBy(asc(calendarSessions.startsAt))
    .all();
}

/**
 * The file of an event or a course term (`kind`), cancelled or not, for a member whose tier may
 * book it or who holds a live booking there (made before a change of tier or of kind); null for
 * anything else (another kind's id, another tier's listing without their place, none at all).
 */
export async function listingCalendarFile(
  db: D1Database,
  {
    listingId,
    kind,
    member,
    siteUrl,
  }: { listingId: string; kind: "event" | "course"; member: { id: string; tier: TierSlug }; siteUrl: string },
): Promise<string | null> {
  const database = getDatabase(db);
  const listing = await database
    .select()
    .from(calendarListings)
    .where(and(eq(calendarListings.id, listingId), eq(calendarListings.kind, kind)))
    .get();
  if (!listing) return null;
  if (!tierMayBook(member.tier, listing)) {
    const place = await database
      .select({ id: calendarBookings.id })
      .from(calendarBookings)
      .where(
        and(eq(calendarBookings.listingId, listing.id), eq(calendarBookings.memberId, member.id), ne(calendarBookings.status, "cancelled")),
      )
      .get();
    if (!place) return null;
  }
  const sessions = kind === "course" ? await sessionsOf(db, listing.id) : [];
  return calendarDocument(listingEntries(listing, sessions, siteUrl));
}

/** Rows of meeting_room_bookings as reservations: their hours grouped by reservation, in order of the first hour. */
export function groupReservations(
  rows: {
    reservationId: string;
    room: MeetingRoomSlug;
    startsAt: string;
    status: "booked" | "cancelled";
    createdAt: string;
    cancelledAt: string | null;
  }[],
): ReservationForFile[] {
  const byId = new Map<string, ReservationForFile>();
  for (const row of [...rows].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const reservation = byId.get(row.reservationId);
    if (reservation) {
      reservation.hours.push(row.startsAt);
      // The hours are cancelled together; one still booked keeps the reservation.
      reservation.cancelled &&= row.status === "cancelled";
      reservation.cancelledAt = latest([reservation.cancelledAt, row.cancelledAt]);
    } else {
      byId.set(row.reservationId, {
        reservationId: row.reservationId,
        room: row.room,
        hours: [row.startsAt],
        cancelled: row.status === "cancelled",
        createdAt: row.createdAt,
        cancelledAt: row.cancelledAt,
      });
    }
  }
  return [...byId.values()];
}

export const reservationColumns = {
  reservationId: meetingRoomBookings.reservationId,
  room: meetingRoomBookings.room,
  startsAt: meetingRoomBookings.startsAt,
  status: meetingRoomBookings.status,
  createdAt: meetingRoomBookings.createdAt,
  cancelledAt: meetingRoomBookings.cancelledAt,
};

/** The file of the member's own meeting-room reservation; null for anyone else's or none. */
export async function meetingRoomCalendarFile(
  db: D1Database,
  { reservationId, memberId, siteUrl }: { reservationId: string; memberId: string; siteUrl: string },
): Promise<string | null> {
  const rows = await getDatabase(db)
    .select(reservationColumns)
    .from(meetingRoomBookings)
    .where(and(eq(meetingRoomBookings.reservationId, reservationId), eq(meetingRoomBookings.memberId, memberId)))
    .all();
  const [reservation] = groupReservations(rows);
  return reservation ? calendarDocument([reservationEntry(reservation, siteUrl)]) : null;
}
