import { env } from "cloudflare:workers";
import { registerGuest, type GuestRegistration } from "#worker/features/guests/guest-visits.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { TEST_SIGNING_KEY } from "#tests/integration/support/invitation-fixtures.ts";

/** A guest name no other test uses, so the quarter's count across hosts is this test's own. */
export function uniqueGuest(first = "Ada"): string {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return `${first} ${letters.replace(/^./, (letter) => letter.toUpperCase())}`;
}

/** Registers a guest of `host` with the settings the Worker runs with (a quarter's limit of 3). */
export function register(
  host: SignedInMember,
  visit: { day: string; guestName: string; lounge?: GuestRegistration["lounge"]; guestEmail?: string | null },
) {
  return registerGuest(env.DB, {
    host: { id: host.id, name: host.name, tier: host.tier },
    day: visit.day,
    lounge: visit.lounge ?? (host.tier === "kickback" ? "kickback" : host.tier),
    guestName: visit.guestName,
    guestEmail: visit.guestEmail ?? null,
    visitsPerQuarter: 3,
    siteUrl: "http://example.com",
    signingKey: TEST_SIGNING_KEY,
  });
}

export async function countGuestVisits(hostId: string, status = "expected"): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM guest_visits WHERE host_member_id = ? AND status = ?")
    .bind(hostId, status)
    .first<{ n: number }>();
  return row!.n;
}

/** A scheduled club event at `lounge` starting at `startsAt` (an event night for that lounge's Portland day). */
export async function insertEvent(lounge: GuestRegistration["lounge"], startsAt: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO calendar_listings (id, kind, category, title, description, lounge, starts_at, ends_at, capacity, opens_at, closes_at)
     VALUES (?, 'event', 'tasting-night', 'Guest test night', 'For the guest tests.', ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', ?3, '+3 hours'), 10, '2026-01-01T00:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', ?3, '-24 hours'))`,
  )
    .bind(`guest-test-${crypto.randomUUID()}`, lounge, startsAt)
    .run();
}
