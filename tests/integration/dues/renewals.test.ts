import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { duesLedger, invitationRequests } from "#db/schema.ts";
import { workerConfig } from "#worker/config.ts";
import { runDuesCron } from "#worker/features/dues/dues-cron.ts";
import { dispatchPaymentEvent } from "#worker/features/dues/payment-event-dispatch.ts";
import type { PaymentEvent, PaymentProvider, SubscriptionSnapshot } from "#worker/features/dues/payment-provider.ts";
import { fakeStripeApi, stripeEvent } from "#tests/fakes/stripe-api.ts";
import { contextFor, deliverWebhook } from "./offer-fixtures.ts";
import { insertInvitationRequest, testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { DAY_MS, createDuesMember, emailsTo, ledgerOf, memberRow, placesTakenIn } from "./dues-fixtures.ts";

/** Renewals and lapses (docs/product-rules.md#billing-renewals-and-lapses), against the real D1. */
const siteUrl = "https://emberandoak.test";
const now = Date.parse("2027-03-01T18:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const services = (caps: ReturnType<typeof workerConfig>["TIER_MEMBER_CAPS"] = {}) => ({
  env,
  config: { ...workerConfig(env), SITE_URL: siteUrl, TIER_MEMBER_CAPS: caps },
  signingKey: testSigningKey(),
});

describe("the dues cron", () => {
  it("lapses a past-due member whose grace has ended, with one email, and leaves one still in grace alone", async () => {
    const ended = await createDuesMember({
      duesStatus: "past_due",
      graceEndsAt: iso(now - 1000),
      subscriptionId: `sub_${crypto.randomUUID()}`,
    });
    const inGrace = await createDuesMember({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    const result = await runDuesCron(services(), now);
    expect(result.lapsed).toContainEqual({ id: ended.id, tier: "business" });
    expect((await memberRow(ended.id)).duesStatus).toBe("lapsed");
    expect((await memberRow(inGrace.id)).duesStatus).toBe("past_due");
    const emails = await emailsTo(ended.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Your Ember & Oak Society membership has lapsed");
    expect(await emailsTo(inGrace.email)).toHaveLength(0);
  });

  it("makes a lounge payer whose paid quarter has ended past due, with 14 days of grace and one email", async () => {
    const ranOut = await createDuesMember({ paidThrough: iso(now - 1000) });
    const stillPaid = await createDuesMember({ paidThrough: iso(now + DAY_MS) });
    const beforeDues = await createDuesMember({ paidThrough: null });
    const bySubscription = await createDuesMember({ paidThrough: iso(now - 1000), subscriptionId: `sub_${crypto.randomUUID()}` });
    const result = await runDuesCron(services(), now);
    expect(result.pastDue).toContain(ranOut.id);
    expect(await memberRow(ranOut.id)).toMatchObject({ duesStatus: "past_due", graceEndsAt: iso(now + 14 * DAY_MS) });
    const [email] = await emailsTo(ranOut.email);
    expect(email!.body).toContain("$897");
    expect(email!.body).toContain("March 15, 2027");
    for (const untouched of [stillPaid, beforeDues, bySubscription]) {
      expect((await memberRow(untouched.id)).duesStatus).toBe("active");
      expect(await emailsTo(untouched.email)).toHaveLength(0);
    }
  });

  it("sends one email per member when runs overlap", async () => {
    const lapsing = await createDuesMember({ duesStatus: "past_due", graceEndsAt: iso(now - 1000) });
    const ranOut = await createDuesMember({ paidThrough: iso(now - 1000) });
    await Promise.all(Array.from({ length: 8 }, () => runDuesCron(services(), now)));
    expect((await memberRow(lapsing.id)).duesStatus).toBe("lapsed");
    expect((await memberRow(ranOut.id)).duesStatus).toBe("past_due");
    expect(await emailsTo(lapsing.email)).toHaveLength(1);
    expect(await emailsTo(ranOut.email)).toHaveLength(1);
  });

  it("offers the lapsed member's place to the head of the tier's waitlist", async () => {
    const lapsing = await createDuesMember({ tier: "platinum", duesStatus: "past_due", graceEndsAt: iso(now - 1000) });
    const waiting = await insertInvitationRequest();
    await getDatabase(env.DB)
      .update(invitationRequests)
      .set({ status: "waitlisted", tier: "platinum", waitlistedAt: iso(now - DAY_MS) })
      .where(eq(invitationRequests.id, waiting.id));
    const full = { platinum: await placesTakenIn("platinum") };
    await runDuesCron(services(full), now);
    const request = await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, waiting.id)).get();
    expect(request).toMatchObject({ status: "offered", offeredAt: iso(now) });
    expect((await memberRow(lapsing.id)).duesStatus).toBe("lapsed");
  });
});

/**
 * The provider's events after the first payment, handled as the webhook hands them on (verified),
 * with the provider's subscription as a stand-in the test sets: what a re-read would find.
 */
afterEach(() => vi.restoreAllMocks());

const subscriptions = new Map<string, SubscriptionSnapshot>();
const provider = {
  name: "stripe",
  getSubscription: async (id: string) => {
    const snapshot = subscriptions.get(id);
    if (!snapshot) throw new Error(`no subscription ${id}`);
    return snapshot;
  },
} as unknown as PaymentProvider;

function subscribe(id: string, overrides: Partial<SubscriptionSnapshot> = {}) {
  subscriptions.set(id, {
    id,
    customerId: `cus_${id}`,
    status: "active",
    currentPeriodEnd: "2027-06-01T18:00:00.000Z",
    cancelAtPeriodEnd: false,
    tier: "business",
    requestId: null,
    latestInvoiceId: null,
    ...overrides,
  });
}

async function subscriber(overrides: Parameters<typeof createDuesMember>[0] = {}) {
  const subscriptionId = `sub_${crypto.randomUUID()}`;
  subscribe(subscriptionId);
  const member = await createDuesMember({
    subscriptionId,
    paymentCustomerId: `cus_${subscriptionId}`,
    paidThrough: "2027-03-01T18:00:00.000Z",
    ...overrides,
  });
  return { member, subscriptionId };
}

let eventCount = 0;
function event(type: string, object: unknown, created = now): PaymentEvent {
  eventCount += 1;
  return { id: `evt_test_${eventCount}_${crypto.randomUUID()}`, type, created, livemode: false, object };
}

const invoice = (
  subscriptionId: string,
  fields: { id?: string; amountPaid?: number; amountDue?: number; reason?: string; periodEnd?: string } = {},
) => ({
  id: fields.id ?? `in_${crypto.randomUUID()}`,
  lines: {
    object: "list",
    data: [{ period: { start: now / 1000, end: Date.parse(fields.periodEnd ?? "2027-06-01T18:00:00.000Z") / 1000 } }],
  },
  object: "invoice",
  amount_paid: fields.amountPaid ?? 89700,
  amount_due: fields.amountDue ?? 89700,
  billing_reason: fields.reason ?? "subscription_cycle",
  parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } },
});

