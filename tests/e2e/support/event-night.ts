import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";

/**
 * A club event (db/schema/calendar.ts: a tasting night anyone may book) for the end-to-end suite, written by the seed before the server starts
 * (seed-member-pool.ts), so that an event night always falls inside the days members may register
 * guests for: the tests of the event-night guests (docs/product-rules.md#guests) need one. It is at
 * the Kickback Lounge, which every tier opens, three weeks after the server starts.
 */
export const E2E_EVENT_NIGHT = { id: "e2e-event-night", lounge: "kickback", loungeName: "Kickback Lounge", daysAhead: 21 } as const;

/** The YYYY-MM-DD day `days` after `day` (calendar days, as the guest pages count them). */
export function nextDay(day: string, days = 1): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The part of a D1 binding the seed uses (the type checker of the tests knows no Workers types). */
interface SeedDatabase {
  prepare(query: string): { bind(...values: unknown[]): { run(): Promise<unknown> } };
}

/** Writes the event night into the e2e D1 before the server starts (called by seed-member-pool.ts). */
export async function seedEventNight(db: SeedDatabase, now: Date = new Date()): Promise<void> {
  const startsAt = portlandTimeToUtc(nextDay(portlandDay(now), E2E_EVENT_NIGHT.daysAhead), "19:00");
  // Bookable from the seed on, until 24 hours before it starts; three hours long.
  await db
    .prepare(
      `INSERT INTO calendar_listings (id, kind, category, title, description, lounge, starts_at, ends_at, capacity, opens_at, closes_at)
       VALUES (?1, 'event', 'tasting-night', ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%fZ', ?5, '+3 hours'), ?6, ?7, strftime('%Y-%m-%dT%H:%M:%fZ', ?5, '-24 hours'))
       ON CONFLICT (id) DO UPDATE SET starts_at = excluded.starts_at, ends_at = excluded.ends_at, opens_at = excluded.opens_at,
         closes_at = excluded.closes_at, status = 'scheduled', cancelled_at = NULL`,
    )
    .bind(
      E2E_EVENT_NIGHT.id,
      "Cedar and Cognac Evening",
      "Three aged cognacs poured against a cedar-wrapped robusto.",
      E2E_EVENT_NIGHT.lounge,
      startsAt,
      40,
      now.toISOString(),
    )
    .run();
}
