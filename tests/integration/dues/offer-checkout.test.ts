import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { workerConfig } from "#worker/config.ts";
import { localPaymentsProvider } from "#worker/features/dues/local-payments.ts";
import { payLocalCheckout } from "#worker/features/dues/local-stand-in-pages.ts";
import { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
import { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
import { STRIPE_TEST_SETTINGS, fakeStripeApi, stripeError } from "#tests/fakes/stripe-api.ts";
import { contextFor, insertOffer, ledgerOfRequest, membersOfRequest, requestRow, stripeEnv } from "./offer-fixtures.ts";

/** startOfferCheckout: the applicant's "Pay Initiation & Dues", against a fake of Stripe's API. */
const HOUR_MS = 60 * 60 * 1000;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const start = async (requestId: string, bindings?: Env) => {
  const { context, settle } = contextFor(bindings);
  const result = await startOfferCheckout(context, requestId);
  await settle();
  return result;
};

describe("a Stripe Checkout session for an offer", () => {
  it("asks for a subscription: the tier's initiation fee once and its dues every 3 months, amounts from site-config", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer({ tier: "platinum" });
    const result = await start(offer.id);

    const [create] = stripe.sessionCreates();
    const platinum = tierBySlug("platinum");
    expect(create!.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(platinum.initiationFeeCents),
      "line_items[0][quantity]": "1",
      "allowed_payment_method_types[0]": "card",
      "line_items[1][price_data][unit_amount]": String(quarterlyDuesCents(platinum)),
      "line_items[1][price_data][recurring][interval]": "month",
      "line_items[1][price_data][recurring][interval_count]": "3",
      client_reference_id: offer.id,
      customer_email: offer.email,
      "metadata[request_id]": offer.id,
      "metadata[tier]": "platinum",
      "subscription_data[metadata][request_id]": offer.id,
      "subscription_data[metadata][tier]": "platinum",
      success_url: "http://localhost:8787/application?checkout=complete",
      cancel_url: "http://localhost:8787/application?checkout=cancelled",
    });
    expect(create!.params["line_items[0][price_data][recurring][interval]"]).toBeUndefined();
    expect(create!.idempotencyKey).toMatch(new RegExp(`^offer-checkout:${offer.id}:`));
    expect(create!.authorization).toBe(`Bearer ${STRIPE_TEST_SETTINGS.STRIPE_SECRET_KEY}`);

    const stored = (await requestRow(offer.id)).checkoutSessionId!;
    expect(result).toEqual({ ok: true, url: `https://checkout.stripe.test/c/pay/${stored}` });
  });

  it("ends the session within 24 hours, and never after the offer", async () => {
    const stripe = fakeStripeApi();
    const sevenDays = await insertOffer();
    const before = Date.now();
    await start(sevenDays.id);
    const inTwoHours = await insertOffer({ offerExpiresAt: new Date(Date.now() + 2 * HOUR_MS).toISOString() });
    await start(inTwoHours.id);

    const [week, soon] = stripe.sessionCreates().map((call) => Number(call.params.expires_at) * 1000);
    // From the start of the key's half hour, so every click within it sends the same parameters.
    expect(week).toBeGreaterThanOrEqual(before + 23.5 * HOUR_MS - 2000);
    expect(week).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
    expect(soon).toBeLessThanOrEqual(Date.parse((await requestRow(inTwoHours.id)).offerExpiresAt!));
  });

  it("sends the applicant back to the same session while it is open", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const first = await start(offer.id);
    const second = await start(offer.id);
    expect(second).toEqual(first);
    expect(stripe.sessionCreates()).toHaveLength(1);
  });

  it("stores one session for 10 concurrent clicks, and sends every one of them to it", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const results = await Promise.all(Array.from({ length: 10 }, () => start(offer.id)));
    const stored = (await requestRow(offer.id)).checkoutSessionId!;
    expect(results).toEqual(Array(10).fill({ ok: true, url: `https://checkout.stripe.test/c/pay/${stored}` }));
    // Every create carried the same key, so Stripe made one session.
    expect(new Set(stripe.sessionCreates().map((call) => call.idempotencyKey)).size).toBe(1);
    expect(stripe.sessions.size).toBe(1);
  });

  it("sends the same parameters for clicks a second apart, so the provider answers their shared key rather than refusing it", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const windowStart = Math.floor(Date.now() / (30 * 60 * 1000)) * 30 * 60 * 1000;
    let clock = windowStart + 60_000;
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    const first = start(offer.id);
    clock += 1000;
    const second = start(offer.id);
    const results = await Promise.all([first, second]);
    const stored = (await requestRow(offer.id)).checkoutSessionId!;
    expect(results).toEqual(Array(2).fill({ ok: true, url: `https://checkout.stripe.test/c/pay/${stored}` }));
    expect(new Set(stripe.sessionCreates().map((call) => call.params.expires_at)).size).toBe(1);
  });

  it("makes a new session once the stored one has expired, under a new key", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    await start(offer.id);
    const first = (await requestRow(offer.id)).checkoutSessionId!;
    stripe.expire(first);
    const again = await start(offer.id);
    const second = (await requestRow(offer.id)).checkoutSessionId!;
    expect(second).not.toBe(first);
    expect(again).toEqual({ ok: true, url: `https://checkout.stripe.test/c/pay/${second}` });
    const keys = stripe.sessionCreates().map((call) => call.idempotencyKey);
    expect(keys.at(-1)).toBe(`${keys[0]}:after:${first}`);
  });

  it("refuses a paid session's offer a second checkout", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    await start(offer.id);
    stripe.pay((await requestRow(offer.id)).checkoutSessionId!);
    expect(await start(offer.id)).toEqual({ ok: false, reason: "not-offered" });
    expect(stripe.sessionCreates()).toHaveLength(1);
  });

  it.each([
    ["new", {}],
    ["declined", {}],
    ["waitlisted", {}],
    ["expired", {}],
    ["offered", { offerExpiresAt: new Date(Date.now() - 1000).toISOString() }],
  ] as const)("refuses a request that is %s with no open offer, and asks Stripe nothing", async (status, fields) => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer({ status, ...fields });
    expect(await start(offer.id)).toEqual({ ok: false, reason: "not-offered" });
    expect(await start(crypto.randomUUID())).toEqual({ ok: false, reason: "not-offered" });
    expect(stripe.calls).toEqual([]);
  });

  it("answers provider-failed and stores nothing when Stripe fails", async () => {
    const stripe = fakeStripeApi(() => stripeError(500));
    const offer = await insertOffer();
    expect(await start(offer.id)).toEqual({ ok: false, reason: "provider-failed" });
    expect((await requestRow(offer.id)).checkoutSessionId).toBeNull();
    // The SDK retried with the same idempotency key.
    const keys = stripe.sessionCreates().map((call) => call.idempotencyKey);
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys).size).toBe(1);
  });
});

