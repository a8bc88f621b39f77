import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";

/**
 * iCalendar (RFC 5545) writing for every calendar file the site serves: the sit-down's
 * (docs/product-rules.md#sit-downs) and the club calendar's files and private feed
 * (docs/product-rules.md#calendar-files-and-the-private-feed). One writer: escaping, folding, the
 * UTC and club-time date-time forms and the club's time-zone block.
 */

/** "20261201T023000Z": a UTC date-time (section 3.3.5, form #2). */
export function utcDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** "20261201T183000": the club's wall clock at an instant. */
function clubWallClock(ms: number): string {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

const HOUR_MS = 3_600_000;

/**
 * A date-time property in the club's time zone: `DTSTART;TZID=America/Los_Angeles:20261201T183000`
 * (section 3.3.5, form #3), the zone defined by the file's VTIMEZONE block (clubTimeZoneLines), so
 * a calendar app shows the club's time and the right instant wherever it runs. The one hour a year
 * whose wall clock comes twice (1 am on November's first Sunday: the Platinum Lounge is open) is
 * written in UTC (form #2) instead: the rule that the first reading is meant is one some calendar
 * apps do not follow.
 */
export function clubDateTimeProperty(name: string, iso: string): string {
  const ms = Date.parse(iso);
  const reading = clubWallClock(ms);
  const repeated = clubWallClock(ms - HOUR_MS) === reading || clubWallClock(ms + HOUR_MS) === reading;
  return repeated ? `${name}:${utcDateTime(iso)}` : `${name};TZID=${CLUB_TIME_ZONE}:${reading}`;
}

/**
 * The club's time zone as a VTIMEZONE (section 3.6.5): Pacific time under the US rules in force
 * since 2007, daylight time from the second Sunday of March at 2 am (PST -0800 to PDT -0700) to
 * the first Sunday of November at 2 am. Each rule starts at its first onset, in 2007.
 */
export const clubTimeZoneLines: readonly string[] = [
  "BEGIN:VTIMEZONE",
  `TZID:${CLUB_TIME_ZONE}`,
  `X-LIC-LOCATION:${CLUB_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0800",
  "TZOFFSETTO:-0700",
  "TZNAME:PDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0800",
  "TZNAME:PST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

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

/** A calendar file's text from its content lines: each folded, each ended by CRLF. */
export function calendarText(lines: readonly string[]): string {
  return `${lines.map(foldCalendarLine).join("\r\n")}\r\n`;
}

/**
 * The answer of every route that serves a calendar file or feed: the file, or a plain 404 with
 * `notFoundText` when there is none. Never stored by a browser or a shared cache: each is one
 * member's or one applicant's. `fileName` is what a download is saved as (never a person's name);
 * the feed has none, since calendar apps read it rather than save it.
 */
export function calendarFileResponse(
  text: string | null,
  fileName: string | null,
  extraHeaders: Record<string, string> = {},
  notFoundText = "Not Found",
): Response {
  const headers = { "Cache-Control": "private, no-store", ...extraHeaders };
  if (text === null) {
    return new Response(notFoundText, { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(text, {
    headers: {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName}"` } : {}),
    },
  });
}