async function deliver(paymentEvent: PaymentEvent, caps: ReturnType<typeof workerConfig>["TIER_MEMBER_CAPS"] = {}) {
  const { context, settle } = contextFor(env);
  const outcome = await dispatchPaymentEvent(
    { ...context, config: { ...context.config, SITE_URL: siteUrl, TIER_MEMBER_CAPS: caps }, provider, now },
    paymentEvent,
  );
  await settle();
  return outcome;
}

describe("a renewal paid (invoice.paid)", () => {
  it("enters the payment once, moves the paid period to the subscription's and keeps the dues active", async () => {
    const { member, subscriptionId } = await subscriber();
    const paid = event("invoice.paid", invoice(subscriptionId, { id: "in_renewal_1" }));
    expect(await deliver(paid)).toBe("processed");
    expect(await deliver(paid)).toBe("duplicate");
    expect(await ledgerOf(member.id)).toMatchObject([
      { kind: "payment", amountCents: 89700, method: "stripe", externalId: "in_renewal_1", description: "Quarterly dues, Business" },
    ]);
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "active", paidThrough: "2027-06-01T18:00:00.000Z" });
  });

  it("does not count the first invoice again, which the checkout already entered", async () => {
    const { member, subscriptionId } = await subscriber();
    await getDatabase(env.DB)
      .insert(duesLedger)
      .values({
        memberId: member.id,
        kind: "payment",
        amountCents: 139700,
        description: "Initiation fee and first quarter's dues (Business)",
        method: "stripe",
        externalId: "in_first_1",
        occurredAt: iso(now),
      });
    expect(
      await deliver(
        event("invoice.paid", invoice(subscriptionId, { id: "in_first_1", amountPaid: 139700, reason: "subscription_create" })),
      ),
    ).toBe("processed");
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it("processes the same event delivered many times at once exactly once", async () => {
    const { member, subscriptionId } = await subscriber();
    const paid = event("invoice.paid", invoice(subscriptionId));
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => deliver(paid)));
    expect(outcomes.filter((outcome) => outcome === "processed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(7);
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it("never moves the paid period back when an older renewal arrives after a newer one", async () => {
    const { member, subscriptionId } = await subscriber();
    await deliver(event("invoice.paid", invoice(subscriptionId, { id: "in_newer", periodEnd: "2027-09-01T18:00:00.000Z" })));
    await deliver(event("invoice.paid", invoice(subscriptionId, { id: "in_older" }), now - 90 * DAY_MS));
    expect((await memberRow(member.id)).paidThrough).toBe("2027-09-01T18:00:00.000Z");
    expect(await ledgerOf(member.id)).toHaveLength(2);
  });

  it("applies a chosen downgrade with the new period, and not with a proration invoice", async () => {
    const { member, subscriptionId } = await subscriber({ tier: "platinum", pendingTier: "business" });
    await deliver(event("invoice.paid", invoice(subscriptionId, { reason: "subscription_update", amountPaid: 1200 })));
    expect(await memberRow(member.id)).toMatchObject({ tier: "platinum", pendingTier: "business" });
    await deliver(event("invoice.paid", invoice(subscriptionId)));
    expect(await memberRow(member.id)).toMatchObject({ tier: "business", pendingTier: null });
  });

  it("reinstates a lapsed member whose subscription ended, when they pay its last open invoice in the portal", async () => {
    const { member, subscriptionId } = await subscriber({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    subscribe(subscriptionId, { status: "canceled" });
    expect(await deliver(event("customer.subscription.deleted", { id: subscriptionId, object: "subscription" }))).toBe("processed");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "lapsed", subscriptionId: null });
    const lastOpen = {
      ...invoice(subscriptionId, { id: "in_last_open" }),
      customer: member.paymentCustomerId,
      lines: {
        object: "list",
        data: [{ id: "il_last_open", period: { start: now / 1000, end: Date.parse("2027-06-01T18:00:00.000Z") / 1000 } }],
      },
    };
    expect(await deliver(event("invoice.paid", lastOpen))).toBe("processed");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "active", graceEndsAt: null, paidThrough: "2027-06-01T18:00:00.000Z" });
    expect(await ledgerOf(member.id)).toMatchObject([{ kind: "payment", amountCents: 89700, externalId: "in_last_open" }]);
  });

  it("enters, but reinstates nobody with, an invoice paid after the end for time already over (an upgrade's late difference)", async () => {
    const { member, subscriptionId } = await subscriber({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    subscribe(subscriptionId, { status: "canceled" });
    await deliver(event("customer.subscription.deleted", { id: subscriptionId, object: "subscription" }));
    const lateDifference = {
      ...invoice(subscriptionId, {
        id: "in_late_difference",
        amountPaid: 12_345,
        reason: "subscription_update",
        periodEnd: iso(now - DAY_MS),
      }),
      customer: member.paymentCustomerId,
    };
    expect(await deliver(event("invoice.paid", lateDifference))).toBe("processed");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "lapsed", paidThrough: "2027-03-01T18:00:00.000Z" });
    expect(await ledgerOf(member.id)).toMatchObject([{ kind: "payment", amountCents: 12_345, externalId: "in_late_difference" }]);
  });

  it("leaves a past-due member past due when another invoice is paid (a proration) while the renewal stays unpaid", async () => {
    const { member, subscriptionId } = await subscriber({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    subscribe(subscriptionId, { status: "past_due" });
    await deliver(event("invoice.paid", invoice(subscriptionId, { reason: "subscription_update", amountPaid: 1200 })));
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    expect(await ledgerOf(member.id)).toMatchObject([{ kind: "payment", amountCents: 1200 }]);
  });

  it("reinstates a past-due or lapsed member who pays the open invoice, but not when the subscription has ended", async () => {
    const { member: pastDue, subscriptionId: pastDueSubscription } = await subscriber({
      duesStatus: "past_due",
      graceEndsAt: iso(now + DAY_MS),
    });
    await deliver(event("invoice.paid", invoice(pastDueSubscription, { reason: "subscription_cycle" })));
    expect(await memberRow(pastDue.id)).toMatchObject({ duesStatus: "active", graceEndsAt: null });
    const { member: lapsed, subscriptionId: lapsedSubscription } = await subscriber({ duesStatus: "lapsed" });
    await deliver(event("invoice.paid", invoice(lapsedSubscription, { reason: "manual" })));
    expect((await memberRow(lapsed.id)).duesStatus).toBe("active");
    const { member: ended, subscriptionId: endedSubscription } = await subscriber({ duesStatus: "lapsed" });
    subscribe(endedSubscription, { status: "canceled" });
    await deliver(event("invoice.paid", invoice(endedSubscription)));
    expect((await memberRow(ended.id)).duesStatus).toBe("lapsed");
    expect(await ledgerOf(ended.id)).toHaveLength(1);
  });

  it("reaches its handler through the signed webhook, with the subscription read from Stripe", async () => {
    const stripe = fakeStripeApi();
    const { member, subscriptionId } = await subscriber();
    stripe.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      customerId: `cus_${subscriptionId}`,
      status: "active",
      periodEnd: Date.parse("2027-06-01T18:00:00.000Z") / 1000,
      cancelAtPeriodEnd: false,
      metadata: { tier: "business" },
      latestInvoiceId: "in_webhook_1",
      duesCents: 89700,
    });
    const response = await deliverWebhook(stripeEvent("invoice.paid", invoice(subscriptionId, { id: "in_webhook_1" })));
    expect(response.status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ paidThrough: "2027-06-01T18:00:00.000Z" });
    expect(await ledgerOf(member.id)).toMatchObject([{ externalId: "in_webhook_1", amountCents: 89700 }]);
  });
});

