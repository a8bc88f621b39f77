import { and, eq, isNotNull } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { nobodyWaitingFor, tierCap, tierHasRoom } from "#worker/features/admissions/tier-places.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { runLockerOffer } from "#worker/features/lockers/locker-offers.ts";
import { isUpgrade } from "./membership-billing.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { upgradeDifferenceCents } from "./upgrade-proration.ts";

/**
 * A member changes tier from their billing page (docs/product-rules.md#billing-renewals-and-lapses).
 * A tier held is a tier paid for, whoever pays. An upgrade (a higher monthly price) needs a free
 * place that nobody on its waitlist is waiting for, tested in the same UPDATE that takes it, so
 * upgrades never overfill a tier nor pass its waitlist. A subscriber's takes effect at once and the
 * provider invoices the prorated difference then, refusing the change when it is not paid. A lounge
 * payer's holds the place (`pending_tier`) and waits for the concierge to record its prorated
 * difference (recorded-payments.ts), which applies it. A downgrade waits for the end of the paid
 * period (`pending_tier`); the subscription's price changes without proration, so the next
 * renewal bills the lower dues, and the renewal applies the tier (subscription-events.ts).
 * Every provider call carries an idempotency key; every change is audited.
 */
type Tier = MemberRow["tier"];

export type TierChangeOutcome =
  /** `differenceCharged`: the provider invoiced the prorated difference (a subscriber); false when nothing was owed. */
  | { ok: true; change: "upgraded"; tier: Tier; differenceCharged: boolean }
  | { ok: true; change: "downgrade-scheduled" | "downgrade-cancelled"; tier: Tier }
  /** A lounge payer's upgrade, waiting for its prorated difference (`owedCents`) at the lounge. */
  | { ok: true; change: "upgrade-awaiting-payment"; tier: Tier; owedCents: number }
  | { ok: false; reason: "not-found" | "same-tier" | "lapsed" | "past-due" | "full" | "provider-failed" | "no-provider" };

type TierChangeContext = Pick<RequestContext, "env" | "config" | "logSecurityEvent">;

/**
 * One key per attempt (docs/decisions/009-payment-provider.md): the SDK's retries of this call
 * reuse it, but a later change back and forth within Stripe's 24 hours must not replay an earlier
 * call, or the subscription would keep an old price. Pressing twice is harmless: an upgrade is
 * taken once by the guarded UPDATE, and a downgrade or its cancellation sets a price, not adds one.
 */
const changeKey = (member: Pick<MemberRow, "id">, what: string, tier: Tier) =>
  `tier-change:${member.id}:${what}:${tier}:${crypto.randomUUID()}`;

export async function changeMembershipTier(
  context: TierChangeContext,
  provider: PaymentProvider | null,
  memberId: string,
  target: Tier,
  now: number = Date.now(),
): Promise<TierChangeOutcome> {
  const database = getDatabase(context.env.DB);
  const member = await database.select().from(members).where(eq(members.id, memberId)).get();
  if (!member) return { ok: false, reason: "not-found" };
  if (member.duesStatus === "lapsed") return { ok: false, reason: "lapsed" };
  // A proration invoice paid while past due must not stand for the unpaid renewal: the dues are
  // settled first (docs/product-rules.md#billing-renewals-and-lapses).
  if (member.duesStatus === "past_due") return { ok: false, reason: "past-due" };
  if (member.subscriptionId && !provider) return { ok: false, reason: "no-provider" };

  if (target === member.tier) {
    if (!member.pendingTier) return { ok: false, reason: "same-tier" };
    return keepTier(context, provider, member);
  }
  if (!isUpgrade(member.tier, target)) return scheduleDowngrade(context, provider, member, target);
  if (!member.subscriptionId) {
    const owedCents = upgradeDifferenceCents({
      fromQuarterlyCents: quarterlyDuesCents(tierBySlug(member.tier)),
      toQuarterlyCents: quarterlyDuesCents(tierBySlug(target)),
      paidThrough: member.paidThrough ? Date.parse(member.paidThrough) : null,
      now,
    });
    // Nothing owed (the paid period has ended): the next quarter is paid at the new tier's dues.
    if (owedCents > 0) return awaitUpgradePayment(context, member, target, owedCents);
  }

  const cap = tierCap(context.config, target);
  const [moved] = await database
    .update(members)
    .set({ tier: target, pendingTier: null })
    .where(and(eq(members.id, member.id), eq(members.tier, member.tier), tierHasRoom(target, cap), nobodyWaitingFor(target)))
    .returning({ id: members.id });
  if (!moved) return { ok: false, reason: "full" };
  if (member.subscriptionId && provider) {
    try {
      await provider.changeSubscriptionTier(member.subscriptionId, target, {
        prorate: true,
        idempotencyKey: changeKey(member, "upgrade", target),
      });
    } catch (error) {
      // The provider did not take the change: the member keeps the tier they pay for.
      console.error("tier change: the provider refused the upgrade; the member keeps their tier", error);
      await database
        .update(members)
        .set({ tier: member.tier, pendingTier: member.pendingTier })
        .where(and(eq(members.id, member.id), eq(members.tier, target)));
      return { ok: false, reason: "provider-failed" };
    }
  }
  // The new tier's locker class is offered at once; the member keeps their locker until they accept
  // (docs/product-rules.md#lockers). The cron delivers the email.
  await runLockerOffer(database, { ...member, tier: target }, context.config.SITE_URL, now);
  audit(context, member, { change: "upgraded", from: member.tier, to: target });
  return { ok: true, change: "upgraded", tier: target, differenceCharged: Boolean(member.subscriptionId) };
}

