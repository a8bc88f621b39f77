import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { duesLedger, members } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { workerConfig } from "#worker/config.ts";
import { runDuesCron } from "#worker/features/dues/dues-cron.ts";
import { loungeDue } from "#worker/features/dues/membership-billing.ts";
import { dispatchPaymentEvent } from "#worker/features/dues/payment-event-dispatch.ts";
import type { PaymentEvent, PaymentProvider, SubscriptionSnapshot } from "#worker/features/dues/payment-provider.ts";
import { recordLoungePayment } from "#worker/features/dues/recorded-payments.ts";
import { changeMembershipTier } from "#worker/features/dues/tier-changes.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { DAY_MS, createDuesMember, ledgerOf, memberRow } from "./dues-fixtures.ts";
import { contextFor } from "./offer-fixtures.ts";

/**
 * The money property of issue 27 (docs/product-rules.md#dues): random runs of tier changes, lounge
 * payments (sent twice, or of a wrong amount), provider events (duplicated, and an upgrade's
 * invoice held back and delivered out of order), cron runs and lapses, for a lounge payer and for a
 * subscriber (who may end their subscription and go on paying at the lounge). Afterwards:
 * - no payment is recorded twice: the ledger holds exactly the payments the run made;
 * - every moment a tier was held inside a paid quarter was paid for at that tier's dues, prorated
 *   over the quarter, within a cent per prorated payment.
 * The provider is a model of Stripe's subscription (its period, its price, its proration invoice,
 * and a card that may decline), on the test's own clock; the real Stripe calls are proved in
 * paid-tier-changes.test.ts.
 */
type Tier = MemberRow["tier"];
const TIERS: Tier[] = ["kickback", "business", "platinum"];
const QUARTER_MS = 91 * DAY_MS;
const start = Date.parse("2027-01-10T18:00:00.000Z");
const dues = (tier: Tier) => quarterlyDuesCents(tierBySlug(tier));
const roomy = { kickback: 100_000, business: 100_000, platinum: 100_000 };
const config = () => ({ ...workerConfig(env), SITE_URL: "https://emberandoak.test", TIER_MEMBER_CAPS: roomy });

type Step =
  | { kind: "advance"; hours: number }
  | { kind: "tier"; target: Tier; declined: boolean }
  | { kind: "pay"; twice: boolean; wrongBy: number }
  | { kind: "cron" }
  | { kind: "redeliver"; pick: number }
  | { kind: "release-held" }
  | { kind: "cancel-subscription" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 45 * 24 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("tier" as const), target: fc.constantFrom(...TIERS), declined: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      twice: fc.boolean(),
      wrongBy: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -500, max: 500 }) }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: "cron" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("redeliver" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "release-held" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "cancel-subscription" as const }) },
);

/** Stripe's subscription as the run knows it: its period, its price, and the invoices it paid. */
interface ModelSubscription {
  id: string;
  customerId: string;
  status: "active" | "canceled";
  periodStart: number;
  periodEnd: number;
  priceCents: number;
  tier: Tier;
}

interface Run {
  now: number;
  member: MemberRow;
  subscription: ModelSubscription | null;
  /** Every event delivered, for redelivery; and upgrade invoices held back, to deliver late. */
  delivered: PaymentEvent[];
  held: PaymentEvent[];
  /** The paid quarters (start, end), and what the tier was from each moment on. */
  quarters: [number, number][];
  timeline: { at: number; tier: Tier }[];
  /** Ledger payments the run made (distinct), and the prorated ones among them. */
  payments: number;
  prorated: number;
  nextDecline: boolean;
}

let eventCount = 0;
const event = (type: string, object: unknown, created: number): PaymentEvent => ({
  id: `evt_property_${(eventCount += 1)}_${crypto.randomUUID()}`,
  type,
  created,
  livemode: false,
  object,
});

