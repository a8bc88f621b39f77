import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import {
  localCheckoutAmounts,
  localIds,
  localPeriodEnd,
  localSubscriptionOfCustomer,
  readLocalSession,
  writeLocalSession,
  writeLocalSubscription,
  type LocalSession,
  type LocalSubscription,
} from "./local-payments.ts";
import { dispatchPaymentEvent } from "./payment-event-dispatch.ts";
import type { PaymentEventContext } from "./payment-events.ts";
import { paymentProviderFor } from "./payment-provider-for.ts";
import type { PaymentEvent } from "./payment-provider.ts";

/**
 * What the local stand-in's Checkout and Billing Portal pages do (app/features/dues/routes/local-*.tsx;
 * docs/decisions/009-payment-provider.md). No money moves: each button changes the stand-in's
 * records and hands the events Stripe would send, shaped as Stripe shapes them, to the same
 * dispatcher as the webhook, so the club's side runs exactly as it does with Stripe. Everything
 * here answers null unless the local stand-in is the provider (development without Stripe).
 */
function localEventContext(context: RequestContext): PaymentEventContext | null {
  const provider = paymentProviderFor(context.config, context.env);
  return provider?.name === "local" ? { ...context, provider, now: Date.now() } : null;
}

function localEvent(type: string, object: unknown, now: number): PaymentEvent {
  // Never live: the stand-in moves no money, and it never runs in production.
  return { id: localIds.event(), type, created: now, livemode: false, object };
}

const seconds = (iso: string | number) => Math.floor((typeof iso === "number" ? iso : Date.parse(iso)) / 1000);
/** The path and query of a URL we made (the stand-in's redirects stay on whichever host serves it). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

function subscriptionObject(subscription: LocalSubscription) {
  return {
    id: subscription.id,
    object: "subscription",
    customer: subscription.customerId,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    metadata: { tier: subscription.tier, ...(subscription.requestId ? { request_id: subscription.requestId } : {}) },
    latest_invoice: subscription.latestInvoiceId,
    items: { object: "list", data: [{ id: `si_${subscription.id}`, current_period_end: seconds(subscription.currentPeriodEnd) }] },
  };
}

function invoiceObject(
  subscription: LocalSubscription,
  invoice: { id: string; amountCents: number; status: "paid" | "open"; billingReason: string; periodStart: number; periodEnd: string },
) {
  const period = { start: seconds(invoice.periodStart), end: seconds(invoice.periodEnd) };
  return {
    id: invoice.id,
    object: "invoice",
    status: invoice.status,
    billing_reason: invoice.billingReason,
    customer: subscription.customerId,
    currency: "usd",
    amount_due: invoice.amountCents,
    amount_paid: invoice.status === "paid" ? invoice.amountCents : 0,
    amount_remaining: invoice.status === "paid" ? 0 : invoice.amountCents,
    period_start: period.start,
    period_end: period.end,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscription.id, metadata: subscriptionObject(subscription).metadata },
    },
    lines: { object: "list", data: [{ id: `il_${invoice.id}`, amount: invoice.amountCents, period }] },
  };
}

export interface LocalCheckoutView {
  session: LocalSession;
  tierName: string;
  initiationFeeCents: number;
  duesCents: number;
}

export async function localCheckoutView(context: RequestContext, sessionId: string): Promise<LocalCheckoutView | null> {
  if (!localEventContext(context)) return null;
  const session = await readLocalSession(context.env, sessionId);
  if (!session) return null;
  return { session, tierName: tierBySlug(session.tier).name, ...localCheckoutAmounts(session) };
}

/**
 * Pay: the session completes with a new customer, subscription and first invoice, and the
 * checkout.session.completed and invoice.paid events go through the dispatcher. Returns where the
 * browser goes next (the success page, which grants nothing by itself), or null.
 */