describe("the Stripe adapter's Billing Portal", () => {
  it("opens a portal session under an idempotency key of its own", async () => {
    const stripe = fakeStripeApi();
    const provider = paymentProviderFor(workerConfig(stripeEnv()), stripeEnv())!;
    const portal = await provider.createBillingPortalSession("cus_portal_key", "http://localhost:8787/members/billing");
    expect(portal.url).toContain("cus_portal_key");
    const [create] = stripe.calls.filter((call) => call.path === "/v1/billing_portal/sessions");
    expect(create!.idempotencyKey).toMatch(/^billing-portal:cus_portal_key:[0-9a-f-]{36}$/);
  });
});

describe("without Stripe", () => {
  it("takes dues only at the lounge in production", () => {
    const production = { ...workerConfig(env), ENVIRONMENT: "production" as const };
    expect(paymentProviderFor(production, { ...env, ENVIRONMENT: "production" })).toBeNull();
    expect(paymentProviderFor({ ...production, ...workerConfig(stripeEnv()), ENVIRONMENT: "production" }, env)?.name).toBe("stripe");
  });

  it("runs the labelled local stand-in in development, which refuses to run in production", () => {
    expect(paymentProviderFor(workerConfig(env), env)?.name).toBe("local");
    expect(() => localPaymentsProvider({ ...env, ENVIRONMENT: "production" })).toThrow(/refuses to run in production/);
  });

  it("pays through the local stand-in's Checkout: the same events, the same dispatcher, one member", async () => {
    const offer = await insertOffer({ tier: "kickback" });
    const started = await start(offer.id, env);
    const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
    expect(started).toEqual({ ok: true, url: `/local-payments/checkout/${sessionId}` });
    expect(await start(offer.id, env)).toEqual(started);

    const { context, settle } = contextFor(env);
    expect(await payLocalCheckout(context, sessionId)).toBe("/application?checkout=complete");
    await settle();
    expect((await requestRow(offer.id)).status).toBe("paid");
    const [member] = await membersOfRequest(offer.id);
    expect(member).toMatchObject({ tier: "kickback", status: "invited", duesStatus: "active" });
    expect(member!.subscriptionId).toMatch(/^sub_local_/);
    const kickback = tierBySlug("kickback");
    expect(await ledgerOfRequest(offer.id)).toEqual([
      expect.objectContaining({
        kind: "payment",
        method: "stripe",
        amountCents: kickback.initiationFeeCents + quarterlyDuesCents(kickback),
      }),
    ]);
    // Paying twice is not possible: the session is complete.
    expect(await payLocalCheckout(contextFor(env).context, sessionId)).toBeNull();
  });

  it("serves no local Checkout when Stripe is configured", async () => {
    fakeStripeApi();
    const offer = await insertOffer();
    await start(offer.id, env);
    const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
    expect(await payLocalCheckout(contextFor(stripeEnv()).context, sessionId)).toBeNull();
    expect((await requestRow(offer.id)).status).toBe("offered");
  });
});
