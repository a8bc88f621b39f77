/**
 * Dates of the member areas, always in the club's own time zone: a Portland member's
 * "today" and an event's start time must not depend on where the server or the browser runs.
 * The pages format on the server and send the text, so the hydrated page shows the same string.
 */
export const CLUB_TIME_ZONE = "America/Los_Angeles";

const dayParts = new Intl.DateTimeFormat("en-CA", { timeZone: CLUB_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The day in Portland at `now`, as YYYY-MM-DD (the day of a guest waiver). */
export function portlandDay(now: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Friday, December 11, 2026 at 7:00 PM PST": an event's start in Portland time. */
export function formatPortlandDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const dateOnly = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, month: "long", day: "numeric", year: "numeric" });

/** "November 21, 2026": the Portland calendar day of a timestamp (e.g. a redemption). */
export function formatPortlandDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** "Saturday, November 21": a YYYY-MM-DD Portland day, read back to the member. */
export function formatPortlandDay(day: string): string {
  // Noon UTC on that date is the same calendar day in Portland (UTC-8/-7).
  return new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, weekday: "long", month: "long", day: "numeric" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
