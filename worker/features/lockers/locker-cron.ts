import { and, asc, eq, inArray, isNull, lt, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { lockerAssignments, lockers, lockerWaitlist, members } from "#db/schema.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { emailIfMemberChanged } from "#worker/features/dues/dues-emails.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import {
  DOWNGRADE_HOLDING_DAYS,
  HOLDING_DAYS,
  lockerDowngradeHoldingEmail,
  lockerGraceEmail,
  lockerHoldingEmail,
  lockerReleasedEmail,
  lockerRestoredEmail,
  loungeName,
  type LockerFacts,
} from "./locker-emails.ts";
import {
  lockerClassRankSql,
  memberMayHoldLocker,
  nextInLineStatements,
  offerFreedLocker,
  runLockerOffer,
  someoneMayTakeLocker,
  tierLockerClassSql,
  tierOpensLoungeSql,
  type LockerServices,
} from "./locker-offers.ts";

/**
 * The lockers' steps of the cron (docs/product-rules.md#lockers), run every minute by
 * worker/features/operations/scheduled.ts with the trigger's time:
 * - offers past their end, to a member who may no longer hold a locker, or of a locker their tier
 *   no longer has (the tier changed), end, and the locker goes to the next in line; a place in
 *   the line of a class their tier no longer has ends;
 * - a member whose dues lapsed (or who is suspended) keeps their locker for 7 days of grace, then
 *   its contents are held 60 days, then it is released to the next in line; dues paid again during
 *   either brings it back as it was;
 * - a member whose downgrade took effect and who holds, not by a staff assignment, a locker of a
 *   bigger class than their tier's: it closes at once and its contents are held 14 days, then it is
 *   released (a tier that includes it again brings it back meanwhile);
 * - a member of the club with no offer of their tier's class and no place in line is offered one
 *   if they never had a locker of that class (a member made by an operator command), or if they
 *   hold, not by a staff assignment, a locker of a bigger class (a downgrade took effect), even
 *   after declining or letting an earlier offer run out;
 * - a free locker that someone in its line may take now (they paid their dues again) is offered.
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

/**
 * SQL over `locker_assignments`: a locker of a bigger class than the member's tier includes, not
 * given by staff (a downgrade took effect; docs/product-rules.md#lockers). A smaller one (they
 * declined an upgrade's offer) and a staff assignment stand.
 */
const tierNoLongerIncludes: SQL = sql`(${lockerAssignments.assignedBy} is null and exists (select 1 from members m join lockers l on l.id = ${lockerAssignments.lockerId}
  where m.id = ${lockerAssignments.memberId} and ${lockerClassRankSql(sql`l.locker_class`)} > ${lockerClassRankSql(tierLockerClassSql(sql`m.tier`))}))`;

function facts(locker: typeof lockers.$inferSelect): LockerFacts {
  return { number: escapeMarkup(locker.number), loungeName: escapeMarkup(loungeName(locker.lounge)), lockerClass: locker.lockerClass };
}