/**
 * A lounge payer's upgrade: the higher tier's place is held from now (placesTaken counts
 * pending_tier), taken in the statement that checks for room and for anyone waiting; the tier
 * itself changes only when the concierge records the prorated difference. Asked again, it answers
 * the same without taking a second place.
 */
async function awaitUpgradePayment(
  context: TierChangeContext,
  member: MemberRow,
  target: Tier,
  owedCents: number,
): Promise<TierChangeOutcome> {
  if (member.pendingTier !== target) {
    if (!(await holdPlaceIn(context, member, target))) return { ok: false, reason: "full" };
    audit(context, member, { change: "upgrade-awaiting-payment", from: member.tier, to: target });
  }
  return { ok: true, change: "upgrade-awaiting-payment", tier: target, owedCents };
}

/**
 * Holds a place in `target` for the member (`pending_tier`, which placesTaken counts), taken in the
 * same statement that checks for a free place and for anyone waiting, so holds never overfill a
 * tier nor pass its waitlist. False when the tier is full (or the member changed meanwhile).
 */
async function holdPlaceIn(context: TierChangeContext, member: MemberRow, target: Tier): Promise<boolean> {
  const [held] = await getDatabase(context.env.DB)
    .update(members)
    .set({ pendingTier: target })
    .where(
      and(
        eq(members.id, member.id),
        eq(members.tier, member.tier),
        tierHasRoom(target, tierCap(context.config, target)),
        nobodyWaitingFor(target),
      ),
    )
    .returning({ id: members.id });
  return held !== undefined;
}

async function scheduleDowngrade(
  context: TierChangeContext,
  provider: PaymentProvider | null,
  member: MemberRow,
  target: Tier,
): Promise<TierChangeOutcome> {
  const database = getDatabase(context.env.DB);
  // The lower tier's place is kept from now, as an upgrade's is.
  if (!(await holdPlaceIn(context, member, target))) return { ok: false, reason: "full" };
  if (member.subscriptionId && provider) {
    try {
      await provider.changeSubscriptionTier(member.subscriptionId, target, {
        prorate: false,
        idempotencyKey: changeKey(member, "downgrade", target),
      });
    } catch (error) {
      console.error("tier change: the provider refused the downgrade; the member keeps their plan", error);
      await database
        .update(members)
        .set({ pendingTier: member.pendingTier })
        .where(and(eq(members.id, member.id), eq(members.pendingTier, target)));
      return { ok: false, reason: "provider-failed" };
    }
  }
  audit(context, member, { change: "downgrade-scheduled", from: member.tier, to: target });
  return { ok: true, change: "downgrade-scheduled", tier: target };
}

/** Cancels a downgrade chosen earlier: the subscription goes back to the current tier's dues. */
async function keepTier(context: TierChangeContext, provider: PaymentProvider | null, member: MemberRow): Promise<TierChangeOutcome> {
  if (member.subscriptionId && provider) {
    try {
      await provider.changeSubscriptionTier(member.subscriptionId, member.tier, {
        prorate: false,
        idempotencyKey: changeKey(member, "keep", member.tier),
      });
    } catch (error) {
      console.error("tier change: the provider refused to keep the tier", error);
      return { ok: false, reason: "provider-failed" };
    }
  }
  await getDatabase(context.env.DB)
    .update(members)
    .set({ pendingTier: null })
    .where(and(eq(members.id, member.id), isNotNull(members.pendingTier)));
  audit(context, member, { change: "downgrade-cancelled", from: member.pendingTier, to: member.tier });
  return { ok: true, change: "downgrade-cancelled", tier: member.tier };
}

function audit(context: TierChangeContext, member: MemberRow, details: { change: string; from: Tier | null; to: Tier }) {
  context.logSecurityEvent({
    eventType: "tier_changed",
    severity: "low",
    description: `membership tier ${details.change}`,
    userId: member.id,
    details,
  });
}
