import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { lockerAssignments, lockers, lockerWaitlist, members } from "#db/schema.ts";
import { tierEntitlements } from "#app/features/site/tier-entitlements.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { emailIfMemberChanged } from "#worker/features/dues/dues-emails.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import {
  HOLDING_DAYS,
  lockerGraceEmail,
  lockerHoldingEmail,
  lockerReleasedEmail,
  lockerRestoredEmail,
  loungeName,
  type LockerFacts,
} from "./locker-emails.ts";
import { memberMayHoldLocker, nextInLineStatements, offerFreedLocker, runLockerOffer, type LockerServices } from "./locker-offers.ts";

/**
 * The lockers' steps of the cron (docs/product-rules.md#lockers), run every minute by
 * worker/features/operations/scheduled.ts with the trigger's time:
 * - offers past their 7 days, or to a member who may no longer hold a locker, end, and the locker
 *   goes to the next in line;
 * - a member whose dues lapsed (or who is suspended) keeps their locker for 7 days of grace, then
 *   its contents are held 60 days, then it is released to the next in line; dues paid again during
 *   either brings it back as it was;
 * - a member of the club who never had a locker of their tier's class nor an offer of it, and has
 *   no place in line (a downgrade that took effect, a member made by an operator command), is
 *   offered one;
 * - a free locker that someone in its line may take (they paid their dues again) is offered.
 * Each member's step is one batch: the UPDATE, guarded by the state it leaves, with its email
 * (queued only when that UPDATE changed the row) and, when a locker frees, its offer to the next
 * in line; so two runs at once do each step once. Each run does at most BATCH_LIMIT of each step.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 7;
const BATCH_LIMIT = 50;
const OFFERS_PER_RUN = 20;

export interface LockerCronResult {
  offersEnded: string[];
  grace: string[];
  holding: string[];
  released: string[];
  restored: string[];
  offered: string[];
}

/** SQL over `members`: the member may not hold a locker now. */
const memberMayNotHoldLocker: SQL = sql`(${members.status} = 'suspended' or ${members.duesStatus} = 'lapsed')`;

function facts(locker: typeof lockers.$inferSelect): LockerFacts {
  return { number: escapeMarkup(locker.number), loungeName: escapeMarkup(loungeName(locker.lounge)), lockerClass: locker.lockerClass };
}

function candidates(database: Database, where: SQL | undefined) {
  return database
    .select({ assignment: lockerAssignments, locker: lockers, member: { id: members.id, name: members.name, email: members.email } })
    .from(lockerAssignments)
    .innerJoin(lockers, eq(lockers.id, lockerAssignments.lockerId))
    .innerJoin(members, eq(members.id, lockerAssignments.memberId))
    .where(where)
    .limit(BATCH_LIMIT)
    .all();
}