function modelProvider(run: Run): PaymentProvider {
  const snapshot = (subscription: ModelSubscription): SubscriptionSnapshot => ({
    id: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    currentPeriodEnd: new Date(subscription.periodEnd).toISOString(),
    cancelAtPeriodEnd: false,
    tier: subscription.tier,
    requestId: null,
    latestInvoiceId: null,
  });
  const current = () => {
    if (!run.subscription) throw new Error("no subscription");
    return run.subscription;
  };
  const provider: Pick<PaymentProvider, "name" | "getSubscription" | "changeSubscriptionTier"> = {
    name: "stripe",
    getSubscription: async () => snapshot(current()),
    changeSubscriptionTier: async (_id, tier, { prorate }) => {
      const subscription = current();
      const price = dues(tier);
      if (prorate && price > subscription.priceCents) {
        // error_if_incomplete: a declined card refuses the change, and Stripe changes nothing.
        if (run.nextDecline) throw new Error("card declined");
        const left = (subscription.periodEnd - run.now) / (subscription.periodEnd - subscription.periodStart);
        const amount = Math.round((price - subscription.priceCents) * left);
        if (amount > 0) {
          run.held.push(
            event(
              "invoice.paid",
              {
                id: `in_upgrade_${crypto.randomUUID()}`,
                object: "invoice",
                amount_paid: amount,
                amount_due: amount,
                billing_reason: "subscription_update",
                customer: subscription.customerId,
                parent: { subscription_details: { subscription: subscription.id } },
                lines: { data: [{ period: { end: subscription.periodEnd / 1000 } }] },
              },
              run.now,
            ),
          );
          run.payments += 1;
          run.prorated += 1;
        }
      }
      subscription.priceCents = price;
      subscription.tier = tier;
      return snapshot(subscription);
    },
  };
  return provider as PaymentProvider;
}

async function deliver(run: Run, paymentEvent: PaymentEvent) {
  const { context, settle } = contextFor(env);
  const outcome = await dispatchPaymentEvent({ ...context, config: config(), provider: modelProvider(run), now: run.now }, paymentEvent);
  await settle();
  run.delivered.push(paymentEvent);
  return outcome;
}

const tierContext = () => ({ env, config: config(), logSecurityEvent: () => {} });
const services = () => ({ env, config: config(), signingKey: testSigningKey() });

async function observe(run: Run) {
  run.member = await memberRow(run.member.id);
  const last = run.timeline.at(-1);
  if (!last || last.tier !== run.member.tier) run.timeline.push({ at: run.now, tier: run.member.tier });
}

/** Stripe renews at the period's end: the run's clock stops there, and the renewal is paid. */
async function advance(run: Run, hours: number) {
  const target = run.now + hours * 3_600_000;
  const subscription = run.subscription;
  if (subscription?.status === "active" && target >= subscription.periodEnd) {
    run.now = subscription.periodEnd;
    const next = subscription.periodEnd + QUARTER_MS;
    const renewal = event(
      "invoice.paid",
      {
        id: `in_renewal_${crypto.randomUUID()}`,
        object: "invoice",
        amount_paid: subscription.priceCents,
        amount_due: subscription.priceCents,
        billing_reason: "subscription_cycle",
        customer: subscription.customerId,
        parent: { subscription_details: { subscription: subscription.id } },
        lines: { data: [{ period: { end: next / 1000 } }] },
      },
      run.now,
    );
    subscription.periodStart = subscription.periodEnd;
    subscription.periodEnd = next;
    run.quarters.push([subscription.periodStart, next]);
    run.payments += 1;
    expect(await deliver(run, renewal)).toBe("processed");
    return;
  }
  run.now = target;
}

async function pay(run: Run, { twice, wrongBy }: { twice: boolean; wrongBy: number }) {
  const before = await memberRow(run.member.id);
  const due = loungeDue(before, run.now);
  const paymentKey = crypto.randomUUID();
  const record = (amountCents: number) =>
    recordLoungePayment(
      { ...services(), logSecurityEvent: () => {} },
      run.member.id,
      { paymentKey, payer: { kind: "member", id: run.member.id }, amountCents, method: "cash", reference: null },
      run.now,
    );
  if (wrongBy !== 0 && due.cents + wrongBy > 0) {
    expect(await record(due.cents + wrongBy)).toMatchObject({ ok: false });
    return;
  }
  const outcome = await record(due.cents);
  if (before.subscriptionId) {
    expect(outcome).toEqual({ ok: false, reason: "pays-by-subscription" });
    return;
  }
  expect(outcome).toMatchObject({ ok: true });
  if (!outcome.ok || outcome.kind !== "member") return;
  run.payments += 1;
  if (due.kind === "upgrade") run.prorated += 1;
  else {
    const from = Math.max(run.now, before.paidThrough ? Date.parse(before.paidThrough) : run.now);
    run.quarters.push([from, Date.parse(outcome.paidThrough)]);
  }
  // The same form again records nothing (answered 'already recorded', or, once an upgrade it paid
  // has changed what is due, 'wrong amount').
  if (twice) expect(await record(due.cents)).toMatchObject({ ok: false });
}

