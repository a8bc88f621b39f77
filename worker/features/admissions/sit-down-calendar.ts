import { and, count, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { applicationEvents } from "#db/schema.ts";
import { club, loungeAddress } from "#app/features/site/site-config.ts";
import { calendarText, escapeCalendarText, utcDateTime } from "#worker/shared/ics.ts";
import { bookedSitDown, type SitDownLounge } from "./sit-downs.ts";

/**
 * The calendar file of a booked sit-down (docs/product-rules.md#sit-downs): one iCalendar (RFC 5545)
 * event that every calendar app imports. Times are UTC (`…Z`), so no time-zone block is needed and
 * the app shows the sit-down in its own zone. The UID names the applicant's booking: a moved booking
 * keeps its UID with a higher SEQUENCE, so importing the new file updates the event already in the
 * calendar instead of adding a second one. The file holds no link: the status link is a secret, and
 * calendars are shared and synced. The writing itself is worker/shared/ics.ts.
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
    `LOCATION:${escapeCalendarText(loungeAddress(event.lounge))}`,
    `DESCRIPTION:${escapeCalendarText(description)}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return calendarText(lines);
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
