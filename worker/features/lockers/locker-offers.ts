import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { lockerAssignments, lockers, lockerWaitlist, members, outbox } from "#db/schema.ts";
import {
  isSmallerLockerClass,
  lockerClasses,
  tierEntitlements,
  tiersWithLockerClass,
  type LockerClass,
  type TierSlug,
} from "#app/features/site/tier-entitlements.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { isUniqueViolation } from "#worker/features/admissions/invitation-links.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { fillSlots, slot, sqlEscapeMarkup } from "#worker/shared/email-sql.ts";
import { lockerOfferEmail, lockerWaitlistedEmail, loungeName } from "./locker-emails.ts";

/**
 * Offers of lockers and the waitlists of the locker classes (docs/product-rules.md#lockers). Every
 * decision is one D1 batch: the statement that decides tests every condition itself (the locker is
 * free, the member may hold one, nobody waits ahead), and the email is queued in the same batch
 * only if the decision was made. D1 runs one statement at a time, so of two members racing for
 * the last locker the second's statement sees the first's offer and waitlists them instead; the
 * partial unique indexes of db/schema/lockers.ts are the backstop.
 */
export type LockerServices = Pick<RequestContext, "env" | "config" | "signingKey">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An offer holds for 7 days. */
export const LOCKER_OFFER_DAYS = 7;

/**
 * When an offer made at `now` ends: the last millisecond of the Portland day 7 days on, the day the
 * email and /members/locker print ("accept it by March 8"); it is open while now <= this.
 */
export function lockerOfferExpiresAt(now: number): string {
  const day = portlandDay(new Date(now + LOCKER_OFFER_DAYS * DAY_MS));
  const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  // Midnight exists every day in Portland (the clocks change at 2 am).
  return new Date(Date.parse(portlandTimeToUtc(nextDay, "00:00")!) - 1).toISOString();
}

/** SQL: the locker class of a tier column (tier-entitlements.ts). */
export function tierLockerClassSql(tier: SQL): SQL {
  return sql`(case ${tier} ${sql.join(
    Object.entries(tierEntitlements).map(([slug, entitlements]) => sql`when ${slug} then ${entitlements.lockerClass}`),
    sql` `,
  )} end)`;
}

/** SQL: the rank of a locker class column, smallest first (shelf < private < cedar). */
export function lockerClassRankSql(lockerClass: SQL): SQL {
  return sql`(case ${lockerClass} ${sql.join(
    (Object.keys(lockerClasses) as LockerClass[]).map((name, rank) => sql`when ${name} then ${rank}`),
    sql` `,
  )} end)`;
}

/** SQL: the tier column `tier` opens the lounge column `lounge`. */
export function tierOpensLoungeSql(tier: SQL, lounge: SQL): SQL {
  return sql`(${sql.join(
    Object.entries(tierEntitlements).map(
      ([slug, entitlements]) =>
        sql`(${tier} = ${slug} and ${lounge} in (${sql.join(
          entitlements.lounges.map((name) => sql`${name}`),
          sql`, `,
        )}))`,
    ),
    sql` or `,
  )})`;
}

export const heldStatuses = ["active", "grace", "holding"] as const;

/** SQL over `members`: the member may hold or be offered a locker (not suspended, dues not lapsed). */
export const memberMayHoldLocker: SQL = sql`(${members.status} <> 'suspended' and ${members.duesStatus} <> 'lapsed')`;

/** SQL: nobody holds or is offered the locker `lockerId` (an SQL expression or a value). */
function lockerIsFree(lockerId: SQL | string): SQL {
  return sql`not exists (select 1 from locker_assignments live where live.locker_id = ${lockerId} and live.status <> 'ended')`;
}

/**
 * SQL: the member (an expression or a value) has an open offer of `lockerClass`, or holds a locker
 * of it: either way they are not offered one of that class nor put in its line. (An open offer of
 * another class is one their tier no longer has: lockerOfferStatements ends it.)
 */
function hasOfferOrLockerOfClass(memberId: SQL | string, lockerClass: LockerClass | SQL): SQL {
  return sql`exists (select 1 from locker_assignments mine join lockers mine_locker on mine_locker.id = mine.locker_id
    where mine.member_id = ${memberId} and mine.status <> 'ended' and mine_locker.locker_class = ${lockerClass})`;
}

