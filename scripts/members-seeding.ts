import { sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { lockerAssignments, members } from "#db/schema.ts";
import type { MemberRow, NewMemberFields } from "#worker/features/members/members.ts";
import { demoAccounts } from "./members-demo-accounts.ts";

/**
 * The local seeds: the demo accounts `npm start` prints and the e2e suite's member pool, written
 * with the Worker's own schema. No password: they sign in with emailed codes like every member.
 */

/**
 * A seeded account (active); `locker`: a locker of the inventory it holds, e.g. "business-P-14";
 * `declinedLocker`: one whose offer they declined, so the cron offers them none of its class
 * (docs/product-rules.md#lockers) and they stay without a locker until they join the line.
 */
export type SeededMember = NewMemberFields &
  Partial<Pick<MemberRow, "pointsBalance">> & { locker?: string | null; declinedLocker?: string | null };

/**
 * Creates or resets active members by email, in one batch: on a second run the name, tier and role
 * are set again; the points balance is left as it is, so local redemptions survive a restart, and
 * so are the sessions and passkeys the accounts have. A member with a `locker` holds it (an active
 * assignment, docs/product-rules.md#lockers) unless they hold one already or it is someone else's;
 * a member with a `declinedLocker` and no locker history gets its declined offer.
 */
export async function upsertActiveMembers(d1: D1Database, seeded: SeededMember[]): Promise<void> {
  const database = getDatabase(d1);
  const [first, ...rest] = seeded.flatMap(({ locker, declinedLocker, ...member }) => [
    database
      .insert(members)
      .values({ ...member, id: crypto.randomUUID(), status: "active" })
      .onConflictDoUpdate({
        target: members.email,
        set: { name: member.name, tier: member.tier, role: member.role, status: "active" },
      }),
    ...(locker
      ? [
          seededAssignment(
            database,
            member.email,
            { lockerId: locker, status: "active", startedAt: new Date().toISOString() },
            // Unless they hold one already or the locker is someone else's.
            sql`not exists (select 1 from locker_assignments live where live.status <> 'ended'
              and (live.member_id = ${members.id} or live.locker_id = ${locker}))`,
          ),
        ]
      : []),
    ...(declinedLocker
      ? [
          seededAssignment(
            database,
            member.email,
            {
              lockerId: declinedLocker,
              status: "ended",
              offeredAt: new Date().toISOString(),
              endedAt: new Date().toISOString(),
              endedReason: "declined",
            },
            // Only for a member with no locker history.
            sql`not exists (select 1 from locker_assignments mine where mine.member_id = ${members.id})`,
          ),
        ]
      : []),
  ]);
  if (first) await database.batch([first, ...rest]);
}

/** A locker assignment of the seeded member with this email, inserted only when `guard` holds. */
function seededAssignment(
  database: Database,
  email: string,
  row: Omit<typeof lockerAssignments.$inferInsert, "id" | "memberId">,
  guard: SQL,
) {
  return database.insert(lockerAssignments).select(
    database
      .select(insertSelectRow(lockerAssignments, { ...row, id: crypto.randomUUID(), memberId: sql`${members.id}` }))
      .from(members)
      .where(sql`${members.email} = ${email} and ${guard}`),
  );
}

/** Creates (or resets) the local demo accounts (member, concierge, door staff); the member holds a private locker at the Business Lounge. */
export async function seedDemoMembers(d1: D1Database): Promise<typeof demoAccounts> {
  await upsertActiveMembers(d1, [demoAccounts.member, demoAccounts.concierge, demoAccounts.door]);
  return demoAccounts;
}