function candidates(database: Database, where: SQL | undefined) {
  return database
    .select({
      assignment: lockerAssignments,
      locker: lockers,
      member: { id: members.id, name: members.name, email: members.email, tier: members.tier },
    })
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

  // Offers that ended: past their last millisecond, to a member who may not hold a locker now, or
  // of a locker whose class or lounge the member's tier no longer has.
  const tierLacks = sql`not exists (select 1 from members m join lockers l on l.id = ${lockerAssignments.lockerId}
    where m.id = ${lockerAssignments.memberId} and ${tierLockerClassSql(sql`m.tier`)} = l.locker_class and ${tierOpensLoungeSql(sql`m.tier`, sql`l.lounge`)})`;
  const offerEnds = or(lt(lockerAssignments.offerExpiresAt, nowIso), mayNot(sql`${lockerAssignments.memberId}`), tierLacks);
  for (const { assignment, locker } of await candidates(database, and(eq(lockerAssignments.status, "offered"), offerEnds))) {
    const next = nextInLineStatements(database, locker, siteUrl, now);
    const expired = assignment.offerExpiresAt !== null && assignment.offerExpiresAt < nowIso;
    const [ended, , email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({
          status: "ended",
          endedReason: expired
            ? "offer-expired"
            : sql`case when ${mayNot(sql`${lockerAssignments.memberId}`)} then 'membership-ended' else 'replaced' end`,
          endedAt: nowIso,
        })
        .where(and(eq(lockerAssignments.id, assignment.id), eq(lockerAssignments.status, "offered"), offerEnds))
        .returning({ id: lockerAssignments.id }),
      next.offer,
      next.offerEmail,
      next.leaveWaitlist,
    ]);
    if (ended[0]) result.offersEnded.push(assignment.id);
    if (email[0]) queued.push(email[0].id);
  }

  // A place in the line of a class the member's tier no longer has (the tier changed).
  await database
    .delete(lockerWaitlist)
    .where(
      sql`not exists (select 1 from members m where m.id = ${lockerWaitlist.memberId} and ${tierLockerClassSql(sql`m.tier`)} = ${lockerWaitlist.lockerClass})`,
    );

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

  // A downgrade took effect: a locker the tier does not include closes, its contents held.
  const downgradeHoldUntil = new Date(now + DOWNGRADE_HOLDING_DAYS * DAY_MS).toISOString();
  const outgrown = and(eq(lockerAssignments.status, "active"), tierNoLongerIncludes, memberMayHoldLocker);
  for (const { assignment, locker, member } of await candidates(database, outgrown)) {
    const [changed, email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "holding", holdUntil: downgradeHoldUntil })
        .where(and(eq(lockerAssignments.id, assignment.id), eq(lockerAssignments.status, "active"), tierNoLongerIncludes))
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        lockerDowngradeHoldingEmail({
          name: escapeMarkup(member.name),
          locker: facts(locker),
          tierName: tierBySlug(member.tier).name,
          holdUntil: downgradeHoldUntil,
          siteUrl,
        }),
        member.email,
      ),
    ]);
    if (changed[0]) result.holding.push(assignment.id);
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
  const holdEnded = and(
    eq(lockerAssignments.status, "holding"),
    lte(lockerAssignments.holdUntil, nowIso),
    or(memberMayNotHoldLocker, tierNoLongerIncludes),
  );
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
            or(mayNot(member.id), tierNoLongerIncludes),
          ),
        )
        .returning({ id: lockerAssignments.id }),
      emailIfMemberChanged(
        database,
        member.id,
        // A lapse passes through grace (graceEndsAt set); a downgrade goes straight to holding.
        lockerReleasedEmail({ name: escapeMarkup(member.name), locker: facts(locker), siteUrl, afterDowngrade: !assignment.graceEndsAt }),
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
  const restoring = and(inArray(lockerAssignments.status, ["grace", "holding"]), memberMayHoldLocker, not(tierNoLongerIncludes));
  for (const { assignment, locker, member } of await candidates(database, restoring)) {
    const [changed, email] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "active", graceEndsAt: null, holdUntil: null })
        .where(
          and(
            eq(lockerAssignments.id, assignment.id),
            inArray(lockerAssignments.status, ["grace", "holding"]),
            may(member.id),
            not(tierNoLongerIncludes),
          ),
        )
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
  const tierClass = tierLockerClassSql(sql`${members.tier}`);
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
        // No offer or locker of the class now, and no locker staff assigned by hand (of whatever
        // class: the staff's decision stands).
        sql`not exists (select 1 from locker_assignments mine join lockers mine_locker on mine_locker.id = mine.locker_id
          where mine.member_id = ${members.id} and mine.status <> 'ended'
            and (mine_locker.locker_class = ${tierClass} or mine.assigned_by is not null))`,
        or(
          // Never had one of the class: a member whose offer of it ended (declined, or let run
          // out) or whose locker of it was released joins the line again from /members/locker.
          sql`not exists (select 1 from locker_assignments mine join lockers mine_locker on mine_locker.id = mine.locker_id
            where mine.member_id = ${members.id} and mine_locker.locker_class = ${tierClass})`,
          // Holds a bigger class than their tier's (a downgrade took effect): offered their class
          // again until they accept it. A smaller one (they declined an upgrade's offer) stays.
          sql`exists (select 1 from locker_assignments mine join lockers mine_locker on mine_locker.id = mine.locker_id
            where mine.member_id = ${members.id} and mine.status in ('active', 'grace', 'holding')
              and ${lockerClassRankSql(sql`mine_locker.locker_class`)} > ${lockerClassRankSql(tierClass)})`,
        ),
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

  // Free lockers someone in line may take now (they paid their dues again, an offer ended by a
  // tier change freed it): only those, so lockers nobody can take are not retried every run
  // ahead of the others.
  const waited = await database
    .select({ id: lockers.id })
    .from(lockers)
    .where(
      and(
        sql`not exists (select 1 from locker_assignments live where live.locker_id = ${lockers.id} and live.status <> 'ended')`,
        someoneMayTakeLocker,
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