export async function payLocalCheckout(context: RequestContext, sessionId: string): Promise<string | null> {
  const eventContext = localEventContext(context);
  const session = eventContext ? await readLocalSession(context.env, sessionId) : null;
  if (!eventContext || session?.status !== "open") return null;
  const { now } = eventContext;
  const amountCents = localCheckoutAmounts(session).totalCents;
  const invoiceId = localIds.invoice();
  const subscription: LocalSubscription = {
    id: localIds.subscription(),
    customerId: localIds.customer(),
    status: "active",
    currentPeriodEnd: localPeriodEnd(now),
    cancelAtPeriodEnd: false,
    tier: session.tier,
    requestId: session.requestId,
    latestInvoiceId: invoiceId,
    openInvoice: null,
  };
  await writeLocalSubscription(context.env, subscription);
  await writeLocalSession(context.env, { ...session, status: "complete", subscriptionId: subscription.id });

  const metadata = { request_id: session.requestId, tier: session.tier };
  await dispatchPaymentEvent(
    eventContext,
    localEvent(
      "checkout.session.completed",
      {
        id: session.id,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        client_reference_id: session.requestId,
        customer_email: session.email,
        metadata,
        subscription: subscription.id,
        customer: subscription.customerId,
        invoice: invoiceId,
        amount_total: amountCents,
      },
      now,
    ),
  );
  await dispatchPaymentEvent(
    eventContext,
    localEvent(
      "invoice.paid",
      invoiceObject(subscription, {
        id: invoiceId,
        amountCents,
        status: "paid",
        billingReason: "subscription_create",
        periodStart: now,
        periodEnd: subscription.currentPeriodEnd,
      }),
      now,
    ),
  );
  return pathOf(session.successUrl);
}

/** Cancel: back to the offer, the session still open (as Stripe's Checkout does). */
export async function cancelLocalCheckout(context: RequestContext, sessionId: string): Promise<string | null> {
  if (!localEventContext(context)) return null;
  const session = await readLocalSession(context.env, sessionId);
  return session ? pathOf(session.cancelUrl) : null;
}

export async function localPortalView(context: RequestContext, customerId: string) {
  if (!localEventContext(context)) return null;
  const subscription = await localSubscriptionOfCustomer(context.env, customerId);
  return subscription
    ? { subscription, tierName: tierBySlug(subscription.tier).name, duesCents: quarterlyDuesCents(tierBySlug(subscription.tier)) }
    : null;
}

export type LocalPortalAction = "cancel-at-period-end" | "renew" | "fail-renewal" | "pay-open-invoice";

/**
 * The Billing Portal's buttons and the renewals Stripe would make on its own schedule, for trying
 * renewals and lapses offline: cancel at the period's end; renew now (paid); a renewal whose card
 * is declined (an open invoice, past due); paying that open invoice.
 */
export async function actInLocalPortal(context: RequestContext, customerId: string, action: LocalPortalAction): Promise<boolean> {
  const eventContext = localEventContext(context);
  const current = eventContext ? await localSubscriptionOfCustomer(context.env, customerId) : null;
  if (!eventContext || !current || current.status === "canceled") return false;
  const { now } = eventContext;
  const duesCents = quarterlyDuesCents(tierBySlug(current.tier));
  const events: PaymentEvent[] = [];
  let next: LocalSubscription;

  if (action === "cancel-at-period-end") {
    next = { ...current, cancelAtPeriodEnd: true };
  } else if (action === "renew" || action === "fail-renewal") {
    // The period moves on when the renewal invoice is made, paid or not (as Stripe's does).
    const periodStart = Date.parse(current.currentPeriodEnd);
    const invoice = { id: localIds.invoice(), amountCents: duesCents };
    next = {
      ...current,
      currentPeriodEnd: localPeriodEnd(Math.max(periodStart, now)),
      latestInvoiceId: invoice.id,
      status: action === "renew" ? "active" : "past_due",
      openInvoice: action === "renew" ? null : invoice,
    };
    const status = action === "renew" ? "paid" : "open";
    const object = invoiceObject(next, {
      ...invoice,
      status,
      billingReason: "subscription_cycle",
      periodStart,
      periodEnd: next.currentPeriodEnd,
    });
    events.push(localEvent(action === "renew" ? "invoice.paid" : "invoice.payment_failed", object, now));
  } else {
    if (!current.openInvoice) return false;
    next = { ...current, status: "active", openInvoice: null };
    const object = invoiceObject(next, {
      ...current.openInvoice,
      status: "paid",
      billingReason: "subscription_cycle",
      periodStart: now,
      periodEnd: next.currentPeriodEnd,
    });
    events.push(localEvent("invoice.paid", object, now));
  }
  await writeLocalSubscription(context.env, next);
  events.push(localEvent("customer.subscription.updated", subscriptionObject(next), now));
  for (const event of events) await dispatchPaymentEvent(eventContext, event);
  return true;
}