/** SQL: the member has an open offer, of any class (the unique index allows one). */
function hasOpenOffer(memberId: SQL | string): SQL {
  return sql`exists (select 1 from locker_assignments offered where offered.member_id = ${memberId} and offered.status = 'offered')`;
}

/**
 * SQL over a waitlist row `ahead` joined to its member `waiter`: the waiter is one an offer of the
 * row's class may go to (they may hold a locker and their tier has that class); the others are
 * passed over by every offer, so they count for no place in line.
 */
const waiterCounts = sql`(waiter.status <> 'suspended' and waiter.dues_status <> 'lapsed'
  and ${tierLockerClassSql(sql`waiter.tier`)} = ahead.locker_class)`;

/** SQL: someone an offer may go to waits for one of `lockerClass`, other than `memberId`. */
function someoneWaitsFor(lockerClass: LockerClass, memberId: string): SQL {
  return sql`exists (select 1 from locker_waitlist ahead join members waiter on waiter.id = ahead.member_id
    where ahead.locker_class = ${lockerClass} and ahead.member_id <> ${memberId} and ${waiterCounts})`;
}

/** SQL: the member's place in their class's line, 1 for the first, counting only the waiters who count (waiterCounts). */
export function waitlistPositionSql(memberId: string): SQL<number> {
  return sql<number>`(select count(*) from locker_waitlist ahead join members waiter on waiter.id = ahead.member_id
    join locker_waitlist me on me.member_id = ${memberId}
    where ahead.locker_class = me.locker_class and (${waiterCounts} or ahead.member_id = me.member_id)
      and (ahead.joined_at < me.joined_at or (ahead.joined_at = me.joined_at and ahead.rowid <= me.rowid)))`;
}

/**
 * SQL over `lockers`: someone in the locker's line may be offered it now (they may hold a locker,
 * their tier has its class and opens its lounge, they have no open offer and no locker of the
 * class): the cron offers free lockers only then.
 */
export const someoneMayTakeLocker: SQL = sql`exists (select 1 from locker_waitlist ahead join members waiter on waiter.id = ahead.member_id
  where ahead.locker_class = ${lockers.lockerClass} and ${waiterCounts}
    and ${tierOpensLoungeSql(sql`waiter.tier`, sql`${lockers.lounge}`)}
    and not ${hasOpenOffer(sql`ahead.member_id`)}
    and not ${hasOfferOrLockerOfClass(sql`ahead.member_id`, sql`${lockers.lockerClass}`)})`;

/** SQL: the lounge's name for a lounge column. */
function loungeNameSql(lounge: SQL): SQL {
  return sql`case ${lounge} when 'kickback' then ${loungeName("kickback")} when 'business' then ${loungeName("business")} else ${loungeName("platinum")} end`;
}

/** The member an offer is made to. */
export interface LockerMember {
  id: string;
  name: string;
  email: string;
  tier: TierSlug;
}

/**
 * The statements that offer `member` a free locker of their tier's class, or put them in that
 * class's line, to run in one batch (alone, or after the statement that made the member or
 * changed their tier: they read the member's row as the batch left it, and do nothing unless the
 * member has `member.tier` and may hold a locker):
 * 0. `endOtherOffer`: their open offer of a locker their tier no longer has (another class, or a
 *    lounge the tier does not open), after a tier change; the cron offers that locker to its line;
 * 1. `offer`: the first free locker of the class in the tier's lounges (home lounge first, then
 *    by number), unless the member has an open offer or holds a locker of the class, or someone
 *    else who may hold a locker waits for the class;
 * 2. `offerEmail`: the offer's email, if 1 offered;
 * 3. `leaveWaitlist`: their place in line, if 1 offered;
 * 4. `joinWaitlist`: the class's line, if they have no offer nor a locker of the class (a place in
 *    another class's line moves to this one, at its end);
 * 5. `waitlistEmail`: their place in line, if 4 added them.
 */
