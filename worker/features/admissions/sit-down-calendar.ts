import { and, count, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { applicationEvents } from "#db/schema.ts";
import { club } from "#app/features/site/site-config.ts";
import { sitDownPlace } from "./sit-down-emails.ts";
import { bookedSitDown, type SitDownLounge } from "./sit-downs.ts";

/**
 * The calendar file of a booked sit-down (docs/product-rules.md#sit-downs): one iCalendar (RFC 5545)
 * event that every calendar app imports. Times are UTC (`…Z`), so no time-zone block is needed and
 * the app shows the sit-down in its own zone. The UID names the applicant's booking: a moved booking
 * keeps its UID with a higher SEQUENCE, so importing the new file updates the event already in the
 * calendar instead of adding a second one. The file holds no link: the status link is a secret, and
 * calendars are shared and synced.
 */
export interface SitDownCalendarEvent {
  requestId: string;
  lounge: SitDownLounge;
  startsAt: string;
  minutes: number;
  /** When the booking was made or last moved: the event's DTSTAMP and LAST-MODIFIED. */
  bookedAt: string;
  /** How many times the applicant has booked (1 for the first booking); SEQUENCE counts the revisions from 0. */
  bookings: number;
  /** The site's address: its host makes the UID globally unique. */
  siteUrl: string;
}

/** "20261201T023000Z": a UTC date-time as RFC 5545 writes it (section 3.3.5, form #2). */
function utcDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT values escape backslash, semicolon and comma, and write line breaks as `\n` (section 3.3.11). */
export function escapeCalendarText(text: string): string {
  return text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: CRLF and one space before each further piece
 * (section 3.1), never inside a UTF-8 character.
 */
export function foldCalendarLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

/** The .ics file's text: CRLF line ends, folded lines, escaped text. */
export function sitDownCalendar(event: SitDownCalendarEvent): string {
  const host = new URL(event.siteUrl).hostname;
  const endsAt = new Date(Date.parse(event.startsAt) + event.minutes * 60_000).toISOString();
  const description = [
    `${event.minutes} minutes with the concierge of ${club.name}, with no obligation.`,
    "Please bring a valid government-issued photo ID.",
    `To choose another time or cancel, open your application link, or call the office at ${club.officePhone.display}.`,
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeCalendarText(club.name)}//Sit-downs//EN`,
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:sit-down-${event.requestId}@${host}`,
    `DTSTAMP:${utcDateTime(event.bookedAt)}`,
    `LAST-MODIFIED:${utcDateTime(event.bookedAt)}`,
    `SEQUENCE:${Math.max(0, event.bookings - 1)}`,
    `DTSTART:${utcDateTime(event.startsAt)}`,
    `DTEND:${utcDateTime(endsAt)}`,
    `SUMMARY:${escapeCalendarText(`Sit-down at ${club.name}`)}`,
    `LOCATION:${escapeCalendarText(sitDownPlace(event.lounge))}`,
    `DESCRIPTION:${escapeCalendarText(description)}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldCalendarLine).join("\r\n")}\r\n`;
}

/** The calendar file of the request's booked sit-down, or null when it has none. */
export async function sitDownCalendarFor(db: D1Database, requestId: string, siteUrl: string): Promise<string | null> {
  const booking = await bookedSitDown(db, requestId);
  if (!booking) return null;
  const [booked] = await getDatabase(db)
    .select({ bookings: count() })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.requestId, requestId), eq(applicationEvents.kind, "sit_down_booked")))
    .all();
  return sitDownCalendar({ requestId, ...booking, bookings: booked?.bookings ?? 1, siteUrl });
}
