import { and, asc, eq, exists, inArray, ne, notExists, notInArray, or, sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { containsText } from "#db/text-match.ts";
import { lockerAssignments, lockerRequests, lockers, lockerWaitlist, members } from "#db/schema.ts";
import { lounges } from "#app/features/site/site-config.ts";
import { lockerClasses, type LockerClass, type LoungeSlug, type TierSlug } from "#app/features/site/tier-entitlements.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { isUniqueViolation } from "#worker/features/admissions/invitation-links.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { memberAssignments, memberMayHoldLocker, nextInLineStatements, type LockerServices } from "./locker-offers.ts";

/**
 * The staff side of lockers, /concierge/lockers (docs/product-rules.md#lockers, Staff): occupancy by lounge
 * and class, the waitlists, the members' open requests, and a locker assigned or moved by hand.
 * Every change is audited.
 */

/** The console's order: lounges as site-config lists them, classes smallest first. */
const loungeOrder = lounges.map((lounge) => lounge.slug);
const classOrder = Object.keys(lockerClasses) as LockerClass[];
const byLoungeAndClass = (a: { lounge: LoungeSlug; lockerClass: LockerClass }, b: { lounge: LoungeSlug; lockerClass: LockerClass }) =>
  loungeOrder.indexOf(a.lounge) - loungeOrder.indexOf(b.lounge) || classOrder.indexOf(a.lockerClass) - classOrder.indexOf(b.lockerClass);

/** A locker's live row: anything but ended (the unique index locker_assignments_live_locker). */
const liveAssignmentOf = (lockerId: typeof lockers.id | SQL) =>
  and(eq(lockerAssignments.lockerId, lockerId), ne(lockerAssignments.status, "ended"));

export interface LockerOccupancy {
  lounge: LoungeSlug;
  lockerClass: LockerClass;
  total: number;
  /** Held by a member ('active'). */
  held: number;
  /** Offered, waiting for the member's answer. */
  offered: number;
  /** The member's dues lapsed: in grace, or its contents held. */
  lapsing: number;
  free: number;
}

/** For each lounge and class of the inventory, how its lockers stand: one grouped query. */
export async function lockerOccupancy(db: D1Database): Promise<LockerOccupancy[]> {
  const rows = await getDatabase(db)
    .select({
      lounge: lockers.lounge,
      lockerClass: lockers.lockerClass,
      total: sql<number>`count(*)`,
      held: sql<number>`count(case when ${lockerAssignments.status} = 'active' then 1 end)`,
      offered: sql<number>`count(case when ${lockerAssignments.status} = 'offered' then 1 end)`,
      lapsing: sql<number>`count(case when ${lockerAssignments.status} in ('grace', 'holding') then 1 end)`,
      free: sql<number>`count(case when ${lockerAssignments.id} is null then 1 end)`,
    })
    .from(lockers)
    .leftJoin(lockerAssignments, liveAssignmentOf(lockers.id))
    .groupBy(lockers.lounge, lockers.lockerClass)
    .all();
  return rows.sort(byLoungeAndClass);
}

export interface WaitingMember {
  memberId: string;
  name: string;
  tier: TierSlug;
  joinedAt: string;
  /** Whether offers reach them now; a member who may not hold a locker (suspended, dues lapsed) is passed over. */
  mayHoldLocker: boolean;
}

/**
 * Each class's waitlist, first in line first (joined_at, then rowid: the order lockers are offered
 * in, locker-offers.ts).
 */
export async function lockerWaitlists(db: D1Database): Promise<Record<LockerClass, WaitingMember[]>> {
  const rows = await getDatabase(db)
    .select({
      memberId: lockerWaitlist.memberId,
      lockerClass: lockerWaitlist.lockerClass,
      name: members.name,
      tier: members.tier,
      joinedAt: lockerWaitlist.joinedAt,
      mayHoldLocker: sql<number>`${memberMayHoldLocker}`,
    })
    .from(lockerWaitlist)
    .innerJoin(members, eq(members.id, lockerWaitlist.memberId))
    .orderBy(asc(lockerWaitlist.joinedAt), sql`${lockerWaitlist}.rowid`)
    .all();
  const waitlists: Record<LockerClass, WaitingMember[]> = { shelf: [], private: [], cedar: [] };
  for (const { lockerClass, mayHoldLocker, ...waiting } of rows)
    waitlists[lockerClass].push({ ...waiting, mayHoldLocker: mayHoldLocker === 1 });
  return waitlists;
}

export interface OpenLockerRequest {
  id: string;
  kind: "pull" | "restock" | "humidity";
  note: string | null;
  createdAt: string;
  memberName: string;
  lounge: LoungeSlug;
  lockerNumber: string;
}

/** The members' open requests, oldest first (at most `limit`). */
export async function listOpenLockerRequests(db: D1Database, limit: number): Promise<OpenLockerRequest[]> {
  return getDatabase(db)
    .select({
      id: lockerRequests.id,
      kind: lockerRequests.kind,
      note: lockerRequests.note,
      createdAt: lockerRequests.createdAt,
      memberName: members.name,
      lounge: lockers.lounge,
      lockerNumber: lockers.number,
    })
    .from(lockerRequests)
    .innerJoin(members, eq(members.id, lockerRequests.memberId))
    .innerJoin(lockers, eq(lockers.id, lockerRequests.lockerId))
    .where(eq(lockerRequests.status, "open"))
    .orderBy(asc(lockerRequests.createdAt), asc(lockerRequests.id))
    .limit(limit)
    .all();
}

/**
 * 'Mark done': one UPDATE that changes only an open request, so two concierges pressing it at once
 * record one of them; audited.
 */
export async function markLockerRequestDone(
  context: Pick<RequestContext, "env" | "logSecurityEvent">,
  conciergeId: string,
  requestId: string,
  now: number = Date.now(),
): Promise<"done" | "not-open"> {
  const [handled] = await getDatabase(context.env.DB)
    .update(lockerRequests)
    .set({ status: "done", handledBy: conciergeId, handledAt: new Date(now).toISOString() })
    .where(and(eq(lockerRequests.id, requestId), eq(lockerRequests.status, "open")))
    .returning({ memberId: lockerRequests.memberId, lockerId: lockerRequests.lockerId, kind: lockerRequests.kind });
  if (!handled) return "not-open";
  context.logSecurityEvent({
    eventType: "locker_request_done",
    severity: "low",
    description: "locker request marked done",
    userId: conciergeId,
    details: { requestId, memberId: handled.memberId, lockerId: handled.lockerId, kind: handled.kind },
  });
  return "done";
}

export interface FreeLocker {
  id: string;
  lounge: LoungeSlug;
  lockerClass: LockerClass;
  number: string;
}

/** Every locker with no live row, by lounge, class and number. */
export async function listFreeLockers(db: D1Database): Promise<FreeLocker[]> {
  const database = getDatabase(db);
  const rows = await database
    .select({ id: lockers.id, lounge: lockers.lounge, lockerClass: lockers.lockerClass, number: lockers.number })
    .from(lockers)
    .where(notExists(database.select({ id: lockerAssignments.id }).from(lockerAssignments).where(liveAssignmentOf(lockers.id))))
    .orderBy(asc(lockers.number))
    .all();
  return rows.sort(byLoungeAndClass);
}

export interface LockerCandidate {
  id: string;
  name: string;
  email: string;
  tier: TierSlug;
  /**
   * Their live lockers: the one they hold (any status but offered) and an open offer; with the
   * nameplate text the member set (a cedar-lined locker's), for the concierge to engrave.
   */
  lockers: {
    lounge: LoungeSlug;
    lockerClass: LockerClass;
    number: string;
    status: "offered" | "active" | "grace" | "holding";
    nameplate: string | null;
  }[];
  waitingFor: LockerClass | null;
}

/** At most this many members answer a search. */
const CANDIDATE_LIMIT = 8;

/**
 * Members who may hold a locker (memberMayHoldLocker) whose name or email holds `query`
 * (as the sponsor search matches: docs/product-rules.md#concierge), by name, with their lockers.
 */
export async function searchLockerCandidates(db: D1Database, query: string): Promise<LockerCandidate[]> {
  const database = getDatabase(db);
  const text = query.trim();
  const found = await database
    .select({ id: members.id, name: members.name, email: members.email, tier: members.tier })
    .from(members)
    .where(and(memberMayHoldLocker, or(containsText(members.name, text), containsText(members.email, text))))
    .orderBy(members.name, members.id)
    .limit(CANDIDATE_LIMIT)
    .all();
  if (found.length === 0) return [];
  const ids = found.map((member) => member.id);
  const [live, waiting] = await database.batch([
    database
      .select({
        memberId: lockerAssignments.memberId,
        lounge: lockers.lounge,
        lockerClass: lockers.lockerClass,
        number: lockers.number,
        status: lockerAssignments.status,
        nameplate: lockerAssignments.nameplate,
      })
      .from(lockerAssignments)
      .innerJoin(lockers, eq(lockers.id, lockerAssignments.lockerId))
      .where(and(inArray(lockerAssignments.memberId, ids), ne(lockerAssignments.status, "ended"))),
    database
      .select({ memberId: lockerWaitlist.memberId, lockerClass: lockerWaitlist.lockerClass })
      .from(lockerWaitlist)
      .where(inArray(lockerWaitlist.memberId, ids)),
  ]);
  return found.map((member) => ({
    ...member,
    lockers: live
      .filter((row) => row.memberId === member.id)
      .map(({ memberId: _memberId, status, ...locker }) => ({ ...locker, status: status as LockerCandidate["lockers"][number]["status"] })),
    waitingFor: waiting.find((row) => row.memberId === member.id)?.lockerClass ?? null,
  }));
}

export type AssignOutcome =
  | { ok: true; memberName: string; locker: FreeLocker; movedFrom: FreeLocker | null }
  | { ok: false; reason: "no-such-member" | "no-such-locker" | "already-holds" | "changed" }
  | { ok: false; reason: "taken"; number: string };

/**
 * 'Assign locker' (docs/product-rules.md#lockers, Staff): the member holds `lockerId` from now on, in one
 * D1 batch:
 * 1. the locker they hold and their open offer end ('moved');
 * 2. the locker becomes theirs ('active', started now, assigned by the concierge);
 * 3. they leave the waitlist;
 * 4. each locker that 1 freed is offered to the first in its line (locker-offers.ts).
 * Statements 1 and 2 share one guard, tested by each in the same state: the member may hold a
 * locker, nobody holds or is offered `lockerId`, and the member's live rows are the ones read
 * before (so the freed lockers offered in 4 are the ones 1 ends). Of two concierges giving the same
 * locker at once, D1 runs one batch after the other: the second's guard sees the first's locker
 * and changes nothing; the unique indexes are the backstop. Audited (`locker_assigned`).
 */
export async function assignLockerByHand(
  services: LockerServices & Pick<RequestContext, "logSecurityEvent">,
  conciergeId: string,
  choice: { memberId: string; lockerId: string },
  now: number = Date.now(),
): Promise<AssignOutcome> {
  const database = getDatabase(services.env.DB);
  const [member, locker, mine] = await Promise.all([
    database
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(and(eq(members.id, choice.memberId), memberMayHoldLocker))
      .get(),
    database.select().from(lockers).where(eq(lockers.id, choice.lockerId)).get(),
    memberAssignments(database, choice.memberId),
  ]);
  if (!member) return { ok: false, reason: "no-such-member" };
  if (!locker) return { ok: false, reason: "no-such-locker" };
  if (mine.held?.locker.id === locker.id) return { ok: false, reason: "already-holds" };

  const live = [mine.held, mine.offer].filter((row) => row !== null);
  const liveIds = live.map((row) => row.assignment.id);
  const assignmentId = crypto.randomUUID();
  const nowIso = new Date(now).toISOString();
  const guard = and(
    exists(
      database
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.id, member.id), memberMayHoldLocker)),
    ),
    notExists(
      database
        .select({ id: lockerAssignments.id })
        .from(lockerAssignments)
        .where(liveAssignmentOf(sql`${locker.id}`)),
    ),
    notExists(
      database
        .select({ id: lockerAssignments.id })
        .from(lockerAssignments)
        .where(
          and(
            eq(lockerAssignments.memberId, member.id),
            ne(lockerAssignments.status, "ended"),
            liveIds.length > 0 ? notInArray(lockerAssignments.id, liveIds) : undefined,
          ),
        ),
    ),
  );
  const freed = live.map((row) => nextInLineStatements(database, row.locker, services.config.SITE_URL, now));
  // The cedar nameplate the member set stays with them when they move to another cedar locker.
  const nameplate = lockerClasses[locker.lockerClass].nameplate ? (mine.held?.assignment.nameplate ?? null) : null;

  let assigned: { id: string }[];
  let queued: number[];
  try {
    const [, inserted, , ...offers] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "ended", endedReason: "moved", endedAt: nowIso })
        .where(and(eq(lockerAssignments.memberId, member.id), ne(lockerAssignments.status, "ended"), guard)),
      database
        .insert(lockerAssignments)
        .select(
          database
            .select(
              insertSelectRow(lockerAssignments, {
                id: assignmentId,
                lockerId: locker.id,
                memberId: member.id,
                status: "active",
                startedAt: nowIso,
                nameplate,
                assignedBy: conciergeId,
                createdAt: nowIso,
              }),
            )
            .from(members)
            .where(and(eq(members.id, member.id), guard)),
        )
        .returning({ id: lockerAssignments.id }),
      database
        .delete(lockerWaitlist)
        .where(and(eq(lockerWaitlist.memberId, member.id), sql`exists (select 1 from locker_assignments where id = ${assignmentId})`)),
      ...freed.flatMap((next) => [next.offer, next.offerEmail, next.leaveWaitlist] as const),
    ]);
    assigned = inserted;
    // After the first three statements, each freed locker's three (offer, offerEmail, leaveWaitlist).
    const offerEmails = offers.filter((_, index) => index % 3 === 1) as { id: number }[][];
    queued = offerEmails.flatMap((rows) => rows.map((row) => row.id));
  } catch (error) {
    if (isUniqueViolation(error, "locker_assignments.locker_id")) return { ok: false, reason: "taken", number: locker.number };
    if (isUniqueViolation(error, "locker_assignments.member_id")) return { ok: false, reason: "changed" };
    throw error;
  }
  if (assigned.length === 0) return refusal(database, member.id, locker);

  for (const outboxId of queued) await deliverEmail(services, outboxId, now);
  services.logSecurityEvent({
    eventType: "locker_assigned",
    severity: "low",
    description: mine.held ? "locker moved by hand" : "locker assigned by hand",
    userId: conciergeId,
    details: {
      memberId: member.id,
      lockerId: locker.id,
      movedFromLockerId: mine.held?.locker.id ?? null,
      offerEndedLockerId: mine.offer?.locker.id ?? null,
    },
  });
  const place = ({ id, lounge, lockerClass, number }: typeof locker): FreeLocker => ({ id, lounge, lockerClass, number });
  return { ok: true, memberName: member.name, locker: place(locker), movedFrom: mine.held ? place(mine.held.locker) : null };
}

/** Why the batch changed nothing, read after it. */
async function refusal(database: Database, memberId: string, locker: typeof lockers.$inferSelect): Promise<AssignOutcome> {
  const [member, holder] = await Promise.all([
    database
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), memberMayHoldLocker))
      .get(),
    database
      .select({ id: lockerAssignments.id })
      .from(lockerAssignments)
      .where(liveAssignmentOf(sql`${locker.id}`))
      .get(),
  ]);
  if (!member) return { ok: false, reason: "no-such-member" };
  if (holder) return { ok: false, reason: "taken", number: locker.number };
  return { ok: false, reason: "changed" };
}
