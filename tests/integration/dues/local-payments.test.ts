import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentProviderFor } from "#worker/features/dues/payment-provider-for.ts";
import { workerConfig } from "#worker/config.ts";
import {
  actInLocalPortal,
  cancelLocalCheckout,
  localCheckoutView,
  localPortalView,
  payLocalCheckout,
} from "#worker/features/dues/local-stand-in-pages.ts";
import { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
import { contextFor, insertOffer, membersOfRequest, requestRow, stripeEnv } from "./offer-fixtures.ts";

/** The local payments stand-in's Checkout and Billing Portal, in development without Stripe. */
beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function paidLocally() {
  const offer = await insertOffer({ tier: "business" });
  await startOfferCheckout(contextFor(env).context, offer.id);
  const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
  const { context, settle } = contextFor(env);
  await payLocalCheckout(context, sessionId);
  await settle();
  const [member] = await membersOfRequest(offer.id);
  return { offer, sessionId, member: member! };
}

const act = async (customerId: string, action: Parameters<typeof actInLocalPortal>[2]) => {
  const { context, settle } = contextFor(env);
  const done = await actInLocalPortal(context, customerId, action);
  await settle();
  return done;
};

describe("the local Checkout stand-in", () => {
  it("shows the tier and the amounts of site-config, and Cancel goes back to the status page with the session still open", async () => {
    const offer = await insertOffer({ tier: "platinum" });
    await startOfferCheckout(contextFor(env).context, offer.id);
    const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
    expect(await localCheckoutView(contextFor(env).context, sessionId)).toMatchObject({
      tierName: "Platinum",
      initiationFeeCents: 250_000,
      duesCents: 179_700,
      session: { status: "open", email: offer.email },
    });
    expect(await cancelLocalCheckout(contextFor(env).context, sessionId)).toBe("/application?checkout=cancelled");
    expect((await localCheckoutView(contextFor(env).context, sessionId))!.session.status).toBe("open");
    expect((await requestRow(offer.id)).status).toBe("offered");
  });

  it("shows nothing for an unknown session, nor anything at all when Stripe is the provider", async () => {
    expect(await localCheckoutView(contextFor(env).context, "cs_local_unknown")).toBeNull();
    const { sessionId } = await paidLocally();
    expect(await localCheckoutView(contextFor(stripeEnv()).context, sessionId)).toBeNull();
  });
});

describe("the local Billing Portal stand-in", () => {
  it("sends a declined renewal and then the paid open invoice through the same dispatcher as the webhook", async () => {
    const { member } = await paidLocally();
    const customerId = member.paymentCustomerId!;
    expect(await act(customerId, "fail-renewal")).toBe(true);
    expect((await membersOfRequest(member.invitationRequestId!))[0]!.duesStatus).toBe("past_due");
    expect((await localPortalView(contextFor(env).context, customerId))!.subscription).toMatchObject({
      status: "past_due",
      openInvoice: { amountCents: 89_700 },
    });

    expect(await act(customerId, "pay-open-invoice")).toBe(true);
    const [after] = await membersOfRequest(member.invitationRequestId!);
    expect(after!.duesStatus).toBe("active");
    expect(Date.parse(after!.paidThrough!)).toBeGreaterThan(Date.parse(member.paidThrough!));
    expect(await act(customerId, "pay-open-invoice")).toBe(false);
  });

  it("cancels at the period's end, as the provider then reports it", async () => {
    const { member } = await paidLocally();
    expect(await act(member.paymentCustomerId!, "cancel-at-period-end")).toBe(true);
    const provider = paymentProviderFor(workerConfig(env), env)!;
    expect(await provider.getSubscription(member.subscriptionId!)).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
  });

  it("refuses every button when Stripe is the provider", async () => {
    const { member } = await paidLocally();
    expect(await actInLocalPortal(contextFor(stripeEnv()).context, member.paymentCustomerId!, "renew")).toBe(false);
    expect(await localPortalView(contextFor(stripeEnv()).context, member.paymentCustomerId!)).toBeNull();
  });
});
