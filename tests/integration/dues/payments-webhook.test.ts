import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { securityEvents } from "#db/schema.ts";
import { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
import { STRIPE_TEST_SETTINGS, fakeStripeApi, stripeError, stripeEvent, stripeSignature } from "#tests/fakes/stripe-api.ts";
import { countRows } from "#tests/integration/support/concierge-fixtures.ts";
import {
  contextFor,
  deliverWebhook,
  insertOffer,
  ledgerOfRequest,
  membersOfRequest,
  processedEvent,
  requestRow,
  securityEventsOfType,
} from "./offer-fixtures.ts";

/** POST /api/payments/webhook: Stripe's signed events, against a fake of Stripe's API. */
beforeEach(async () => {
  await getDatabase(env.DB).delete(securityEvents);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** An offer with a Checkout session open at the fake, and the completed event paying it. */
async function paidOffer(script?: Parameters<typeof fakeStripeApi>[0]) {
  const stripe = fakeStripeApi(script);
  const offer = await insertOffer();
  const { context, settle } = contextFor();
  const started = await startOfferCheckout(context, offer.id);
  await settle();
  if (!started.ok) throw new Error(`no checkout: ${started.reason}`);
  const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
  return { stripe, offer, sessionId, completed: stripe.pay(sessionId) };
}

describe("the webhook's signature check", () => {
  it.each([
    ["no Stripe-Signature header", async () => null],
    ["a signature made with another secret", (body: string) => stripeSignature(body, { secret: "whsec_notTheClubsSecret" })],
    [
      "a signature older than Stripe's 5-minute tolerance",
      (body: string) => stripeSignature(body, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ],
    [
      "a signature dated 301 s ago (the tolerance is 300 s)",
      (body: string) => stripeSignature(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ],
    ["a signature dated 301 s in the future", (body: string) => stripeSignature(body, { timestamp: Math.floor(Date.now() / 1000) + 301 })],
    [
      "a signature dated a day in the future",
      (body: string) => stripeSignature(body, { timestamp: Math.floor(Date.now() / 1000) + 24 * 60 * 60 }),
    ],
    ["a signature of another body", (body: string) => stripeSignature(body.replace("paid", "unpaid"))],
    ["a header that is not a signature", async () => "t=abc,v1=zzz"],
  ])("answers 400 to %s, changes nothing and logs a security event", async (_case, sign) => {
    const { offer, completed } = await paidOffer();
    const body = JSON.stringify(completed);
    const response = await deliverWebhook(body, { signature: await sign(body) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature" });
    expect((await requestRow(offer.id)).status).toBe("offered");
    expect(await membersOfRequest(offer.id)).toEqual([]);
    expect(await processedEvent(completed.id)).toBeUndefined();
    const [logged] = await securityEventsOfType("payment_webhook_rejected");
    expect(logged).toMatchObject({ severity: "medium", userId: null });
  });

  it("takes no webhook at all without Stripe (the local stand-in's events never come over HTTP)", async () => {
    const { offer, completed } = await paidOffer();
    const response = await deliverWebhook(completed, { bindings: env });
    expect(response.status).toBe(400);
    expect((await requestRow(offer.id)).status).toBe("offered");
  });

  it("in production, answers 400 to a test-mode event, changes nothing and logs a security event", async () => {
    const { offer, completed } = await paidOffer();
    const production = {
      ...env,
      ENVIRONMENT: "production",
      RECAPTCHA_SITE_KEY: "6Lc-real-site-key",
      RECAPTCHA_SECRET_KEY: "secret",
      APP_SIGNING_KEY: "k".repeat(32),
      CARD_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) }),
      TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
      STRIPE_SECRET_KEY: "sk_live_clubsLiveKey",
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_SETTINGS.STRIPE_WEBHOOK_SECRET,
    } as unknown as Env;
    expect(completed.livemode).toBe(false);
    const response = await deliverWebhook(completed, { bindings: production });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Test-mode event refused" });
    expect((await requestRow(offer.id)).status).toBe("offered");
    expect(await membersOfRequest(offer.id)).toEqual([]);
    expect(await processedEvent(completed.id)).toBeUndefined();
    const [logged] = await securityEventsOfType("payment_webhook_rejected");
    expect(logged).toMatchObject({ severity: "medium", userId: null });
  });

  it.each([
    ["290 s ago", -290],
    ["290 s ahead", 290],
  ])("accepts a signature dated %s (within the 300 s either way)", async (_case, offsetSeconds) => {
    const { offer, completed } = await paidOffer();
    const body = JSON.stringify(completed);
    const signature = await stripeSignature(body, { timestamp: Math.floor(Date.now() / 1000) + offsetSeconds });
    const response = await deliverWebhook(body, { signature });
    expect(response.status).toBe(200);
    expect((await requestRow(offer.id)).status).toBe("paid");
  });

  it("needs no Origin header: Stripe's servers send none, and the signature authenticates", async () => {
    const { offer, completed } = await paidOffer();
    const response = await deliverWebhook(completed);
    expect(response.status).toBe(200);
    expect((await requestRow(offer.id)).status).toBe("paid");
  });
});

describe("processing each event once", () => {
  it("acknowledges an event type the club does not act on and records nothing", async () => {
    fakeStripeApi();
    const event = stripeEvent("customer.created", { id: "cus_unrelated", object: "customer" });
    const response = await deliverWebhook(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await processedEvent(event.id)).toBeUndefined();
  });

  it("answers a second delivery of an event with 200 and changes nothing", async () => {
    const { offer, completed } = await paidOffer();
    const first = await deliverWebhook(completed);
    expect(await first.json()).toEqual({ received: true, outcome: "processed" });
    const second = await deliverWebhook(completed);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
    expect(await ledgerOfRequest(offer.id)).toHaveLength(1);
    // One welcome email, and one email of the new member's locker (docs/product-rules.md#lockers).
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject not like '%locker%'`)).toBe(1);
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject like '%locker%'`)).toBe(1);
    expect(await countRows("payment_events", `event_id = '${completed.id}'`)).toBe(1);
  });

  it("makes one member and one ledger entry from 10 concurrent deliveries of one event", async () => {
    const { offer, completed } = await paidOffer();
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliverWebhook(completed)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const outcomes = await Promise.all(responses.map(async (response) => ((await response.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((outcome) => outcome === "processed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(9);
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
    expect(await ledgerOfRequest(offer.id)).toHaveLength(1);
    // One welcome email, and one email of the new member's locker (docs/product-rules.md#lockers).
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject not like '%locker%'`)).toBe(1);
    expect(await countRows("outbox", `recipient = '${offer.email}' and subject like '%locker%'`)).toBe(1);
    expect(await countRows("application_events", `request_id = '${offer.id}' AND kind = 'paid'`)).toBe(1);
  });

  it("answers 500 and records nothing when Stripe cannot be asked, so Stripe's redelivery completes it", async () => {
    let stripeDown = false;
    const { offer, completed } = await paidOffer(() => (stripeDown ? stripeError(500) : undefined));
    stripeDown = true;
    const failed = await deliverWebhook(completed);
    expect(failed.status).toBe(500);
    expect(await processedEvent(completed.id)).toBeUndefined();
    expect(await membersOfRequest(offer.id)).toEqual([]);

    stripeDown = false;
    const redelivered = await deliverWebhook(completed);
    expect(await redelivered.json()).toEqual({ received: true, outcome: "processed" });
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
  });
});

describe("events out of order", () => {
  it("keeps the offer's current session when an older session's expiry arrives late", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const { context } = contextFor();
    await startOfferCheckout(context, offer.id);
    const first = (await requestRow(offer.id)).checkoutSessionId!;
    const firstExpired = stripe.expire(first);
    // Stripe expired it; the applicant's next click found that out and made a new session.
    await vi.waitFor(async () => expect((await startOfferCheckout(contextFor().context, offer.id)).ok).toBe(true));
    const second = (await requestRow(offer.id)).checkoutSessionId!;
    expect(second).not.toBe(first);

    expect(await (await deliverWebhook(firstExpired)).json()).toEqual({ received: true, outcome: "processed" });
    expect((await requestRow(offer.id)).checkoutSessionId).toBe(second);
  });

  it("clears the session when its own expiry arrives, so the next click makes a new one", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    await startOfferCheckout(contextFor().context, offer.id);
    const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
    await deliverWebhook(stripe.expire(sessionId));
    expect((await requestRow(offer.id)).checkoutSessionId).toBeNull();
  });

  it("activates a payment whose event arrives after the offer's expiry was recorded, when it paid this offer's session", async () => {
    const { offer, completed } = await paidOffer();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'expired' WHERE id = ?").bind(offer.id).run();
    expect(await (await deliverWebhook(completed)).json()).toEqual({ received: true, outcome: "processed" });
    expect((await requestRow(offer.id)).status).toBe("paid");
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
  });

  it("makes the member from the completed checkout even when the first invoice's event came first", async () => {
    const { offer, completed, stripe } = await paidOffer();
    const subscription = [...stripe.subscriptions.values()][0]!;
    const invoicePaid = stripeEvent("invoice.paid", {
      id: subscription.latestInvoiceId,
      object: "invoice",
      status: "paid",
      billing_reason: "subscription_create",
      customer: subscription.customerId,
      amount_paid: 1,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: "list", data: [] },
    });
    expect((await deliverWebhook(invoicePaid)).status).toBe(200);
    expect(await (await deliverWebhook(completed)).json()).toEqual({ received: true, outcome: "processed" });
    expect(await membersOfRequest(offer.id)).toHaveLength(1);
    expect(await ledgerOfRequest(offer.id)).toHaveLength(1);
  });
});
