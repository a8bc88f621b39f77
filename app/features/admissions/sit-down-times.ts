import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";

/**
 * Sit-down times (docs/product-rules.md#sit-downs): the concierge types a Portland date and start
 * time, the database keeps the UTC instant, and every page, email and calendar file shows it back in
 * Portland time, formatted on the server so the hydrated page shows the same text.
 */
const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2026-12-01T18:30": the Portland wall clock at an instant. */
export function portlandWallClock(ms: number): string {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const HOUR = 3_600_000;

/**
 * The UTC instant (ISO) of a Portland date ("2026-12-01") and time ("18:30"), or null when that
 * wall-clock time does not exist: an impossible date, or the hour skipped when the clocks go
 * forward in March. Portland is 7 hours behind UTC in summer and 8 in winter; the offset whose
 * instant reads back as the same wall clock is the right one. In the hour repeated in November
 * both do, and the first (the earlier instant) is taken.
 */
export function portlandTimeToUtc(day: string, time: string): string | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !clock) return null;
  const asIfUtc = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(clock[1]), Number(clock[2]));
  for (const offsetHours of [7, 8]) {
    const instant = asIfUtc + offsetHours * HOUR;
    if (portlandWallClock(instant) === `${day}T${time}`) return new Date(instant).toISOString();
  }
  return null;
}

/** The UTC instant (ISO) at which the Portland day of `now` began. */
export function startOfPortlandDay(now: number): string {
  const [day] = portlandWallClock(now).split("T");
  // Midnight exists every day in Portland (the clocks change at 2 am).
  return portlandTimeToUtc(day!, "00:00")!;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Tuesday, December 1": the Portland day a slot falls on. */
export function formatSitDownDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "6:30 PM PST": a slot's start in Portland time. */
export function formatSitDownTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
