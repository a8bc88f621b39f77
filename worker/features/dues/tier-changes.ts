import { and, eq, isNotNull } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { nobodyWaitingFor, tierCap, tierHasRoom } from "#worker/features/admissions/tier-places.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { runLockerOffer } from "#worker/features/lockers/locker-offers.ts";
import type { PaymentProvider } from "./payment-provider.ts";

/**
 * A member changes tier from their billing page (docs/product-rules.md#billing-renewals-and-lapses).
 * An upgrade (a higher monthly price) takes effect at once: the tier must have a free place that
 * nobody on its waitlist is waiting for, and the UPDATE that moves the member tests both in the
 * same statement, so upgrades at once never overfill a tier nor pass its waitlist; the provider then prorates the subscription. A downgrade waits for the end of
 * the paid period (`pending_tier`); the subscription's price changes without proration, so the
 * next renewal bills the lower dues, and the renewal applies the tier (subscription-events.ts).
 * Every provider call carries an idempotency key; every change is audited.
 */
type Tier = MemberRow["tier"];

export type TierChangeOutcome =
  | { ok: true; change: "upgraded" | "downgrade-scheduled" | "downgrade-cancelled"; tier: Tier }
  | { ok: false; reason: "not-found" | "same-tier" | "lapsed" | "past-due" | "full" | "provider-failed" | "no-provider" };

type TierChangeContext = Pick<RequestContext, "env" | "config" | "logSecurityEvent">;

const isUpgrade = (from: Tier, to: Tier) => tierBySlug(to).monthlyPrice > tierBySlug(from).monthlyPrice;

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
  await runLockerOffer(database, { ...member, tier: target }, context.config.SITE_URL, Date.now());
  audit(context, member, { change: "upgraded", from: member.tier, to: target });
  return { ok: true, change: "upgraded", tier: target };
}

async function scheduleDowngrade(
  context: TierChangeContext,
  provider: PaymentProvider | null,
  member: MemberRow,
  target: Tier,
): Promise<TierChangeOutcome> {
  const database = getDatabase(context.env.DB);
  // The lower tier's place is kept from now (placesTaken counts pending_tier), taken in the same
  // statement that checks for room and for anyone waiting, as an upgrade is.
  const [kept] = await database
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
  if (!kept) return { ok: false, reason: "full" };
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