export function lockerOfferStatements(database: Database, member: LockerMember, siteUrl: string, now: number) {
  const entitlements = tierEntitlements[member.tier];
  const lockerClass = entitlements.lockerClass;
  const assignmentId = crypto.randomUUID();
  const nowIso = new Date(now).toISOString();
  const expiresAt = lockerOfferExpiresAt(now);
  const memberHere = and(eq(members.id, member.id), eq(members.tier, member.tier), memberMayHoldLocker);
  const memberMay = sql`exists (select 1 from ${members} where ${memberHere})`;
  const homeFirst = sql`case ${lockers.lounge} ${sql.join(
    entitlements.lounges.map((lounge, index) => sql`when ${lounge} then ${index}`),
    sql` `,
  )} end`;
  const name = escapeMarkup(member.name);
  const offerMessage = lockerOfferEmail({
    name,
    locker: { number: slot("number"), loungeName: slot("lounge"), lockerClass },
    expiresAt,
    siteUrl,
  });
  const waitlistMessage = lockerWaitlistedEmail({ name, lockerClass, position: slot("position"), siteUrl });
  const offered = sql`exists (select 1 from locker_assignments where id = ${assignmentId})`;

  return {
    endOtherOffer: database
      .update(lockerAssignments)
      .set({ status: "ended", endedReason: "replaced", endedAt: nowIso })
      .where(
        and(
          eq(lockerAssignments.memberId, member.id),
          eq(lockerAssignments.status, "offered"),
          memberMay,
          sql`not exists (select 1 from lockers fits where fits.id = ${lockerAssignments.lockerId}
            and fits.locker_class = ${lockerClass} and fits.lounge in (${sql.join(
              entitlements.lounges.map((lounge) => sql`${lounge}`),
              sql`, `,
            )}))`,
        ),
      ),
    offer: database
      .insert(lockerAssignments)
      .select(
        database
          .select(
            insertSelectRow(lockerAssignments, {
              id: assignmentId,
              lockerId: sql`${lockers.id}`,
              memberId: member.id,
              status: "offered",
              offeredAt: nowIso,
              offerExpiresAt: expiresAt,
              createdAt: nowIso,
            }),
          )
          .from(lockers)
          .where(
            and(
              eq(lockers.lockerClass, lockerClass),
              inArray(lockers.lounge, entitlements.lounges),
              lockerIsFree(sql`${lockers.id}`),
              memberMay,
              sql`not ${hasOfferOrLockerOfClass(member.id, lockerClass)}`,
              sql`not ${someoneWaitsFor(lockerClass, member.id)}`,
            ),
          )
          .orderBy(homeFirst, asc(lockers.number))
          .limit(1),
      )
      .returning({ id: lockerAssignments.id, lockerId: lockerAssignments.lockerId }),
    offerEmail: database
      .insert(outbox)
      .select(
        database
          .select(
            insertSelectRow(outbox, {
              channel: "email",
              recipient: member.email,
              subject: offerMessage.subject,
              body: fillSlots(offerMessage.body, {
                number: sqlEscapeMarkup(sql`${lockers.number}`),
                lounge: loungeNameSql(sql`${lockers.lounge}`),
              }),
            }),
          )
          .from(lockerAssignments)
          .innerJoin(lockers, eq(lockers.id, lockerAssignments.lockerId))
          .where(eq(lockerAssignments.id, assignmentId)),
      )
      .returning({ id: outbox.id }),
    leaveWaitlist: database.delete(lockerWaitlist).where(and(eq(lockerWaitlist.memberId, member.id), offered)),
    joinWaitlist: database
      .insert(lockerWaitlist)
      .select(
        database
          .select(insertSelectRow(lockerWaitlist, { memberId: member.id, lockerClass, joinedAt: nowIso }))
          .from(members)
          .where(and(memberHere, sql`not ${hasOfferOrLockerOfClass(member.id, lockerClass)}`)),
      )
      .onConflictDoUpdate({
        target: lockerWaitlist.memberId,
        set: { lockerClass, joinedAt: nowIso },
        setWhere: sql`${lockerWaitlist.lockerClass} <> excluded.locker_class`,
      })
      .returning({ memberId: lockerWaitlist.memberId }),
    waitlistEmail: database
      .insert(outbox)
      .select(
        database
          .select(
            insertSelectRow(outbox, {
              channel: "email",
              recipient: member.email,
              subject: waitlistMessage.subject,
              body: fillSlots(waitlistMessage.body, { position: waitlistPositionSql(member.id) }),
            }),
          )
          .from(members)
          // changes(): the previous statement (joinWaitlist) added or moved the member's place.
          .where(and(eq(members.id, member.id), sql`changes() = 1`)),
      )
      .returning({ id: outbox.id }),
  };
}