async function perform(run: Run, action: Step) {
  switch (action.kind) {
    case "advance":
      return advance(run, action.hours);
    case "tier":
      run.nextDecline = action.declined;
      return void (await changeMembershipTier(
        tierContext(),
        run.subscription ? modelProvider(run) : null,
        run.member.id,
        action.target,
        run.now,
      ));
    case "pay":
      return pay(run, action);
    case "cron":
      return void (await runDuesCron(services(), run.now));
    case "redeliver": {
      const again = run.delivered[action.pick % Math.max(1, run.delivered.length)];
      if (again) expect(await deliver(run, again)).toBe("duplicate");
      return;
    }
    case "release-held":
      // Held back until now: delivered after whatever came since, each one twice.
      for (const late of run.held.splice(0).reverse()) {
        expect(await deliver(run, late)).toBe("processed");
        expect(await deliver(run, late)).toBe("duplicate");
      }
      return;
    case "cancel-subscription": {
      const subscription = run.subscription;
      if (subscription?.status !== "active") return;
      subscription.status = "canceled";
      await deliver(run, event("customer.subscription.deleted", { id: subscription.id, object: "subscription" }, run.now));
      return;
    }
  }
}

async function startRun(subscriber: boolean, tier: Tier): Promise<Run> {
  const member = await createDuesMember({ tier, paidThrough: null });
  const run: Run = {
    now: start,
    member,
    subscription: null,
    delivered: [],
    held: [],
    quarters: [],
    timeline: [],
    payments: 0,
    prorated: 0,
    nextDecline: false,
  };
  if (subscriber) {
    const id = `sub_property_${crypto.randomUUID()}`;
    run.subscription = {
      id,
      customerId: `cus_${id}`,
      status: "active",
      periodStart: start,
      periodEnd: start + QUARTER_MS,
      priceCents: dues(tier),
      tier,
    };
    await getDatabase(env.DB).batch([
      getDatabase(env.DB)
        .update(members)
        .set({ subscriptionId: id, paymentCustomerId: `cus_${id}`, paidThrough: new Date(start + QUARTER_MS).toISOString() })
        .where(eq(members.id, member.id)),
      getDatabase(env.DB)
        .insert(duesLedger)
        .values({
          memberId: member.id,
          kind: "payment",
          amountCents: dues(tier),
          description: "First quarter",
          method: "stripe",
          externalId: `in_first_${id}`,
          occurredAt: new Date(start).toISOString(),
        }),
    ]);
    run.quarters.push([start, start + QUARTER_MS]);
    run.payments += 1;
  } else {
    await pay(run, { twice: false, wrongBy: 0 });
  }
  await observe(run);
  return run;
}

/**
 * What holding each tier inside the paid quarters costs, at each tier's dues prorated over its
 * quarter; the tier held at the end is held to the end of the paid period (a change waiting for the
 * next quarter does not shorten it).
 */
function owedCents(run: Run): number {
  const paidPeriodEnd = Math.max(run.now, ...run.quarters.map(([, to]) => to));
  let owed = 0;
  run.timeline.forEach(({ at, tier }, index) => {
    const until = run.timeline[index + 1]?.at ?? paidPeriodEnd;
    for (const [from, to] of run.quarters) {
      const overlap = Math.min(until, to) - Math.max(at, from);
      if (overlap > 0) owed += (dues(tier) * overlap) / (to - from);
    }
  });
  return owed;
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("money, over random runs (a property)", () => {
  it.each([
    ["a member who pays at the lounge", false],
    ["a subscriber", true],
  ])("%s never holds a tier unpaid, and no payment is recorded twice", { timeout: 60_000 }, async (_who, subscriber) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TIERS), fc.array(step, { minLength: 4, maxLength: 14 }), async (tier, steps) => {
        const run = await startRun(subscriber, tier);
        for (const action of steps) {
          await perform(run, action);
          await observe(run);
        }
        await perform(run, { kind: "release-held" });

        const ledger = await ledgerOf(run.member.id);
        expect(ledger.filter((entry) => entry.kind === "payment")).toHaveLength(run.payments);
        expect(new Set(ledger.map((entry) => entry.externalId)).size).toBe(ledger.length);
        const paid = ledger.reduce((sum, entry) => sum + (entry.kind === "refund" ? -entry.amountCents : entry.amountCents), 0);
        expect(paid + run.prorated + 1).toBeGreaterThanOrEqual(owedCents(run));
      }),
      { numRuns: 20 },
    );
  });
});
