import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { calendarBookings, calendarListings, guestVisits } from "#db/schema.ts";
import type { TierSlug } from "#app/features/site/tier-entitlements.ts";
import { workerConfig } from "#worker/config.ts";
import type { CalendarMember } from "#worker/features/calendar/calendar-bookings.ts";
import { testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { createDuesMember } from "#tests/integration/dues/dues-fixtures.ts";

/** Listings, members and bookings for the booking engine's tests, written straight to D1; every listing and member is new. */
export const siteUrl = "https://emberandoak.test";
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Thursday, May 1, 2031, 10 am in Portland (PDT). */
export const now = Date.parse("2031-05-01T17:00:00.000Z");
export const iso = (ms: number) => new Date(ms).toISOString();

export const services = () => ({ env, config: { ...workerConfig(env), SITE_URL: siteUrl }, signingKey: testSigningKey() });
export const database = () => getDatabase(env.DB);

/**
 * A scheduled listing: by default a tasting night at the Kickback Lounge ten days after `now`
 * (each listing a day of its own, so guest days never meet), open since yesterday, closing 24
 * hours before it starts.
 */
let listings = 0;
export async function createListing(overrides: Partial<typeof calendarListings.$inferInsert> = {}) {
  listings += 1;
  const startsAt = overrides.startsAt ?? iso(now + (10 + listings) * DAY_MS + 2 * HOUR_MS);
  const [listing] = await database()
    .insert(calendarListings)
    .values({
      id: `test-${crypto.randomUUID()}`,
      kind: "event",
      category: "tasting-night",
      title: "Test night",
      description: "For the booking engine's tests.",
      lounge: "kickback",
      endsAt: iso(Date.parse(startsAt) + 3 * HOUR_MS),
      capacity: 10,
      opensAt: iso(now - DAY_MS),
      closesAt: iso(Date.parse(startsAt) - DAY_MS),
      ...overrides,
      startsAt,
    })
    .returning();
  return listing!;
}

/** A new active member of `tier` in good standing. */
export async function createCalendarMember(
  tier: TierSlug,
  overrides: Parameters<typeof createDuesMember>[0] = {},
): Promise<CalendarMember> {
  const row = await createDuesMember({ tier, ...overrides });
  return { id: row.id, name: row.name, email: row.email, tier: row.tier };
}

export async function bookingsOf(listingId: string) {
  return database()
    .select()
    .from(calendarBookings)
    .where(eq(calendarBookings.listingId, listingId))
    .orderBy(asc(calendarBookings.createdAt), asc(calendarBookings.id))
    .all();
}

export async function bookingOf(id: string) {
  return (await database().select().from(calendarBookings).where(eq(calendarBookings.id, id)).get())!;
}

export async function guestVisitsOf(bookingId: string) {
  return database().select().from(guestVisits).where(eq(guestVisits.bookingId, bookingId)).orderBy(asc(guestVisits.createdAt)).all();
}

/** A guest name no other test uses (the guest rules count a guest's visits across hosts). */
export function guest(first = "Guest"): { name: string; email: null } {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return { name: `${first} ${letters.replace(/^./, (letter) => letter.toUpperCase())}`, email: null };
}