export type LockerOfferOutcome =
  | { outcome: "offered"; lockerId: string; outboxId: number | null }
  | { outcome: "waitlisted"; outboxId: number | null }
  /** Nothing to do: they have an open offer, hold a locker of their class, or already wait for one. */
  | { outcome: "unchanged" }
  /** No such member, or they may not hold a locker now (suspended, dues lapsed). */
  | { outcome: "not-eligible" };

/** Runs lockerOfferStatements in a batch of its own; the caller delivers the email. */
export async function runLockerOffer(database: Database, member: LockerMember, siteUrl: string, now: number): Promise<LockerOfferOutcome> {
  for (let attempt = 0; ; attempt++) {
    const statements = lockerOfferStatements(database, member, siteUrl, now);
    try {
      const [, offered, offerEmail, , waitlisted, waitlistEmail] = await database.batch([
        statements.endOtherOffer,
        statements.offer,
        statements.offerEmail,
        statements.leaveWaitlist,
        statements.joinWaitlist,
        statements.waitlistEmail,
      ]);
      if (offered[0]) return { outcome: "offered", lockerId: offered[0].lockerId, outboxId: offerEmail[0]?.id ?? null };
      if (waitlisted[0]) return { outcome: "waitlisted", outboxId: waitlistEmail[0]?.id ?? null };
      return { outcome: "unchanged" };
    } catch (error) {
      // The unique indexes refused an offer another batch made in between: decide again, once.
      if (
        attempt === 0 &&
        (isUniqueViolation(error, "locker_assignments.locker_id") || isUniqueViolation(error, "locker_assignments.member_id"))
      )
        continue;
      throw error;
    }
  }
}

/**
 * Offers the member a free locker of their tier's class, or puts them in that class's line with
 * a visible position; emails them either way (delivered at once; the cron retries a failure).
 * Called when a membership becomes active or changes tier, when the member asks to join the line
 * again from /members/locker, and by the cron for members who have no locker of their class.
 * Of members racing for the last locker of a class, one is offered it and the others are put in
 * line, in the order their requests reached D1.
 */
export async function offerLocker(services: LockerServices, memberId: string, now: number = Date.now()): Promise<LockerOfferOutcome> {
  const database = getDatabase(services.env.DB);
  const member = await database
    .select({ id: members.id, name: members.name, email: members.email, tier: members.tier })
    .from(members)
    .where(and(eq(members.id, memberId), memberMayHoldLocker))
    .get();
  if (!member) return { outcome: "not-eligible" };
  const result = await runLockerOffer(database, member, services.config.SITE_URL, now);
  if ((result.outcome === "offered" || result.outcome === "waitlisted") && result.outboxId !== null)
    await deliverEmail(services, result.outboxId, now);
  return result;
}

/** A locker as the offers and emails need it. */
export type LockerRow = typeof lockers.$inferSelect;

/**
 * The statements that offer the locker `locker` to the first in its class's line who may take it
 * (a member who may hold a locker, whose tier opens the locker's lounge, with no open offer and no
 * locker of the class), to add to the batch that frees it (after the statement that frees it:
 * they do nothing while the locker is held or offered):
 * 1. `offer`: the offer (7 days);
 * 2. `offerEmail`: its email, if 1 offered;
 * 3. `leaveWaitlist`: the member's place in line, if 1 offered.
 * Returns the outbox id in the result of `offerEmail`; deliver it after the batch (deliverEmail).
 */
