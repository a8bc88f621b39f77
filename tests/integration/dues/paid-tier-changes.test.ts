import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { workerConfig } from "#worker/config.ts";
import { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
import { findPayers, recordLoungePayment, type RecordedPayment } from "#worker/features/dues/recorded-payments.ts";
import { changeMembershipTier } from "#worker/features/dues/tier-changes.ts";
import { runLockerCron } from "#worker/features/lockers/locker-cron.ts";
import { acceptLockerOffer } from "#worker/features/lockers/locker-offers.ts";
import { fakeStripeApi, stripeError } from "#tests/fakes/stripe-api.ts";
import { testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { clearLockers, liveAssignmentOf } from "#tests/integration/lockers/locker-fixtures.ts";
import { createDuesMember, emailsTo, ledgerOf, memberRow, placesTakenIn } from "./dues-fixtures.ts";
import { deliverWebhook, stripeEnv } from "./offer-fixtures.ts";

/**
 * A tier held is a tier paid for, whoever pays (docs/product-rules.md#payments-recorded-at-the-lounge,
 * #billing-renewals-and-lapses): the red-team loop of issue 27, re-run as written.
 */
const siteUrl = "https://emberandoak.test";
const now = Date.parse("2027-03-01T18:00:00.000Z");
// A Business quarter paid from 2027-02-01 18:00 to 2027-05-01 18:00: 89 days, 61 of them left.
const paidThrough = "2027-05-01T18:00:00.000Z";
const config = () => ({ ...workerConfig(env), SITE_URL: siteUrl, TIER_MEMBER_CAPS: {} });
const context = () => ({ env, config: config(), signingKey: testSigningKey(), logSecurityEvent: vi.fn() });
let conciergeId = "";

beforeEach(async () => {
  conciergeId = (await createDuesMember({ role: "concierge", name: "Elena Marsh" })).id;
});
afterEach(() => vi.restoreAllMocks());

const pay = (memberId: string, amountCents: number, at = now): Promise<Awaited<ReturnType<typeof recordLoungePayment>>> =>
  recordLoungePayment(context(), conciergeId, payment(memberId, amountCents), at);
const payment = (memberId: string, amountCents: number): RecordedPayment => ({
  paymentKey: crypto.randomUUID(),
  payer: { kind: "member", id: memberId },
  amountCents,
  method: "cash",
  reference: null,
});

describe("a member who pays at the lounge, upgrading", () => {
  it("holds the higher tier's place but not the tier until the concierge records the prorated difference", async () => {
    const member = await createDuesMember({ tier: "business", paidThrough });
    const platinumBefore = await placesTakenIn("platinum");
    // (1,797 − 897) × 61 ÷ 89 = 61,685.39… → $616.85.
    expect(await changeMembershipTier(context(), null, member.id, "platinum", now)).toEqual({
      ok: true,
      change: "upgrade-awaiting-payment",
      tier: "platinum",
      owedCents: 61_685,
    });
    expect(await memberRow(member.id)).toMatchObject({ tier: "business", pendingTier: "platinum", paidThrough });
    expect(await placesTakenIn("platinum")).toBe(platinumBefore + 1);
    expect(await ledgerOf(member.id)).toEqual([]);

    // The payments form asks for the difference, and takes no other amount.
    const [found] = await findPayers(env.DB, member.email, now);
    expect(found).toMatchObject({ dueCents: 61_685, detail: expect.stringContaining("upgrade to Platinum waiting") });
    expect(await pay(member.id, 89_700)).toEqual({ ok: false, reason: "wrong-amount", dueCents: 61_685 });
    expect((await memberRow(member.id)).tier).toBe("business");

    expect(await pay(member.id, 61_685)).toEqual({ ok: true, kind: "member", name: member.name, paidThrough, upgradedTo: "platinum" });
    expect(await memberRow(member.id)).toMatchObject({ tier: "platinum", pendingTier: null, paidThrough, duesStatus: "active" });
    expect(await ledgerOf(member.id)).toMatchObject([
      {
        kind: "payment",
        amountCents: 61_685,
        description: "Upgrade to Platinum, prorated difference through May 1, 2027, cash at the lounge",
      },
    ]);
  });

  it("cannot hold Platinum for Kickback's dues: upgrade, downgrade, pay Kickback's quarter, upgrade again", async () => {
    const member = await createDuesMember({ tier: "business", paidThrough });
    await changeMembershipTier(context(), null, member.id, "platinum", now);
    expect((await memberRow(member.id)).tier).toBe("business");
    expect(await pay(member.id, 61_685)).toMatchObject({ ok: true, upgradedTo: "platinum" });

    expect(await changeMembershipTier(context(), null, member.id, "kickback", now + 1000)).toMatchObject({ change: "downgrade-scheduled" });
    expect(await pay(member.id, 44_700, now + 2000)).toMatchObject({ ok: true, upgradedTo: null, paidThrough: "2027-08-01T18:00:00.000Z" });
    expect((await memberRow(member.id)).tier).toBe("kickback");

    // Platinum again: owed the difference over everything paid at Kickback's dues, before any of it.
    const again = await changeMembershipTier(context(), null, member.id, "platinum", now + 3000);
    // (1,797 − 447) × 61 ÷ 89 rounded (92,528), and the next quarter in full (135,000).
    expect(again).toEqual({ ok: true, change: "upgrade-awaiting-payment", tier: "platinum", owedCents: 227_528 });
    expect((await memberRow(member.id)).tier).toBe("kickback");
    expect(await pay(member.id, 44_700, now + 4000)).toEqual({ ok: false, reason: "wrong-amount", dueCents: 227_528 });
  });

  it("takes effect at once when nothing is left of the paid period: the next quarter is the new tier's", async () => {
    const member = await createDuesMember({ tier: "kickback", paidThrough: new Date(now - 1000).toISOString() });
    expect(await changeMembershipTier(context(), null, member.id, "business", now)).toMatchObject({
      ok: true,
      change: "upgraded",
      differenceCharged: false,
    });
    const [found] = await findPayers(env.DB, member.email, now);
    expect(found!.dueCents).toBe(89_700);
  });

  it("keeps the tier when the waiting upgrade is withdrawn, and gives its place back", async () => {
    const member = await createDuesMember({ tier: "business", paidThrough });
    const before = await placesTakenIn("platinum");
    await changeMembershipTier(context(), null, member.id, "platinum", now);
    expect(await changeMembershipTier(context(), null, member.id, "business", now)).toMatchObject({
      ok: true,
      change: "downgrade-cancelled",
    });
    expect(await memberRow(member.id)).toMatchObject({ tier: "business", pendingTier: null });
    expect(await placesTakenIn("platinum")).toBe(before);
    const [found] = await findPayers(env.DB, member.email, now);
    expect(found!.dueCents).toBe(89_700);
  });
});

describe("at the same moment", () => {
  it("10 concierges recording the same upgrade's difference apply it once and enter it once", async () => {
    const member = await createDuesMember({ tier: "business", paidThrough });
    await changeMembershipTier(context(), null, member.id, "platinum", now);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => pay(member.id, 61_685)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    // The others are asked again: the upgrade is paid, and the next quarter is Platinum's.
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array(9).fill({ ok: false, reason: "wrong-amount", dueCents: 179_700 }));
    expect(await ledgerOf(member.id)).toHaveLength(1);
    expect(await memberRow(member.id)).toMatchObject({ tier: "platinum", pendingTier: null, paidThrough });
  });

  it("a quarter recorded while the member asks for an upgrade never applies the upgrade at the quarter's old amount", async () => {
    const racers = await Promise.all(Array.from({ length: 8 }, () => createDuesMember({ tier: "business", paidThrough })));
    await Promise.all(
      // The tier change's read goes first, the payment's read before the change's write.
      racers.flatMap((member) => [changeMembershipTier(context(), null, member.id, "platinum", now), pay(member.id, 89_700, now)]),
    );
    for (const member of racers) {
      const row = await memberRow(member.id);
      const ledger = await ledgerOf(member.id);
      // Platinum only with its difference paid; the quarter, when recorded, at Business's dues.
      if (row.tier === "platinum") expect(ledger.some((entry) => entry.description.startsWith("Upgrade to Platinum"))).toBe(true);
      expect(ledger.every((entry) => entry.amountCents !== 89_700 || entry.description.startsWith("Quarterly dues, Business"))).toBe(true);
    }
  });

  it("many lounge payers asking for a tier's last place: one holds it, the others hear it is full", async () => {
    const hopefuls = await Promise.all(Array.from({ length: 8 }, () => createDuesMember({ tier: "kickback", paidThrough })));
    const last = { ...context(), config: { ...config(), TIER_MEMBER_CAPS: { platinum: (await placesTakenIn("platinum")) + 1 } } };
    const outcomes = await Promise.all(hopefuls.map((member) => changeMembershipTier(last, null, member.id, "platinum", now)));
    expect(outcomes.filter((outcome) => outcome.ok && outcome.change === "upgrade-awaiting-payment")).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "full")).toHaveLength(7);
  });
});

