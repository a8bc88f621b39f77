import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { hashPassword } from "#worker/features/sign-in/password.ts";
import type { MemberRow, NewMemberFields } from "#worker/features/members/members.ts";
import { demoAccounts } from "./members-demo-accounts.ts";

/**
 * The local seeds: the demo accounts `npm start` prints and the e2e suite's member pool, written
 * with the Worker's own schema and password hashing (the Worker reads these rows at sign-in).
 */

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
