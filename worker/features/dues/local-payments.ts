import { z } from "zod";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { membershipTierSlugs } from "#db/schema/members.ts";
import type { CheckoutSession, PaymentProvider, SubscriptionSnapshot } from "./payment-provider.ts";

/**
 * LOCAL STAND-IN for Stripe, so the whole dues journey runs offline (docs/decisions/009-payment-provider.md).
 * No money moves and nothing leaves the machine: sessions, subscriptions and invoices live in KV
 * for 30 days, the Checkout and Billing Portal are our own labelled pages (/local-payments/…), and
 * what a customer does there becomes the events Stripe would send, handed to the same dispatcher
 * as the webhook's (local-stand-in-pages.ts). It accepts no webhook over HTTP and refuses to run
 * in production.
 */
const KV_TTL_SECONDS = 30 * 24 * 60 * 60;
const QUARTER_MS = 91 * 24 * 60 * 60 * 1000;

const localSession = z.object({
  id: z.string(),
  requestId: z.string(),
  tier: z.enum(membershipTierSlugs),
  /** The initiation fee decided when the session was made (initiation-fee.ts); 0 when waived. */
  initiationFeeCents: z.number().int().nonnegative(),
  email: z.string(),
  status: z.enum(["open", "complete", "expired"]),
  expiresAt: z.number(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  subscriptionId: z.string().nullable(),
});
export type LocalSession = z.infer<typeof localSession>;

const localSubscription = z.object({
  id: z.string(),
  customerId: z.string(),
  status: z.enum(["incomplete", "incomplete_expired", "trialing", "active", "past_due", "canceled", "unpaid", "paused"]),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  tier: z.enum(membershipTierSlugs),
  requestId: z.string().nullable(),
  latestInvoiceId: z.string().nullable(),
  /** An invoice the renewal could not collect, waiting in the portal. */
  openInvoice: z.object({ id: z.string(), amountCents: z.number() }).nullable(),
});
export type LocalSubscription = z.infer<typeof localSubscription>;

type LocalEnv = Pick<Env, "RATE_LIMITS" | "ENVIRONMENT">;

export function refuseLocalPaymentsInProduction(env: Pick<Env, "ENVIRONMENT">): void {
  if (env.ENVIRONMENT === "production") throw new Error("The local payments stand-in refuses to run in production: configure Stripe");
}

const key = {
  session: (id: string) => `local-pay:session:${id}`,
  subscription: (id: string) => `local-pay:subscription:${id}`,
  customer: (id: string) => `local-pay:customer:${id}`,
  idempotency: (idempotencyKey: string) => `local-pay:idempotency:${idempotencyKey}`,
};

export const localIds = {
  session: () => `cs_local_${crypto.randomUUID().replaceAll("-", "")}`,
  subscription: () => `sub_local_${crypto.randomUUID().replaceAll("-", "")}`,
  customer: () => `cus_local_${crypto.randomUUID().replaceAll("-", "")}`,
  invoice: () => `in_local_${crypto.randomUUID().replaceAll("-", "")}`,
  event: () => `evt_local_${crypto.randomUUID().replaceAll("-", "")}`,
};

export async function readLocalSession(env: LocalEnv, id: string, now = Date.now()): Promise<LocalSession | null> {
  refuseLocalPaymentsInProduction(env);
  const parsed = localSession.safeParse(await env.RATE_LIMITS.get(key.session(id), "json"));
  if (!parsed.success) return null;
  // Stripe expires an open session at its expires_at; so does the stand-in, when it is next read.
  return parsed.data.status === "open" && parsed.data.expiresAt <= now ? { ...parsed.data, status: "expired" } : parsed.data;
}

export async function writeLocalSession(env: LocalEnv, session: LocalSession): Promise<void> {
  await env.RATE_LIMITS.put(key.session(session.id), JSON.stringify(session), { expirationTtl: KV_TTL_SECONDS });
}

export async function readLocalSubscription(env: LocalEnv, id: string): Promise<LocalSubscription | null> {
  refuseLocalPaymentsInProduction(env);
  const parsed = localSubscription.safeParse(await env.RATE_LIMITS.get(key.subscription(id), "json"));
  return parsed.success ? parsed.data : null;
}

export async function writeLocalSubscription(env: LocalEnv, subscription: LocalSubscription): Promise<void> {
  await env.RATE_LIMITS.put(key.subscription(subscription.id), JSON.stringify(subscription), { expirationTtl: KV_TTL_SECONDS });
  await env.RATE_LIMITS.put(key.customer(subscription.customerId), subscription.id, { expirationTtl: KV_TTL_SECONDS });
}

/** The customer's subscription (the stand-in makes one customer per paid checkout). */
export async function localSubscriptionOfCustomer(env: LocalEnv, customerId: string): Promise<LocalSubscription | null> {
  const id = await env.RATE_LIMITS.get(key.customer(customerId));
  return id ? readLocalSubscription(env, id) : null;
}

/** A quarter after `from`: the stand-in's billing period (Stripe counts three calendar months). */
export function localPeriodEnd(from: number): string {
  return new Date(from + QUARTER_MS).toISOString();
}

export function localPaymentsProvider(env: LocalEnv): PaymentProvider {
  refuseLocalPaymentsInProduction(env);

  const session = async (id: string): Promise<LocalSession> => {
    const found = await readLocalSession(env, id);
    if (!found) throw new Error(`local stand-in: no checkout session ${id}`);
    return found;
  };
  const subscription = async (id: string): Promise<LocalSubscription> => {
    const found = await readLocalSubscription(env, id);
    if (!found) throw new Error(`local stand-in: no subscription ${id}`);
    return found;
  };

  return {
    name: "local",

    async createOfferCheckout(input, idempotencyKey) {
      // The same key answers the same session, as Stripe's idempotency keys do.
      const earlier = await env.RATE_LIMITS.get(key.idempotency(idempotencyKey));
      if (earlier) return checkoutSession(await session(earlier));
      const created: LocalSession = {
        id: localIds.session(),
        requestId: input.requestId,
        tier: input.tier,
        initiationFeeCents: input.initiationFeeCents,
        email: input.email,
        status: "open",
        expiresAt: input.expiresAt.getTime(),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        subscriptionId: null,
      };
      await writeLocalSession(env, created);
      await env.RATE_LIMITS.put(key.idempotency(idempotencyKey), created.id, { expirationTtl: 24 * 60 * 60 });
      return checkoutSession(created);
    },

    async getCheckoutSession(id) {
      return checkoutSession(await session(id));
    },

    async getSubscription(id) {
      return subscriptionSnapshot(await subscription(id));
    },

    async cancelSubscription(id, { atPeriodEnd }) {
      const current = await subscription(id);
      await writeLocalSubscription(env, atPeriodEnd ? { ...current, cancelAtPeriodEnd: true } : { ...current, status: "canceled" });
    },

    // Stripe invoices an upgrade's difference and charges it at once (stripe-payments.ts); the
    // stand-in moves no money, so it takes the change as paid and sends no invoice.
    async changeSubscriptionTier(id, tier) {
      const changed = { ...(await subscription(id)), tier };
      await writeLocalSubscription(env, changed);
      return subscriptionSnapshot(changed);
    },

    async refundInvoice(invoiceId) {
      console.info(`[local payments stand-in, no money moves] refund of invoice ${invoiceId}`);
    },

    async createBillingPortalSession(customerId) {
      return { url: `/local-payments/billing/${encodeURIComponent(customerId)}` };
    },

    async verifyWebhook() {
      // The stand-in's events never arrive over HTTP: its pages hand them to the dispatcher.
      return null;
    },
  };
}

function checkoutSession(session: LocalSession): CheckoutSession {
  return {
    id: session.id,
    url: session.status === "open" ? `/local-payments/checkout/${encodeURIComponent(session.id)}` : null,
    status: session.status,
    amountTotalCents: localCheckoutAmounts(session).totalCents,
  };
}

export function subscriptionSnapshot(subscription: LocalSubscription): SubscriptionSnapshot {
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    tier: subscription.tier,
    requestId: subscription.requestId,
    latestInvoiceId: subscription.latestInvoiceId,
  };
}

/** What the stand-in's checkout charges: the initiation fee decided for the session and a quarter's dues. */
export function localCheckoutAmounts(session: Pick<LocalSession, "tier" | "initiationFeeCents">) {
  const duesCents = quarterlyDuesCents(tierBySlug(session.tier));
  return { initiationFeeCents: session.initiationFeeCents, duesCents, totalCents: session.initiationFeeCents + duesCents };
}
