import { and, eq, gt, isNull } from "drizzle-orm";
import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { getDatabase } from "#db/client.ts";
import { memberInvitations, members } from "#db/schema.ts";
import { newInvitationLink, type NewInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { hashPassword } from "#worker/features/sign-in/password.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { demoAccounts } from "./members-demo-accounts.ts";

/**
 * What the operator commands and the local seeds write to the member record, with the Worker's
 * own schema, password hashing and invitation links (the Worker reads these rows back at sign-in
 * and at /invitation/<token>). Lookups are the Worker's (worker/features/members/members.ts).
 */
export type NewMemberFields = Pick<MemberRow, "email" | "name" | "tier" | "role">;

/** An 'invited' member and their first single-use invitation link, in one batch. */
export async function createInvitedMember(d1: D1Database, fields: NewMemberFields, now: number = Date.now()): Promise<NewInvitationLink> {
  const database = getDatabase(d1);
  const id = crypto.randomUUID();
  const link = await newInvitationLink(now);
  const createdAt = new Date(now).toISOString();
  await database.batch([
    database.insert(members).values({ ...fields, id, status: "invited", createdAt }),
    database.insert(memberInvitations).values({ tokenHash: link.tokenHash, memberId: id, expiresAt: link.expiresAt, createdAt }),
  ]);
  return link;
}

/** An 'active' member who signs in with `password` at once. */
export async function createActiveMember(
  d1: D1Database,
  fields: NewMemberFields & { password: string },
  now: number = Date.now(),
): Promise<void> {
  const { password, ...member } = fields;
  await getDatabase(d1)
    .insert(members)
    .values({
      ...member,
      id: crypto.randomUUID(),
      status: "active",
      passwordHash: await hashPassword(password),
      createdAt: new Date(now).toISOString(),
    });
}

/** A new link for the member; their links still open stop working in the same batch. */
export async function replaceInvitationLink(d1: D1Database, memberId: string, now: number = Date.now()): Promise<NewInvitationLink> {
  const database = getDatabase(d1);
  const link = await newInvitationLink(now);
  const nowIso = new Date(now).toISOString();
  await database.batch([
    database
      .update(memberInvitations)
      .set({ expiresAt: nowIso })
      .where(and(eq(memberInvitations.memberId, memberId), isNull(memberInvitations.usedAt), gt(memberInvitations.expiresAt, nowIso))),
    database.insert(memberInvitations).values({ tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt, createdAt: nowIso }),
  ]);
  return link;
}

export async function setMemberStatus(d1: D1Database, memberId: string, status: MemberRow["status"]): Promise<void> {
  await getDatabase(d1).update(members).set({ status }).where(eq(members.id, memberId));
}

/** A seeded account: active, with a password already hashed (the e2e pool shares one hash). */
export type SeededMember = NewMemberFields &
  Partial<Pick<MemberRow, "pointsBalance" | "lockerNumber" | "lockerQuarter">> & { passwordHash: string };

/**
 * Creates or resets active members by email, in one batch: on a second run the name, tier, role,
 * password and locker are set again (so a printed password always works); the points balance is
 * left as it is, so local redemptions survive a restart.
 */
export async function upsertActiveMembers(d1: D1Database, seeded: SeededMember[]): Promise<void> {
  const database = getDatabase(d1);
  const [first, ...rest] = seeded.map((member) =>
    database
      .insert(members)
      .values({ ...member, id: crypto.randomUUID(), status: "active" })
      .onConflictDoUpdate({
        target: members.email,
        set: {
          name: member.name,
          tier: member.tier,
          role: member.role,
          status: "active",
          passwordHash: member.passwordHash,
          lockerNumber: member.lockerNumber ?? null,
          lockerQuarter: member.lockerQuarter ?? null,
        },
      }),
  );
  if (first) await database.batch([first, ...rest]);
}

/** "2026-Q4": the quarter a locker is held for, in the club's time zone (read back by formatLockerQuarter). */
export function currentLockerQuarter(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, year: "numeric", month: "numeric" }).formatToParts(now);
  const year = parts.find((part) => part.type === "year")?.value;
  const month = Number(parts.find((part) => part.type === "month")?.value);
  return `${year}-Q${Math.ceil(month / 3)}`;
}

/** Creates (or resets) both local demo accounts; the member's locker is held for the current quarter. */
export async function seedDemoMembers(d1: D1Database, now: Date = new Date()): Promise<typeof demoAccounts> {
  const { password: memberPassword, ...member } = demoAccounts.member;
  const { password: conciergePassword, ...concierge } = demoAccounts.concierge;
  await upsertActiveMembers(d1, [
    { ...member, passwordHash: await hashPassword(memberPassword), lockerQuarter: currentLockerQuarter(now) },
    { ...concierge, passwordHash: await hashPassword(conciergePassword) },
  ]);
  return demoAccounts;
}