export function nextInLineStatements(database: Database, locker: LockerRow, siteUrl: string, now: number) {
  const assignmentId = crypto.randomUUID();
  const nowIso = new Date(now).toISOString();
  const expiresAt = lockerOfferExpiresAt(now);
  const tiers = tiersWithLockerClass(locker.lockerClass).filter((tier) => tierEntitlements[tier].lounges.includes(locker.lounge));
  const message = lockerOfferEmail({
    name: slot("name"),
    locker: { number: escapeMarkup(locker.number), loungeName: escapeMarkup(loungeName(locker.lounge)), lockerClass: locker.lockerClass },
    expiresAt,
    siteUrl,
  });
  return {
    offer: database
      .insert(lockerAssignments)
      .select(
        database
          .select(
            insertSelectRow(lockerAssignments, {
              id: assignmentId,
              lockerId: locker.id,
              memberId: sql`${lockerWaitlist.memberId}`,
              status: "offered",
              offeredAt: nowIso,
              offerExpiresAt: expiresAt,
              createdAt: nowIso,
            }),
          )
          .from(lockerWaitlist)
          .innerJoin(members, eq(members.id, lockerWaitlist.memberId))
          .where(
            and(
              eq(lockerWaitlist.lockerClass, locker.lockerClass),
              tiers.length > 0 ? inArray(members.tier, tiers) : sql`0`,
              memberMayHoldLocker,
              lockerIsFree(locker.id),
              sql`not ${hasOpenOffer(sql`${lockerWaitlist.memberId}`)}`,
              sql`not ${hasOfferOrLockerOfClass(sql`${lockerWaitlist.memberId}`, locker.lockerClass)}`,
            ),
          )
          .orderBy(asc(lockerWaitlist.joinedAt), sql`${lockerWaitlist}.rowid`)
          .limit(1),
      )
      .returning({ id: lockerAssignments.id, memberId: lockerAssignments.memberId }),
    offerEmail: database
      .insert(outbox)
      .select(
        database
          .select(
            insertSelectRow(outbox, {
              channel: "email",
              recipient: sql`${members.email}`,
              subject: message.subject,
              body: fillSlots(message.body, { name: sqlEscapeMarkup(sql`${members.name}`) }),
            }),
          )
          .from(lockerAssignments)
          .innerJoin(members, eq(members.id, lockerAssignments.memberId))
          .where(eq(lockerAssignments.id, assignmentId)),
      )
      .returning({ id: outbox.id }),
    leaveWaitlist: database
      .delete(lockerWaitlist)
      .where(eq(lockerWaitlist.memberId, sql`(select member_id from locker_assignments where id = ${assignmentId})`)),
  };
}

/**
 * Offers a free locker to the first in its class's line who may take it (nextInLineStatements),
 * in a batch of its own, and delivers the email. For staff who free a locker by hand (a move), and
 * for the cron's catch-up. Returns the member offered it, or null (nobody waiting, or the locker
 * is not free).
 */
export async function offerFreedLocker(services: LockerServices, lockerId: string, now: number = Date.now()): Promise<string | null> {
  const database = getDatabase(services.env.DB);
  const locker = await database.select().from(lockers).where(eq(lockers.id, lockerId)).get();
  if (!locker) return null;
  const next = nextInLineStatements(database, locker, services.config.SITE_URL, now);
  const [offered, queued] = await database.batch([next.offer, next.offerEmail, next.leaveWaitlist]);
  if (queued[0]) await deliverEmail(services, queued[0].id, now);
  return offered[0]?.memberId ?? null;
}

/** The member's open offer and the locker they hold, with their lockers. */
export async function memberAssignments(database: Database, memberId: string) {
  const rows = await database
    .select({ assignment: lockerAssignments, locker: lockers })
    .from(lockerAssignments)
    .innerJoin(lockers, eq(lockers.id, lockerAssignments.lockerId))
    .where(and(eq(lockerAssignments.memberId, memberId), ne(lockerAssignments.status, "ended")))
    .all();
  return {
    offer: rows.find((row) => row.assignment.status === "offered") ?? null,
    held: rows.find((row) => row.assignment.status !== "offered") ?? null,
  };
}

/** The offer is of a smaller class than the locker the member holds by no staff decision: a downgrade's. */
export function isDowngradeOffer(
  offer: { locker: { lockerClass: LockerClass } },
  held: { locker: { lockerClass: LockerClass }; assignment: { assignedBy: string | null } } | null,
): boolean {
  return held !== null && held.assignment.assignedBy === null && isSmallerLockerClass(offer.locker.lockerClass, held.locker.lockerClass);
}

export type OfferAnswer =
  /** passedOn: the declined locker was offered to the next in line. */
  { ok: true; lockerId: string; passedOn?: boolean } | { ok: false; reason: "no-offer" | "expired" | "not-eligible" | "downsize" };

/**
 * The member accepts their offer (before it ends): it becomes the locker they hold, and the
 * locker they held until now (an upgrade's or a downgrade's offer) ends as 'replaced' and is
 * offered to the next in its line, all in one batch.
 */
