import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { securityEvents } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { formatCents } from "#app/lib/money.ts";
import { findOpenInvitation } from "#worker/features/admissions/invitation-links.ts";
import { activatePaidOffer } from "#worker/features/dues/offer-activation.ts";
import { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
import { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
import { workerConfig } from "#worker/config.ts";
import { fakeStripeApi, stripeError } from "#tests/fakes/stripe-api.ts";
import { countRows, insertMember, testSigningKey, tokenInEmail } from "#tests/integration/support/concierge-fixtures.ts";
import {
  contextFor,
  deliverWebhook,
  eventsOfRequest,
  insertOffer,
  ledgerOfRequest,
  membersOfRequest,
  requestRow,
  securityEventsOfType,
  stripeEnv,
} from "./offer-fixtures.ts";

/** A paid offer makes a member: through a verified checkout.session.completed, or a payment at the lounge. */
beforeEach(async () => {
  await getDatabase(env.DB).delete(securityEvents);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function checkoutFor(requestId: string) {
  const result = await startOfferCheckout(contextFor().context, requestId);
  if (!result.ok) throw new Error(`no checkout: ${result.reason}`);
  return (await requestRow(requestId)).checkoutSessionId!;
}

describe("checkout.session.completed", () => {
  it("makes the member, their sign-in link and welcome email, the ledger's payment and the events, in one step", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer({ tier: "business" });
    const completed = stripe.pay(await checkoutFor(offer.id));
    const subscription = [...stripe.subscriptions.values()][0]!;

    expect((await deliverWebhook(completed)).status).toBe(200);

    const request = await requestRow(offer.id);
    expect(request).toMatchObject({ status: "paid", paidAt: expect.any(String) });
    const [member] = await membersOfRequest(offer.id);
    expect(member).toMatchObject({
      id: request.memberId,
      email: offer.email,
      name: offer.name,
      tier: "business",
      role: "member",
      status: "invited",
      duesStatus: "active",
      // Re-read from Stripe: the subscription's current period end.
      paidThrough: new Date(subscription.periodEnd * 1000).toISOString(),
      subscriptionId: subscription.id,
      paymentCustomerId: subscription.customerId,
      invitedBy: offer.invitedBy,
      invitationRequestId: offer.id,
      admittedBy: offer.conciergeId,
    });

    const business = tierBySlug("business");
    expect(await ledgerOfRequest(offer.id)).toEqual([
      expect.objectContaining({
        memberId: member!.id,
        kind: "payment",
        amountCents: business.initiationFeeCents + quarterlyDuesCents(business),
        method: "stripe",
        externalId: subscription.latestInvoiceId,
        recordedBy: null,
      }),
    ]);

    const email = await env.DB.prepare("SELECT subject, body, status FROM outbox WHERE recipient = ?")
      .bind(offer.email)
      .first<{ subject: string; body: string; status: string }>();
    expect(email!.subject).toBe("Welcome to Ember & Oak Society");
    expect(email!.body).toContain("initiation fee and first quarter's dues are received");
    // Sealed at rest; opened, it is a working single-use link for this member.
    expect(email!.body).not.toMatch(/\/invitation#/);
    const token = await tokenInEmail(email!.body);
    expect(await findOpenInvitation(env.DB, token)).toMatchObject({ memberId: member!.id });

    expect((await eventsOfRequest(offer.id)).map((event) => [event.kind, event.detail])).toContainEqual(["paid", "stripe"]);
    const [logged] = await securityEventsOfType("payment_received");
    expect(logged).toMatchObject({ userId: member!.id, severity: "low" });
    expect(JSON.stringify(logged!.metadata)).not.toContain(offer.email);
  });

  it("refunds and cancels a second subscription for an offer already paid, with idempotency keys, and logs it", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const firstSession = await checkoutFor(offer.id);
    // A second session for the same offer (another tab, a moment apart), paid too.
    const provider = paymentProviderFor(workerConfig(stripeEnv()), stripeEnv())!;
    const other = await provider.createOfferCheckout(
      {
        requestId: offer.id,
        tier: "business",
        initiationFeeCents: tierBySlug("business").initiationFeeCents,
        email: offer.email,
        expiresAt: new Date(Date.now() + 3_600_000),
        successUrl: "http://localhost/",
        cancelUrl: "http://localhost/",
      },
      "another-tab",
    );
    const second = stripe.pay(other.id);
    const first = stripe.pay(firstSession);
    await deliverWebhook(first);
    const [member] = await membersOfRequest(offer.id);

    expect((await deliverWebhook(second)).status).toBe(200);
    expect(await membersOfRequest(offer.id)).toEqual([member]);
    expect(await ledgerOfRequest(offer.id)).toHaveLength(1);
    const duplicate = stripe.subscriptions.get((second.data.object as { subscription: string }).subscription)!;
    expect(duplicate.status).toBe("canceled");
    const cancel = stripe.calls.find((call) => call.method === "DELETE" && call.path === `/v1/subscriptions/${duplicate.id}`);
    expect(cancel!.idempotencyKey).toBe(`cancel-unwanted:${duplicate.id}`);
    expect(stripe.refunds).toEqual([
      {
        paymentIntent: `pi_${duplicate.latestInvoiceId}`,
        idempotencyKey: `refund-unwanted:${duplicate.latestInvoiceId}:pi_${duplicate.latestInvoiceId}`,
      },
    ]);
    expect(await securityEventsOfType("payment_refunded")).toHaveLength(1);
    // The member's own subscription is untouched.
    expect(stripe.subscriptions.get(member!.subscriptionId!)!.status).toBe("active");
  });

  it.each(["declined", "waitlisted"] as const)("refunds a payment for a request that is %s and makes no member", async (status) => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const completed = stripe.pay(await checkoutFor(offer.id));
    await env.DB.prepare("UPDATE invitation_requests SET status = ? WHERE id = ?").bind(status, offer.id).run();
    expect((await deliverWebhook(completed)).status).toBe(200);
    expect(await membersOfRequest(offer.id)).toEqual([]);
    expect(stripe.refunds).toHaveLength(1);
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(1);
  });

  it("marks the event processed only once the refund is made: a failed refund answers 500 and the redelivery makes it", async () => {
    let refundsDown = true;
    const stripe = fakeStripeApi((call) => (refundsDown && call.path === "/v1/refunds" ? stripeError(500) : undefined));
    const offer = await insertOffer();
    const completed = stripe.pay(await checkoutFor(offer.id));
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined' WHERE id = ?").bind(offer.id).run();
    expect((await deliverWebhook(completed)).status).toBe(500);
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(0);
    expect(stripe.refunds).toEqual([]);

    refundsDown = false;
    expect(await (await deliverWebhook(completed)).json()).toEqual({ received: true, outcome: "processed" });
    expect(stripe.refunds).toHaveLength(1);
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(1);
  });

  it.each([
    ["less than is due (no initiation fee)", 0],
    ["more than is due", tierBySlug("business").initiationFeeCents + 1],
  ])("activates nothing for a checkout that paid %s: refunded, cancelled and flagged for the concierge", async (_case, feeCents) => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer({ tier: "business" });
    const provider = paymentProviderFor(workerConfig(stripeEnv()), stripeEnv())!;
    const session = await provider.createOfferCheckout(
      {
        requestId: offer.id,
        tier: "business",
        initiationFeeCents: feeCents,
        email: offer.email,
        expiresAt: new Date(Date.now() + 3_600_000),
        successUrl: "http://localhost/",
        cancelUrl: "http://localhost/",
      },
      `wrong-amount-${feeCents}`,
    );
    const completed = stripe.pay(session.id);
    const paidCents = feeCents + quarterlyDuesCents(tierBySlug("business"));

    expect(await (await deliverWebhook(completed)).json()).toEqual({ received: true, outcome: "processed" });
    expect(await membersOfRequest(offer.id)).toEqual([]);
    expect((await requestRow(offer.id)).status).toBe("offered");
    expect(await ledgerOfRequest(offer.id)).toEqual([]);
    const subscription = stripe.subscriptions.get((completed.data.object as { subscription: string }).subscription)!;
    expect(subscription.status).toBe("canceled");
    expect(stripe.refunds).toHaveLength(1);
    const flagged = (await securityEventsOfType("payment_refunded")).filter((event) => event.severity === "high");
    expect(flagged).toHaveLength(1);
    const business = tierBySlug("business");
    expect(flagged[0]!.description).toBe(
      `a checkout paid ${formatCents(paidCents)} where ${formatCents(business.initiationFeeCents + quarterlyDuesCents(business))} was due: no membership was started, the payment was refunded and its subscription cancelled`,
    );
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(1);
  });

  it("refunds a payment from someone who is already a member, and leaves their membership alone", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const existing = await insertMember({ email: offer.email });
    const completed = stripe.pay(await checkoutFor(offer.id));
    expect((await deliverWebhook(completed)).status).toBe(200);
    expect((await requestRow(offer.id)).status).toBe("offered");
    expect(await countRows("members", `email = '${offer.email}'`)).toBe(1);
    expect(await countRows("members", `id = '${existing.id}' AND subscription_id IS NULL`)).toBe(1);
    expect(stripe.refunds).toHaveLength(1);
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(1);
  });
});

