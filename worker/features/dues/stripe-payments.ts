import Stripe from "stripe";
import { z } from "zod";
import { quarterlyDuesCents, tierBySlug, type MembershipTier } from "#app/features/site/site-config.ts";
import { membershipTierSlugs } from "#db/schema/members.ts";
import type { CheckoutSession, PaymentProvider, SubscriptionSnapshot } from "./payment-provider.ts";

/**
 * Stripe through its official SDK on Workers (docs/decisions/009-payment-provider.md): the fetch
 * HTTP client, resolved at each call (tests put a fake of Stripe's API behind global fetch), and
 * webhook signatures checked with SubtleCrypto on the raw body, dated within 5 minutes of the
 * Worker's clock either way (signedWithinTolerance). Amounts come only from site-config.ts.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: https://api.stripe.com, or a fake of it in tests. */
  apiBase: string;
}

export function stripePayments(settings: StripeSettings): PaymentProvider {
  const api = new URL(settings.apiBase);
  const protocol = api.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
    // The SDK retries network failures and 409/429/5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  const duesPriceData = (tier: MembershipTier) => ({
    currency: "usd",
    unit_amount: quarterlyDuesCents(tier),
    recurring: { interval: "month" as const, interval_count: 3 },
    product_data: { name: `${tier.name} membership dues (billed quarterly)` },
  });

  return {
    name: "stripe",

    async createOfferCheckout(input, idempotencyKey) {
      const tier = tierBySlug(input.tier);
      const metadata = { request_id: input.requestId, tier: tier.slug };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          // Cards only: a delayed method (bank debit) would complete the session unpaid, and the
          // membership begins only with a paid one (docs/decisions/009-payment-provider.md).
          allowed_payment_method_types: ["card"],
          // A waived fee (initiation-fee.ts) is left out rather than charged at zero.
          line_items: [
            ...(input.initiationFeeCents > 0
              ? [
                  {
                    price_data: {
                      currency: "usd",
                      unit_amount: input.initiationFeeCents,
                      product_data: { name: `${tier.name} initiation fee` },
                    },
                    quantity: 1,
                  },
                ]
              : []),
            { price_data: duesPriceData(tier), quantity: 1 },
          ],
          client_reference_id: input.requestId,
          customer_email: input.email,
          metadata,
          subscription_data: { metadata },
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey },
      );
      return checkoutSession(session);
    },

    async getCheckoutSession(sessionId) {
      return checkoutSession(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async getSubscription(subscriptionId) {
      return subscriptionSnapshot(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async cancelSubscription(subscriptionId, { atPeriodEnd, idempotencyKey }) {
      if (atPeriodEnd) await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey });
      else await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
    },

    async changeSubscriptionTier(subscriptionId, slug, { prorate, idempotencyKey }) {
      const tier = tierBySlug(slug);
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
      const updated = await stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price_data: { ...duesPriceData(tier), product: item.price.product as string } }],
          // An upgrade's difference is invoiced and charged now, and the change is refused (an error,
          // nothing changed at Stripe) when that payment fails: nobody holds a tier unpaid
          // (docs/decisions/009-payment-provider.md). Its invoice.paid enters the ledger.
          ...(prorate
            ? { proration_behavior: "always_invoice" as const, payment_behavior: "error_if_incomplete" as const }
            : { proration_behavior: "none" as const }),
          metadata: { tier: tier.slug },
        },
        { idempotencyKey },
      );
      return subscriptionSnapshot(updated);
    },

    async refundInvoice(invoiceId, { idempotencyKey }) {
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
      for (const payment of payments.data) {
        const paymentIntent = payment.payment.payment_intent;
        if (payment.status !== "paid" || !paymentIntent) continue;
        const id = typeof paymentIntent === "string" ? paymentIntent : paymentIntent.id;
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `${idempotencyKey}:${id}` });
      }
    },

    async createBillingPortalSession(customerId, returnUrl) {
      // A key of its own (this visit), like every create call: the SDK's retries reuse it.
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey: `billing-portal:${customerId}:${crypto.randomUUID()}` },
      );
      return { url: session.url };
    },

    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader || !signedWithinTolerance(signatureHeader, Date.now())) return null;
      let verified: unknown;
      try {
        verified = await stripe.webhooks.constructEventAsync(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          cryptoProvider,
        );
      } catch (error) {
        // A bad signature, or (signed with our secret, so only in a test) a body that is not JSON.
        if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) return null;
        throw error;
      }
      const event = webhookEvent.safeParse(verified);
      if (!event.success) return null;
      return {
        id: event.data.id,
        type: event.data.type,
        created: event.data.created * 1000,
        livemode: event.data.livemode,
        object: event.data.data.object,
      };
    },
  };
}

/** How far a webhook signature's time may be from the Worker's clock, in either direction. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK refuses only signatures older than its tolerance; one dated in the future would pass, and
 * a captured event could then be replayed for as long as that date lies ahead
 * (docs/security.md#payments). The header's `t=` is the signed time: it is part of what is signed,
 * so the SDK's check of the signature then proves it.
 */
export function signedWithinTolerance(signatureHeader: string, now: number): boolean {
  const stamp = signatureHeader
    .split(",")
    .map((part) => part.trim())
    .find((part) => part.startsWith("t="))
    ?.slice(2);
  if (!stamp || !/^\d{1,12}$/.test(stamp)) return false;
  return Math.abs(Math.floor(now / 1000) - Number(stamp)) <= WEBHOOK_TOLERANCE_SECONDS;
}

/** The envelope of every Stripe event; each handler reads its own object (payment-events.ts). */
const webhookEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  livemode: z.boolean(),
  data: z.object({ object: z.unknown() }),
});

const SESSION_STATUSES = ["open", "complete", "expired"] as const;
const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;

/** A status this code does not know (a newer API version's) is an error to look at, not a guess. */
function known<T extends string>(statuses: readonly T[], status: string | null, what: string): T {
  const match = statuses.find((candidate) => candidate === status);
  if (!match) throw new Error(`Stripe answered an unknown ${what} status: ${status}`);
  return match;
}

function checkoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    status: known(SESSION_STATUSES, session.status, "checkout session"),
    amountTotalCents: session.amount_total,
  };
}

function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  // Since API version 2025-03-31 the period lives on each item; ours has one (the tier's dues).
  const periodEnd = Math.max(...subscription.items.data.map((item) => item.current_period_end));
  const tier = membershipTierSlugs.find((slug) => slug === subscription.metadata.tier) ?? null;
  const latestInvoice = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: known(SUBSCRIPTION_STATUSES, subscription.status, "subscription"),
    currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    tier,
    requestId: subscription.metadata.request_id ?? null,
    latestInvoiceId: typeof latestInvoice === "string" ? latestInvoice : (latestInvoice?.id ?? null),
  };
}