describe("a renewal that failed (invoice.payment_failed)", () => {
  it("counts the grace from the failure, not from a delivery that arrives days later", async () => {
    const { member, subscriptionId } = await subscriber();
    subscribe(subscriptionId, { status: "past_due" });
    const failedTwoDaysAgo = event("invoice.payment_failed", invoice(subscriptionId, { amountPaid: 0 }), now - 2 * DAY_MS);
    expect(await deliver(failedTwoDaysAgo)).toBe("processed");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "past_due", graceEndsAt: iso(now + 12 * DAY_MS) });
  });

  it("makes the member past due with 14 days of grace, one charge and one email, however often the provider retries", async () => {
    const { member, subscriptionId } = await subscriber();
    subscribe(subscriptionId, { status: "past_due" });
    const unpaid = invoice(subscriptionId, { id: "in_unpaid_1", amountPaid: 0 });
    expect(await deliver(event("invoice.payment_failed", unpaid))).toBe("processed");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "past_due", graceEndsAt: iso(now + 14 * DAY_MS) });
    expect(await deliver(event("invoice.payment_failed", unpaid, now + 3 * DAY_MS))).toBe("processed");
    expect((await memberRow(member.id)).graceEndsAt).toBe(iso(now + 14 * DAY_MS));
    expect(await ledgerOf(member.id)).toMatchObject([{ kind: "charge", amountCents: 89700, externalId: "in_unpaid_1:unpaid" }]);
    const emails = await emailsTo(member.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ subject: "Your Ember & Oak Society dues are past due" });
    expect(emails[0]!.body).toContain("March 15, 2027");
  });

  it("sends one email and enters one charge when the provider's retries of one invoice arrive at once", async () => {
    const { member, subscriptionId } = await subscriber();
    subscribe(subscriptionId, { status: "past_due" });
    const unpaid = invoice(subscriptionId, { amountPaid: 0 });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => deliver(event("invoice.payment_failed", unpaid))));
    expect(outcomes.every((outcome) => outcome === "processed")).toBe(true);
    expect(await ledgerOf(member.id)).toHaveLength(1);
    expect(await emailsTo(member.email)).toHaveLength(1);
  });

  it("changes nothing when it arrives after the invoice was paid", async () => {
    const { member, subscriptionId } = await subscriber();
    await deliver(event("invoice.paid", invoice(subscriptionId, { id: "in_late_failure" })));
    expect(await deliver(event("invoice.payment_failed", invoice(subscriptionId, { id: "in_late_failure" }), now - 1000))).toBe("ignored");
    expect((await memberRow(member.id)).duesStatus).toBe("active");
    expect(await emailsTo(member.email)).toHaveLength(0);
  });

  it("ends in a lapse when the grace passes unpaid, which the cron decides", async () => {
    const { member, subscriptionId } = await subscriber();
    subscribe(subscriptionId, { status: "past_due" });
    await deliver(event("invoice.payment_failed", invoice(subscriptionId, { amountPaid: 0 })));
    await runDuesCron(services(), now + 13 * DAY_MS);
    expect((await memberRow(member.id)).duesStatus).toBe("past_due");
    await runDuesCron(services(), now + 14 * DAY_MS);
    expect((await memberRow(member.id)).duesStatus).toBe("lapsed");
  });
});

