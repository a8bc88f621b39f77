import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { promoteFromWaitlist, type AdmissionsServices } from "#worker/features/admissions/tier-places.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { duesLapsedEmail, duesPastDueEmail, emailIfMemberChanged } from "./dues-emails.ts";
import { GRACE_PERIOD_MS, nextQuarterDuesCents } from "./membership-billing.ts";

/**
 * The dues steps of the cron (docs/product-rules.md#billing-renewals-and-lapses), run every minute
 * by worker/features/operations/scheduled.ts:
 * - a member past due whose grace has ended lapses (email);
 * - a member who pays at the lounge (no subscription) and whose paid quarter has ended becomes
 *   past due, with the grace period (email). Members admitted before dues existed have no
 *   `paid_through` and are left alone.
 * Each member changes in a batch of their own: the UPDATE, guarded by the state it leaves, and the
 * email, inserted only when that UPDATE changed the row (`changes()`: the count of the batch's
 * previous statement), so two runs at once send one email; it is delivered at once (the outbox's
 * retry takes a failure). A lapse frees a place in the tier: its waitlist is offered it.
 */
export interface DuesCronResult {
  lapsed: { id: string; tier: MemberRow["tier"] }[];
  pastDue: string[];
}

type Candidate = Pick<MemberRow, "id" | "name" | "email" | "tier" | "pendingTier">;

const candidateColumns = { id: members.id, name: members.name, email: members.email, tier: members.tier, pendingTier: members.pendingTier };

export async function runDuesCron(services: AdmissionsServices, now: number): Promise<DuesCronResult> {
  const { env, config, signingKey } = services;
  const database = getDatabase(env.DB);
  const siteUrl = config.SITE_URL;
  const queued: number[] = [];
  const nowIso = new Date(now).toISOString();

  const endedGrace = and(eq(members.duesStatus, "past_due"), isNotNull(members.graceEndsAt), lte(members.graceEndsAt, nowIso));
  const lapsing: Candidate[] = await database.select(candidateColumns).from(members).where(endedGrace).all();
  const lapsed: DuesCronResult["lapsed"] = [];
  for (const member of lapsing) {
    const [changed, email] = await database.batch([
      database
        .update(members)
        .set({ duesStatus: "lapsed" })
        .where(and(eq(members.id, member.id), endedGrace))
        .returning({ id: members.id, tier: members.tier }),
      emailIfMemberChanged(database, member.id, duesLapsedEmail(member, { siteUrl }), member.email),
    ]);
    if (changed[0]) lapsed.push(changed[0]);
    if (email[0]) queued.push(email[0].id);
  }

  const graceEndsAt = new Date(now + GRACE_PERIOD_MS).toISOString();
  const quarterRanOut = and(
    eq(members.duesStatus, "active"),
    isNull(members.subscriptionId),
    isNotNull(members.paidThrough),
    lte(members.paidThrough, nowIso),
  );
  const unpaid: Candidate[] = await database.select(candidateColumns).from(members).where(quarterRanOut).all();
  const pastDue: string[] = [];
  for (const member of unpaid) {
    const message = duesPastDueEmail(member, { graceEndsAt, amountCents: nextQuarterDuesCents(member), siteUrl, paysAtLounge: true });
    const [changed, email] = await database.batch([
      database
        .update(members)
        .set({ duesStatus: "past_due", graceEndsAt })
        .where(and(eq(members.id, member.id), quarterRanOut))
        .returning({ id: members.id }),
      emailIfMemberChanged(database, member.id, message, member.email),
    ]);
    if (changed[0]) pastDue.push(changed[0].id);
    if (email[0]) queued.push(email[0].id);
  }

  const send = emailSender(env.EMAIL, config.EMAIL_FROM, signingKey);
  for (const id of queued) await deliverOutboxMessage(env.DB, id, send, now);
  for (const tier of new Set(lapsed.map((member) => member.tier))) await promoteFromWaitlist(services, tier, now);
  return { lapsed, pastDue };
}
