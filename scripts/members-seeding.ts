import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import type { MemberRow, NewMemberFields } from "#worker/features/members/members.ts";
import { demoAccounts } from "./members-demo-accounts.ts";

/**
 * The local seeds: the demo accounts `npm start` prints and the e2e suite's member pool, written
 * with the Worker's own schema. No password: they sign in with emailed codes like every member.
 */

/** A seeded account (active). */
export type SeededMember = NewMemberFields & Partial<Pick<MemberRow, "pointsBalance" | "lockerNumber" | "lockerQuarter">>;

/**
 * Creates or resets active members by email, in one batch: on a second run the name, tier, role
 * and locker are set again; the points balance is left as it is, so local redemptions survive a
 * restart, and so are the sessions and passkeys the accounts have.
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
  await upsertActiveMembers(d1, [{ ...demoAccounts.member, lockerQuarter: currentLockerQuarter(now) }, demoAccounts.concierge]);
  return demoAccounts;
}