describe("activatePaidOffer for a payment taken at the lounge", () => {
  const paidAtLounge = (requestId: string, conciergeId: string, externalId = crypto.randomUUID()) =>
    activatePaidOffer(env.DB, {
      requestId,
      method: "cash",
      externalId,
      amountCents: 74_700,
      occurredAt: new Date().toISOString(),
      paidThrough: new Date(Date.now() + 91 * 24 * 60 * 60 * 1000).toISOString(),
      recordedBy: conciergeId,
      siteUrl: "http://localhost:8787",
      signingKey: testSigningKey(),
    });

  it("makes the member with no subscription, the ledger entry naming the concierge, and the event", async () => {
    const offer = await insertOffer();
    const result = await paidAtLounge(offer.id, offer.conciergeId);
    expect(result).toMatchObject({ ok: true, email: offer.email });
    const [member] = await membersOfRequest(offer.id);
    expect(member).toMatchObject({ subscriptionId: null, paymentCustomerId: null, duesStatus: "active" });
    expect(await ledgerOfRequest(offer.id)).toEqual([
      expect.objectContaining({ method: "cash", amountCents: 74_700, recordedBy: offer.conciergeId }),
    ]);
    expect((await eventsOfRequest(offer.id)).find((event) => event.kind === "paid")).toMatchObject({
      actorId: offer.conciergeId,
      detail: "cash",
    });
  });

  it("makes one member from 10 concurrent payments for one offer", async () => {
    const offer = await insertOffer();
    const results = await Promise.all(Array.from({ length: 10 }, () => paidAtLounge(offer.id, offer.conciergeId)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(Array(9).fill({ ok: false, reason: "not-offered" }));
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
    expect(await ledgerOfRequest(offer.id)).toHaveLength(1);
    // One welcome email, and one email of the new member's locker (docs/product-rules.md#lockers).
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject not like '%locker%'`)).toBe(1);
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject like '%locker%'`)).toBe(1);
  });

  it.each(["new", "declined", "waitlisted", "expired"] as const)("refuses a request that is %s", async (status) => {
    const offer = await insertOffer({ status });
    expect(await paidAtLounge(offer.id, offer.conciergeId)).toEqual({ ok: false, reason: "not-offered" });
    expect(await membersOfRequest(offer.id)).toEqual([]);
    expect(await paidAtLounge(crypto.randomUUID(), offer.conciergeId)).toEqual({ ok: false, reason: "not-found" });
  });
});
