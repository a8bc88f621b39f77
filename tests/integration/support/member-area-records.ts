import { env } from "cloudflare:workers";
import type { SignedInMember } from "#worker/features/members/members.ts";

/**
 * Rows for the member-area tests, written straight to D1. Every member and event is new,
 * so tests never share state, whatever order they run in.
 */
export async function createMember(
  overrides: { tier?: SignedInMember["tier"]; points?: number; lockerNumber?: string | null; lockerQuarter?: string | null } = {},
): Promise<SignedInMember> {
  const id = crypto.randomUUID();
  const member: SignedInMember = {
    id,
    email: `member.${id}@example.com`,
    name: `Member ${id.slice(0, 8)}`,
    tier: overrides.tier ?? "business",
    role: "member",
  };
  await env.DB.prepare(
    "INSERT INTO members (id, email, name, tier, status, points_balance, locker_number, locker_quarter) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)",
  )
    .bind(
      id,
      member.email,
      member.name,
      member.tier,
      overrides.points ?? 0,
      overrides.lockerNumber ?? null,
      overrides.lockerQuarter ?? null,
    )
    .run();
  return member;
}

export async function createEvent(overrides: { capacity?: number; startsAt?: string; title?: string } = {}): Promise<string> {
  const id = `test-event-${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO member_events (id, title, description, lounge, starts_at, capacity) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(
      id,
      overrides.title ?? "Test tasting",
      "A tasting for the tests.",
      "Kickback Lounge",
      overrides.startsAt ?? "2030-01-01T03:00:00.000Z",
      overrides.capacity ?? 10,
    )
    .run();
  return id;
}

export async function pointsOf(memberId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT points_balance FROM members WHERE id = ?").bind(memberId).first<{ points_balance: number }>();
  return row!.points_balance;
}

export async function countRows(
  table: "rules_acceptances" | "guest_waivers" | "event_rsvps" | "reward_redemptions",
  memberId: string,
): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE member_id = ?`).bind(memberId).first<{ n: number }>();
  return row!.n;
}