describe("the subscription's changes and end", () => {
  it("does not move the paid period when the renewal invoice is made (customer.subscription.updated), only once it is paid", async () => {
    const { member, subscriptionId } = await subscriber({ paidThrough: "2027-06-01T18:00:00.000Z" });
    // Still active: the provider has made the renewal invoice and moved the period, unpaid as yet.
    subscribe(subscriptionId, { currentPeriodEnd: "2027-09-01T18:00:00.000Z" });
    await deliver(event("customer.subscription.updated", { id: subscriptionId, object: "subscription" }));
    expect((await memberRow(member.id)).paidThrough).toBe("2027-06-01T18:00:00.000Z");
    await deliver(event("invoice.paid", invoice(subscriptionId, { periodEnd: "2027-09-01T18:00:00.000Z" })));
    expect((await memberRow(member.id)).paidThrough).toBe("2027-09-01T18:00:00.000Z");
  });

  it("keeps the paid period of a renewal that failed: past due, then lapsed, the member is paid through the last paid day only", async () => {
    const { member, subscriptionId } = await subscriber({ paidThrough: "2027-03-01T18:00:00.000Z" });
    subscribe(subscriptionId, { status: "past_due", currentPeriodEnd: "2027-06-01T18:00:00.000Z" });
    await deliver(event("invoice.payment_failed", invoice(subscriptionId, { amountPaid: 0 })));
    expect(await deliver(event("customer.subscription.updated", { id: subscriptionId, object: "subscription" }))).toBe("ignored");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "past_due", paidThrough: "2027-03-01T18:00:00.000Z" });
    await runDuesCron(services(), now + 14 * DAY_MS);
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "lapsed", paidThrough: "2027-03-01T18:00:00.000Z" });
    subscribe(subscriptionId, { status: "unpaid", currentPeriodEnd: "2027-06-01T18:00:00.000Z" });
    await deliver(event("customer.subscription.updated", { id: subscriptionId, object: "subscription" }, now + 15 * DAY_MS));
    expect((await memberRow(member.id)).paidThrough).toBe("2027-03-01T18:00:00.000Z");
  });

  it("lapses the member once when it ends (customer.subscription.deleted), frees the subscription and offers the place", async () => {
    const { member, subscriptionId } = await subscriber({ tier: "kickback", pendingTier: null });
    const waiting = await insertInvitationRequest();
    await getDatabase(env.DB)
      .update(invitationRequests)
      .set({ status: "waitlisted", tier: "kickback", waitlistedAt: iso(now - DAY_MS) })
      .where(eq(invitationRequests.id, waiting.id));
    const full = { kickback: await placesTakenIn("kickback") };
    const deleted = event("customer.subscription.deleted", { id: subscriptionId, object: "subscription", status: "canceled" });
    expect(await deliver(deleted, full)).toBe("processed");
    expect(await deliver(deleted, full)).toBe("duplicate");
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "lapsed", subscriptionId: null });
    expect(await emailsTo(member.email)).toHaveLength(1);
    const request = await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, waiting.id)).get();
    expect(request!.status).toBe("offered");
  });
});