describe("a downgrade taking effect", () => {
  it("closes a Platinum cedar locker accepted during the upgrade, and tells the member, once the cron runs", async () => {
    await clearLockers();
    const member = await createDuesMember({ tier: "business", paidThrough });
    await changeMembershipTier(context(), null, member.id, "platinum", now);
    await pay(member.id, 61_685);
    const [offer] = await liveAssignmentOf(member.id);
    expect(offer).toMatchObject({ status: "offered", lockerId: expect.stringMatching(/^platinum-C-/) });
    expect(await acceptLockerOffer({ env, config: config(), signingKey: testSigningKey() }, member.id, now + 1000)).toMatchObject({
      ok: true,
    });

    await changeMembershipTier(context(), null, member.id, "kickback", now + 2000);
    await pay(member.id, 44_700, now + 3000);
    await runLockerCron({ env, config: config(), signingKey: testSigningKey() }, now + 4000);
    const live = await liveAssignmentOf(member.id);
    expect(live).not.toContainEqual(expect.objectContaining({ lockerId: offer!.lockerId, status: "active" }));
    expect(live).toContainEqual(expect.objectContaining({ lockerId: offer!.lockerId, status: "holding" }));
    expect((await emailsTo(member.email)).map((email) => email.subject)).toContain(
      "Your locker at Ember & Oak Society: released with your change of tier",
    );
  });
});