export async function runLockerCron(services: LockerServices, now: number): Promise<LockerCronResult> {
  const database = getDatabase(services.env.DB);
  const siteUrl = services.config.SITE_URL;
  const nowIso = new Date(now).toISOString();
  const queued: number[] = [];
  const result: LockerCronResult = { offersEnded: [], grace: [], holding: [], released: [], restored: [], offered: [] };
  const mayNot = (memberId: SQL | string) =>
    sql`exists (select 1 from members m where m.id = ${memberId} and (m.status = 'suspended' or m.dues_status = 'lapsed'))`;
  const may = (memberId: SQL | string) => sql`not ${mayNot(memberId)}`;

  // Offers that ended: past their 7 days, or to a member who may not hold a locker now.
  const offerEnds = or(lte(lockerAssignments.offerExpiresAt, nowIso), mayNot(sql`${lockerAssignments.memberId}`));
  for (const { assignment, locker } of await candidates(database, and(eq(lockerAssignments.status, "offered"), offerEnds))) {
    const next = nextInLineStatements(database, locker, siteUrl, now);
    const expired = assignment.offerExpiresAt !== null && assignment.offerExpiresAt <= nowIso;
    const [ended, , email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "ended", endedReason: expired ? "offer-expired" : "membership-ended", endedAt: nowIso })
        .where(and(eq(lockerAssignments.id, assignment.id), eq(lockerAssignments.status, "offered"), offerEnds))
        .returning({ id: lockerAssignments.id }),
      next.offer,
      next.offerEmail,
      next.leaveWaitlist,
    ]);
    if (ended[0]) result.offersEnded.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
  }

  // The dues lapsed: the grace period.
  const graceEndsAt = new Date(now + GRACE_DAYS * DAY_MS).toISOString();
  const lapsing = and(eq(lockerAssignments.status, "active"), memberMayNotHoldLocker);
  for (const { assignment, locker, member } of await candidates(database, lapsing)) {
    const [changed, email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "grace", graceEndsAt })
        .where(and(eq(lockerAssignments.id, assignment.id), eq(lockerAssignments.status, "active"), mayNot(member.id)))
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        lockerGraceEmail({ name: escapeMarkup(member.name), locker: facts(locker), graceEndsAt, siteUrl }),
        member.email,
      ),
    ]);
    if (changed[0]) result.grace.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
  }

  // The grace ended unpaid: the contents are held.
  const holdUntil = new Date(now + HOLDING_DAYS * DAY_MS).toISOString();
  const graceEnded = and(eq(lockerAssignments.status, "grace"), lte(lockerAssignments.graceEndsAt, nowIso), memberMayNotHoldLocker);
  for (const { assignment, locker, member } of await candidates(database, graceEnded)) {
    const [changed, email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "holding", holdUntil })
        .where(
          and(
            eq(lockerAssignments.id, assignment.id),
            eq(lockerAssignments.status, "grace"),
            lte(lockerAssignments.graceEndsAt, nowIso),
            mayNot(member.id),
          ),
        )
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        lockerHoldingEmail({ name: escapeMarkup(member.name), locker: facts(locker), holdUntil, siteUrl }),
        member.email,
      ),
    ]);
    if (changed[0]) result.holding.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
  }

  // The holding ended unpaid: the locker is released to the next in line.
  const holdEnded = and(eq(lockerAssignments.status, "holding"), lte(lockerAssignments.holdUntil, nowIso), memberMayNotHoldLocker);
  for (const { assignment, locker, member } of await candidates(database, holdEnded)) {
    const next = nextInLineStatements(database, locker, siteUrl, now);
    const [changed, email, , offerEmail] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "ended", endedReason: "released", endedAt: nowIso })
        .where(
          and(
            eq(lockerAssignments.id, assignment.id),
            eq(lockerAssignments.status, "holding"),
            lte(lockerAssignments.holdUntil, nowIso),
            mayNot(member.id),
          ),
        )
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        lockerReleasedEmail({ name: escapeMarkup(member.name), locker: facts(locker), siteUrl }),
        member.email,
      ),
      next.offer,
      next.offerEmail,
      next.leaveWaitlist,
    ]);
    if (changed[0]) result.released.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
    if (offerEmail[0]) queued.push(offerEmail[0].id);
  }

  // Dues paid again during the grace or the holding: the locker is theirs again.
  const restoring = and(inArray(lockerAssignments.status, ["grace", "holding"]), memberMayHoldLocker);
  for (const { assignment, locker, member } of await candidates(database, restoring)) {
    const [changed, email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "active", graceEndsAt: null, holdUntil: null })
        .where(and(eq(lockerAssignments.id, assignment.id), inArray(lockerAssignments.status, ["grace", "holding"]), may(member.id)))
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        lockerRestoredEmail({ name: escapeMarkup(member.name), locker: facts(locker), siteUrl }),
        member.email,
      ),
    ]);
    if (changed[0]) result.restored.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
  }

  // Members of the club with nothing of their class: no locker of it, no offer, no place in line.
  const tierClass = sql`case ${members.tier} ${sql.join(
    Object.entries(tierEntitlements).map(([tier, entitlements]) => sql`when ${tier} then ${entitlements.lockerClass}`),
    sql` `,
  )} end`;
  const unserved = await database
    .select({ id: members.id, name: members.name, email: members.email, tier: members.tier })
    .from(members)
    .leftJoin(lockerWaitlist, and(eq(lockerWaitlist.memberId, members.id), eq(lockerWaitlist.lockerClass, tierClass)))
    .where(
      and(
        eq(members.status, "active"),
        eq(members.role, "member"),
        ne(members.duesStatus, "lapsed"),
        isNull(lockerWaitlist.memberId),
        // Never had one of the class, nor an offer: a member whose offer ended (declined, or let
        // run out) or whose locker was released joins the line again from /members/locker. A
        // locker staff assigned by hand, of whatever class, is the staff's decision: it stands.
        sql`not exists (select 1 from locker_assignments mine join lockers mine_locker on mine_locker.id = mine.locker_id
          where mine.member_id = ${members.id} and (mine.status = 'offered' or mine_locker.locker_class = ${tierClass}
            or (mine.assigned_by is not null and mine.status <> 'ended')))`,
      ),
    )
    .orderBy(asc(members.createdAt))
    .limit(OFFERS_PER_RUN)
    .all();
  for (const member of unserved) {
    const outcome = await runLockerOffer(database, member, siteUrl, now);
    if (outcome.outcome === "offered" || outcome.outcome === "waitlisted") {
      result.offered.push(member.id);
      if (outcome.outboxId !== null) queued.push(outcome.outboxId);
    }
  }

  for (const id of queued) await deliverEmail(services, id, now);

  // Free lockers of a class someone in line may take now (they paid their dues again, say).
  const waited = await database
    .select({ id: lockers.id })
    .from(lockers)
    .where(
      and(
        sql`not exists (select 1 from locker_assignments live where live.locker_id = ${lockers.id} and live.status <> 'ended')`,
        sql`exists (select 1 from locker_waitlist w join members waiter on waiter.id = w.member_id
          where w.locker_class = ${lockers.lockerClass} and waiter.status <> 'suspended' and waiter.dues_status <> 'lapsed')`,
      ),
    )
    .orderBy(asc(lockers.id))
    .limit(OFFERS_PER_RUN)
    .all();
  for (const locker of waited) {
    const memberId = await offerFreedLocker(services, locker.id, now);
    if (memberId) result.offered.push(memberId);
  }
  return result;
}
