import { env } from "cloudflare:workers";
import { getDatabase } from "#db/client.ts";
import { lockerAssignments, members } from "#db/schema.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";

/**
 * Rows for the member-area tests, written straight to D1. Every member is new,
 * so tests never share state, whatever order they run in.
 */
export async function createMember(
  overrides: {
    tier?: SignedInMember["tier"];
    points?: number;
    /** A locker of the inventory (db/schema/lockers.ts), e.g. "platinum-C-07": the member holds it. */
    locker?: string;
    paidThrough?: string;
  } = {},
): Promise<SignedInMember> {
  const id = crypto.randomUUID();
  const member: SignedInMember = {
    id,
    email: `member.${id}@example.com`,
    name: `Member ${id.slice(0, 8)}`,
    tier: overrides.tier ?? "business",
    role: "member",
  };
  await getDatabase(env.DB)
    .insert(members)
    .values({
      id,
      email: member.email,
      name: member.name,
      tier: member.tier,
      status: "active",
      pointsBalance: overrides.points ?? 0,
      paidThrough: overrides.paidThrough ?? null,
    });
  if (overrides.locker)
    await getDatabase(env.DB)
      .insert(lockerAssignments)
      .values({ id: crypto.randomUUID(), lockerId: overrides.locker, memberId: id, status: "active", startedAt: new Date().toISOString() });
  return member;
}

export async function pointsOf(memberId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT points_balance FROM members WHERE id = ?").bind(memberId).first<{ points_balance: number }>();
  return row!.points_balance;
}

export async function countRows(table: "rules_acceptances" | "reward_redemptions", memberId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE member_id = ?`).bind(memberId).first<{ n: number }>();
  return row!.n;
}