describe("a refund (charge.refunded)", () => {
  it("enters each newly refunded part once, whatever the order and number of deliveries", async () => {
    const { member } = await subscriber();
    const charge = (refunded: number) => ({
      id: "ch_refund_1",
      object: "charge",
      amount_refunded: refunded,
      customer: member.paymentCustomerId,
    });
    const partial = event("charge.refunded", charge(1000));
    const full = event("charge.refunded", charge(89700));
    expect(await deliver(partial)).toBe("processed");
    expect(await deliver(full)).toBe("processed");
    expect(await deliver(event("charge.refunded", charge(1000)))).toBe("processed");
    expect(await deliver(full)).toBe("duplicate");
    const refunds = await ledgerOf(member.id);
    expect(refunds.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ["refund", 1000],
      ["refund", 88700],
    ]);
  });

  it("adds up the earlier refunds of a charge whose id is longer than D1 lets a LIKE pattern be", async () => {
    const { member } = await subscriber();
    const charge = (refunded: number) => ({
      id: `ch_${"x".repeat(60)}`,
      object: "charge",
      amount_refunded: refunded,
      customer: member.paymentCustomerId,
    });
    expect(await deliver(event("charge.refunded", charge(1000)))).toBe("processed");
    expect(await deliver(event("charge.refunded", charge(89700)))).toBe("processed");
    expect((await ledgerOf(member.id)).map((entry) => entry.amountCents)).toEqual([1000, 88700]);
  });

  it("ignores a refund for a customer who is no member (a duplicate payment the checkout gave back)", async () => {
    expect(
      await deliver(event("charge.refunded", { id: "ch_other", object: "charge", amount_refunded: 500, customer: "cus_nobody" })),
    ).toBe("ignored");
  });
});