export async function acceptLockerOffer(services: LockerServices, memberId: string, now: number = Date.now()): Promise<OfferAnswer> {
  const database = getDatabase(services.env.DB);
  const { offer, held } = await memberAssignments(database, memberId);
  if (!offer) return { ok: false, reason: "no-offer" };
  const nowIso = new Date(now).toISOString();
  if (!offer.assignment.offerExpiresAt || offer.assignment.offerExpiresAt < nowIso) return { ok: false, reason: "expired" };
  // Open through its last millisecond (lockerOfferExpiresAt), of a class and lounge the member's
  // tier has now (their tier may have changed since the offer).
  const stillOffered = sql`exists (select 1 from locker_assignments o join members m on m.id = o.member_id
      join lockers offered_locker on offered_locker.id = o.locker_id
    where o.id = ${offer.assignment.id} and o.status = 'offered' and o.offer_expires_at >= ${nowIso}
      and m.status <> 'suspended' and m.dues_status <> 'lapsed'
      and ${tierLockerClassSql(sql`m.tier`)} = offered_locker.locker_class
      and ${tierOpensLoungeSql(sql`m.tier`, sql`offered_locker.lounge`)})`;
  const accept = database
    .update(lockerAssignments)
    .set({ status: "active", startedAt: nowIso })
    .where(and(eq(lockerAssignments.id, offer.assignment.id), stillOffered))
    .returning({ id: lockerAssignments.id });

  try {
    if (!held) {
      const [accepted] = await database.batch([accept]);
      return accepted[0] ? { ok: true, lockerId: offer.locker.id } : refusal(database, memberId);
    }
    const next = nextInLineStatements(database, held.locker, services.config.SITE_URL, now);
    const [, accepted, , queued] = await database.batch([
      database
        .update(lockerAssignments)
        .set({ status: "ended", endedReason: "replaced", endedAt: nowIso })
        .where(and(eq(lockerAssignments.id, held.assignment.id), inArray(lockerAssignments.status, heldStatuses), stillOffered)),
      accept,
      next.offer,
      next.offerEmail,
      next.leaveWaitlist,
    ]);
    if (!accepted[0]) return refusal(database, memberId);
    if (queued[0]) await deliverEmail(services, queued[0].id, now);
    return { ok: true, lockerId: offer.locker.id };
  } catch (error) {
    // Staff gave the member a locker in between (the index allows one held locker): the offer stands refused.
    if (isUniqueViolation(error, "locker_assignments.member_id")) return refusal(database, memberId);
    throw error;
  }
}

async function refusal(database: Database, memberId: string): Promise<OfferAnswer> {
  const member = await database
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), memberMayHoldLocker))
    .get();
  return { ok: false, reason: member ? "expired" : "not-eligible" };
}

/**
 * The member declines their offer: it ends ('declined') and the locker is offered to the next in
 * line, in one batch. They are no longer in line (the offer was their turn); they may join again.
 */
export async function declineLockerOffer(services: LockerServices, memberId: string, now: number = Date.now()): Promise<OfferAnswer> {
  const database = getDatabase(services.env.DB);
  const { offer, held } = await memberAssignments(database, memberId);
  if (!offer) return { ok: false, reason: "no-offer" };
  // A downgrade's offer (smaller than the locker they hold, which was not staff's decision) is not
  // declined: declining would only bring the offer back from the cron (docs/product-rules.md#lockers).
  if (isDowngradeOffer(offer, held)) return { ok: false, reason: "downsize" };
  const next = nextInLineStatements(database, offer.locker, services.config.SITE_URL, now);
  const [declined, passedOn, queued] = await database.batch([
    database
      .update(lockerAssignments)
      .set({ status: "ended", endedReason: "declined", endedAt: new Date(now).toISOString() })
      .where(and(eq(lockerAssignments.id, offer.assignment.id), eq(lockerAssignments.status, "offered")))
      .returning({ id: lockerAssignments.id }),
    next.offer,
    next.offerEmail,
    next.leaveWaitlist,
  ]);
  if (!declined[0]) return { ok: false, reason: "no-offer" };
  if (queued[0]) await deliverEmail(services, queued[0].id, now);
  return { ok: true, lockerId: offer.locker.id, passedOn: passedOn.length > 0 };
}
