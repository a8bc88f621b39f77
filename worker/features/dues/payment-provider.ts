import type { MembershipTier } from "#app/features/site/site-config.ts";

/**
 * The payment provider behind the club's dues (docs/decisions/009-payment-provider.md): Stripe when
 * it is configured, the labelled local stand-in in development. Everything the club decides (who
 * may pay, how much, when a membership starts) stays on our side; the provider only takes the
 * money and reports what happened through signed webhook events. Every call that creates or
 * changes something carries an idempotency key, so a retry never charges, cancels or refunds twice.
 */
export interface PaymentProvider {
  name: "stripe" | "local";

  /** A hosted checkout for an offer: the initiation fee due (if any) once, plus the tier's dues every quarter. */
  createOfferCheckout(input: OfferCheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSession>;

  /** The subscription as the provider has it now (webhooks may arrive late or out of order). */
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Ends a subscription at once (a duplicate one) or at the end of its paid period. */
  cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<void>;
  /**
   * Moves a subscription to another tier's dues: with proration (an upgrade, at once: the
   * difference is invoiced and paid now, or the call fails and nothing changes) or without (a
   * downgrade, next period).
   */
  changeSubscriptionTier(
    subscriptionId: string,
    tier: MembershipTier["slug"],
    options: { prorate: boolean; idempotencyKey: string },
  ): Promise<SubscriptionSnapshot>;
  /** Refunds an invoice's payment in full. */
  refundInvoice(invoiceId: string, options: { idempotencyKey: string }): Promise<void>;

  /** Where a member manages their card and invoices (the provider's billing portal). */
  createBillingPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;

  /**
   * The event a webhook request carries, once its signature on the raw body is verified; null when
   * the signature is missing, wrong or too old (the caller answers 400 and changes nothing).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent | null>;
}

export interface OfferCheckoutInput {
  requestId: string;
  tier: MembershipTier["slug"];
  /** The initiation fee this session charges (initiation-fee.ts): 0 leaves the fee out. */
  initiationFeeCents: number;
  email: string;
  /** The session's end: never after the offer's. */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the applicant pays; null once the session is complete or expired. */
  url: string | null;
  status: "open" | "complete" | "expired";
  /** What the session charges today (fee and first quarter), in cents. */
  amountTotalCents: number | null;
}

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: "incomplete" | "incomplete_expired" | "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "paused";
  /** The end of the period paid for (ISO, UTC): the member's paid_through. */
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** The tier its dues are for, from the metadata we set; null when missing or unknown. */
  tier: MembershipTier["slug"] | null;
  /** The application it paid, from the metadata we set at checkout. */
  requestId: string | null;
  latestInvoiceId: string | null;
}

/**
 * A verified webhook event, in the provider's event vocabulary (Stripe's types: the local stand-in
 * writes the same). `object` is the event's data object as received: each handler reads the fields
 * it needs with a zod schema, and re-reads from the provider what must be current.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** When the provider created the event (ms since the epoch). */
  created: number;
  /** Whether the provider sent it from live mode (real money); false for its test mode. */
  livemode: boolean;
  object: unknown;
}
