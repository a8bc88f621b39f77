import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { nextDay } from "./event-night.ts";

/**
 * The club calendar of the members' pages' end-to-end specs (tests/e2e/calendar/member-*.spec.ts)
 * and the feed's (calendar-feed.spec.ts), written by the seed before the server starts (seed-member-pool.ts), relative to that day so the
 * suite never depends on the migration's dates: one event of each kind the tiers differ on, two
 * one-place evenings for the waitlist (a retry takes the second), an Academy term of each tier's
 * course open for enrolment, and one whose enrolment has not opened.
 */
export const E2E_CALENDAR = {
  /** Every tier: Kickback, Business and Platinum. */
  tasting: { id: "e2e-members-tasting", title: "Maduro and Malt Tasting", category: "tasting-night", daysAhead: 12, capacity: 60 },
  /** Business and Platinum. */
  dinner: { id: "e2e-members-dinner", title: "Estelí Blender's Dinner", category: "master-blender-dinner", daysAhead: 13, capacity: 40 },
  /** Platinum only. */
  special: { id: "e2e-members-special", title: "Vintage Humidor Evening", category: "special-event", daysAhead: 14, capacity: 40 },
  /** One place each: the waitlist spec's. */
  waitlist: [
    { id: "e2e-members-one-place-1", title: "Fireside Lancero Hour", category: "tasting-night", daysAhead: 15, capacity: 1 },
    { id: "e2e-members-one-place-2", title: "Fireside Lancero Hour II", category: "tasting-night", daysAhead: 16, capacity: 1 },
  ],
  /** Every tier, places for every run of the feed spec (each RSVPs a new member). */
  feed: { id: "e2e-feed-evening", title: "Robusto and Rye Evening", category: "tasting-night", daysAhead: 17, capacity: 500 },
  foundations: { id: "e2e-members-foundations", title: "Foundations, seed term", category: "foundations", daysAhead: 10, capacity: 40 },
  blending: {
    id: "e2e-members-blending",
    title: "Blending & Terroir, seed term",
    category: "blending-terroir",
    daysAhead: 11,
    capacity: 40,
  },
  /** Enrolment opens three weeks before its first session, eight days after the seed. */
  later: { id: "e2e-members-later", title: "Foundations, later term", category: "foundations", daysAhead: 29, capacity: 40 },
} as const;

interface SeedDatabase {
  prepare(query: string): { bind(...values: unknown[]): { run(): Promise<unknown> } };
}

interface SeedListing {
  id: string;
  title: string;
  category: string;
  daysAhead: number;
  capacity: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes the calendar above into the e2e D1 (called by seed-member-pool.ts). */
export async function seedMemberCalendar(db: SeedDatabase, now: Date = new Date()): Promise<void> {
  const today = portlandDay(now);
  const at = (days: number, time: string) => portlandTimeToUtc(nextDay(today, days), time)!;
  const events: SeedListing[] = [
    E2E_CALENDAR.tasting,
    E2E_CALENDAR.dinner,
    E2E_CALENDAR.special,
    ...E2E_CALENDAR.waitlist,
    E2E_CALENDAR.feed,
  ];
  for (const event of events) {
    const startsAt = at(event.daysAhead, "19:00");
    await insertListing(
      db,
      event,
      "event",
      "kickback",
      startsAt,
      at(event.daysAhead, "22:00"),
      now.toISOString(),
      new Date(Date.parse(startsAt) - DAY_MS).toISOString(),
    );
  }
  for (const term of [E2E_CALENDAR.foundations, E2E_CALENDAR.blending, E2E_CALENDAR.later]) {
    // Four Tuesday-like weekly sessions of 90 minutes; enrolment from three weeks before the first.
    const sessions = [0, 7, 14, 21].map((week) => ({
      startsAt: at(term.daysAhead + week, "18:30"),
      endsAt: at(term.daysAhead + week, "20:00"),
    }));
    const opensAt = new Date(Date.parse(sessions[0]!.startsAt) - 21 * DAY_MS).toISOString();
    await insertListing(db, term, "course", "business", sessions[0]!.startsAt, sessions[3]!.endsAt, opensAt, sessions[0]!.startsAt);
    for (const session of sessions) {
      await db
        .prepare("INSERT INTO calendar_sessions (listing_id, starts_at, ends_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(term.id, session.startsAt, session.endsAt)
        .run();
    }
  }
}

function insertListing(
  db: SeedDatabase,
  listing: SeedListing,
  kind: "event" | "course",
  lounge: string,
  startsAt: string,
  endsAt: string,
  opensAt: string,
  closesAt: string,
) {
  return db
    .prepare(
      `INSERT INTO calendar_listings (id, kind, category, title, description, lounge, starts_at, ends_at, capacity, opens_at, closes_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      listing.id,
      kind,
      listing.category,
      listing.title,
      "For the members' calendar specs.",
      lounge,
      startsAt,
      endsAt,
      listing.capacity,
      opensAt,
      closesAt,
    )
    .run();
}