describe("a subscriber, upgrading", () => {
  async function subscriber(stripe: ReturnType<typeof fakeStripeApi>) {
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    const periodEnd = Math.floor(Date.now() / 1000) + 45 * 24 * 60 * 60;
    stripe.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      customerId: `cus_${subscriptionId}`,
      status: "active",
      periodEnd,
      cancelAtPeriodEnd: false,
      metadata: { tier: "business" },
      latestInvoiceId: "in_first",
      duesCents: 89_700,
    });
    const member = await createDuesMember({
      tier: "business",
      subscriptionId,
      paymentCustomerId: `cus_${subscriptionId}`,
      paidThrough: new Date(periodEnd * 1000).toISOString(),
    });
    return { member, subscriptionId };
  }

  it("has the difference invoiced and paid now, refused if unpaid, and entered in the ledger by invoice.paid", async () => {
    const stripe = fakeStripeApi();
    const provider = paymentProviderFor(workerConfig(stripeEnv()), stripeEnv())!;
    const { member, subscriptionId } = await subscriber(stripe);
    const stripeContext = { env: stripeEnv(), config: config(), logSecurityEvent: vi.fn() };
    expect(await changeMembershipTier(stripeContext, provider, member.id, "platinum")).toMatchObject({ ok: true, change: "upgraded" });
    const update = stripe.calls.find((call) => call.method === "POST" && call.path === `/v1/subscriptions/${subscriptionId}`)!;
    expect(update.params).toMatchObject({ proration_behavior: "always_invoice", payment_behavior: "error_if_incomplete" });

    const [invoice] = stripe.invoices;
    expect(invoice!.amountCents).toBeGreaterThan(0);
    expect((await deliverWebhook(stripe.invoicePaid(invoice!))).status).toBe(200);
    expect(await ledgerOf(member.id)).toMatchObject([
      {
        kind: "payment",
        amountCents: invoice!.amountCents,
        externalId: invoice!.id,
        description: "Upgrade to Platinum, prorated difference",
      },
    ]);
  });

  it("keeps the tier they pay for when Stripe declines the difference", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const stripe = fakeStripeApi((call) =>
      call.method === "POST" && call.path.startsWith("/v1/subscriptions/") && call.params.payment_behavior === "error_if_incomplete"
        ? stripeError(402, "Your card was declined.", "card_error")
        : undefined,
    );
    const provider = paymentProviderFor(workerConfig(stripeEnv()), stripeEnv())!;
    const { member } = await subscriber(stripe);
    const stripeContext = { env: stripeEnv(), config: config(), logSecurityEvent: vi.fn() };
    expect(await changeMembershipTier(stripeContext, provider, member.id, "platinum")).toEqual({ ok: false, reason: "provider-failed" });
    expect((await memberRow(member.id)).tier).toBe("business");
  });
});
