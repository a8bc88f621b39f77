import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { lockerAssignments, lockerRequests, lockers, lockerWaitlist, members } from "#db/schema.ts";
import { lockerClasses, type LockerClass } from "#app/features/site/tier-entitlements.ts";
import { memberAssignments, waitlistPositionSql } from "./locker-offers.ts";

/**
 * What a member sees and does on /members/locker (docs/product-rules.md#lockers): their locker or
 * offer, their place in line, the nameplate of a cedar-lined locker and their requests to staff.
 */

/** Open requests a member may have at once. */
export const OPEN_REQUESTS_LIMIT = 5;
const RECENT_REQUESTS = 10;

export async function loadMemberLocker(db: D1Database, memberId: string) {
  const database = getDatabase(db);
  const member = await database
    .select({ tier: members.tier, status: members.status, paidThrough: members.paidThrough, duesStatus: members.duesStatus })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
  if (!member) return null;
  const { offer, held } = await memberAssignments(database, memberId);
  const waiting = await database
    .select({ lockerClass: lockerWaitlist.lockerClass, position: waitlistPositionSql(memberId) })
    .from(lockerWaitlist)
    .where(eq(lockerWaitlist.memberId, memberId))
    .get();
  const requests = await database
    .select({
      id: lockerRequests.id,
      kind: lockerRequests.kind,
      note: lockerRequests.note,
      status: lockerRequests.status,
      createdAt: lockerRequests.createdAt,
    })
    .from(lockerRequests)
    .where(eq(lockerRequests.memberId, memberId))
    .orderBy(desc(lockerRequests.createdAt))
    .limit(RECENT_REQUESTS)
    .all();
  return { member, offer, held, waiting: waiting ?? null, requests };
}

/** The classes whose lockers carry a nameplate (tier-entitlements.ts). */
const nameplateClasses = (Object.keys(lockerClasses) as LockerClass[]).filter((lockerClass) => lockerClasses[lockerClass].nameplate);

export type NameplateOutcome = { ok: true } | { ok: false; reason: "no-nameplate" };

/** Sets the nameplate of the member's locker, if they hold one of a class with a nameplate (one UPDATE). */
export async function setNameplate(db: D1Database, memberId: string, text: string): Promise<NameplateOutcome> {
  const [changed] = await getDatabase(db)
    .update(lockerAssignments)
    .set({ nameplate: text })
    .where(
      and(
        eq(lockerAssignments.memberId, memberId),
        inArray(lockerAssignments.status, ["active", "grace"]),
        sql`exists (select 1 from ${lockers} where ${lockers.id} = ${lockerAssignments.lockerId} and ${inArray(lockers.lockerClass, nameplateClasses)})`,
      ),
    )
    .returning({ id: lockerAssignments.id });
  return changed ? { ok: true } : { ok: false, reason: "no-nameplate" };
}

export type LockerRequestOutcome = { ok: true; id: string } | { ok: false; reason: "no-locker" | "too-many" };

/** The statuses of a locker the member may send requests about: not one closed while its contents are held. */
export const requestStatuses = ["active", "grace"] as const;

/**
 * A request to staff about the member's locker (pull, restock, humidity), at most
 * OPEN_REQUESTS_LIMIT open at once: ONE INSERT … SELECT from the locker they hold (active or in
 * grace), counting their open requests in the same statement, so requests sent at once never pass
 * the limit.
 */
export async function sendLockerRequest(
  db: D1Database,
  memberId: string,
  request: { kind: (typeof lockerRequests.$inferInsert)["kind"]; note: string | null },
): Promise<LockerRequestOutcome> {
  const database = getDatabase(db);
  const id = crypto.randomUUID();
  const [sent] = await database
    .insert(lockerRequests)
    .select(
      database
        .select(
          insertSelectRow(lockerRequests, {
            id,
            memberId,
            lockerId: sql`${lockerAssignments.lockerId}`,
            kind: request.kind,
            note: request.note,
          }),
        )
        .from(lockerAssignments)
        .where(
          and(
            eq(lockerAssignments.memberId, memberId),
            inArray(lockerAssignments.status, requestStatuses),
            sql`(select count(*) from locker_requests open where open.member_id = ${memberId} and open.status = 'open') < ${OPEN_REQUESTS_LIMIT}`,
          ),
        ),
    )
    .returning({ id: lockerRequests.id });
  if (sent) return { ok: true, id: sent.id };
  const { held } = await memberAssignments(database, memberId);
  return { ok: false, reason: held && (requestStatuses as readonly string[]).includes(held.assignment.status) ? "too-many" : "no-locker" };
}
