import { portlandTimeToUtc, portlandWallClock } from "#app/features/admissions/sit-down-times.ts";

/**
 * The club's periods for the console's figures, filters and exports: Portland days (YYYY-MM-DD),
 * Portland weeks (Monday to Sunday) and Portland calendar quarters, and the UTC instants at which
 * they begin (timestamps are stored in UTC). Client-safe: no Worker code.
 */
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day moved by `days` (calendar arithmetic on the date alone). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant (ISO) at which a Portland day begins (midnight always exists in Portland). */
export function portlandMidnight(day: string): string {
  return portlandTimeToUtc(day, "00:00")!;
}

/** Today in Portland at `now`, YYYY-MM-DD. */
export function portlandToday(now: number): string {
  return portlandWallClock(now).slice(0, 10);
}

/** The Monday of the Portland week holding `day`. */
export function weekMonday(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The Portland calendar quarter holding `day`: its first day, the next quarter's first day, and its months' first days. */
export function portlandQuarter(day: string): { first: string; next: string; months: string[] } {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const firstMonth = month - ((month - 1) % 3);
  const monthStart = (offset: number) => {
    const index = firstMonth - 1 + offset;
    return `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
  };
  return { first: monthStart(0), next: monthStart(3), months: [monthStart(0), monthStart(1), monthStart(2)] };
}
