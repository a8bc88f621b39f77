import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { initiationFeeDueCents } from "./initiation-fee.ts";
import { recordPaymentEvent, type PaymentEventHandler } from "./payment-events.ts";
import { paymentProviderFor } from "./payment-provider-for.ts";

/**
 * Paying an offer (docs/product-rules.md#paying-an-offer): the applicant's status page asks for
 * the provider's hosted checkout and sends the browser to its url. Refused when the request holds
 * no open offer; 'in-person-only' when no provider runs (production without Stripe: the concierge
 * takes the payment at the lounge); 'provider-failed' when the provider did not answer.
 */
export type OfferCheckoutResult = { ok: true; url: string } | { ok: false; reason: "not-offered" | "in-person-only" | "provider-failed" };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe refuses a session that ends sooner than 30 minutes after it is made; one more for the clocks. */
const SESSION_MIN_MS = 31 * 60 * 1000;
/**
 * A new session's idempotency key names the offer and this half hour: every click and every tab
 * within it gets the same session from the provider. A session lives at least 30 minutes, so its
 * successor's key is normally new; when the key still answers the ended session, the successor's
 * key names that session (the same for every concurrent click).
 */
const KEY_WINDOW_MS = 30 * 60 * 1000;

/**
 * One session per offer at a time: the stored session is reused while it is open; a new one is
 * stored only where none is (UPDATE … WHERE checkout_session_id IS NULL), so concurrent clicks
 * all land on the one stored. The session ends no later than the offer (and within 24 hours).
 * Amounts come from site-config.ts only. The initiation fee is decided afresh at each attempt
 * (initiation-fee.ts: the sponsor may lapse while the offer is open), so a stored session made for
 * another amount is not reused, and the fee is part of the new session's idempotency key: a key
 * never answers a session priced for another amount (docs/product-rules.md#paying-an-offer).
 */
export async function startOfferCheckout(context: RequestContext, requestId: string): Promise<OfferCheckoutResult> {
  const { env, config } = context;
  const database = getDatabase(env.DB);
  const now = Date.now();
  const request = await openOffer(env.DB, requestId, now);
  if (!request) return { ok: false, reason: "not-offered" };
  const provider = paymentProviderFor(config, env);
  if (!provider) return { ok: false, reason: "in-person-only" };
  const initiationFeeCents = await initiationFeeDueCents(env.DB, requestId, request.tier);
  const totalCents = initiationFeeCents + quarterlyDuesCents(tierBySlug(request.tier));

  try {
    if (request.checkoutSessionId) {
      const stored = await provider.getCheckoutSession(request.checkoutSessionId);
      if (stored.status === "open" && stored.url && stored.amountTotalCents === totalCents) return { ok: true, url: stored.url };
      // Complete: paid, and the webhook makes the member; nothing more to pay here.
      if (stored.status === "complete") return { ok: false, reason: "not-offered" };
      // Ended, or priced before the fee's decision changed: the offer gets a new session.
      await forgetCheckoutSession(env.DB, requestId, stored.id);
    }

    const offerEnds = Date.parse(request.offerExpiresAt);
    // Every parameter is decided by the key's half hour, not the click's second: the provider
    // refuses a key reused with other parameters, so concurrent clicks must send the same ones.
    // From the half hour's start, 61 minutes is at least 31 after any click within it, and 24
    // hours at most 24 hours after it.
    const window = Math.floor(now / KEY_WINDOW_MS);
    const windowStart = window * KEY_WINDOW_MS;
    const create = (idempotencyKey: string) =>
      provider.createOfferCheckout(
        {
          requestId,
          tier: request.tier,
          initiationFeeCents,
          email: request.email,
          expiresAt: new Date(Math.max(windowStart + KEY_WINDOW_MS + SESSION_MIN_MS, Math.min(offerEnds, windowStart + DAY_MS))),
          successUrl: new URL("/application?checkout=complete", config.SITE_URL).toString(),
          cancelUrl: new URL("/application?checkout=cancelled", config.SITE_URL).toString(),
        },
        idempotencyKey,
      );
    const key = `offer-checkout:${requestId}:${request.offeredAt}:fee-${initiationFeeCents}:${window}`;
    let session = await create(key);
    // A repeated key answers the session as it was made, which may have ended since (expired early,
    // or paid): asked afresh, an ended one gets a successor whose key names it.
    if ((await provider.getCheckoutSession(session.id)).status !== "open") session = await create(`${key}:after:${session.id}`);
    await database
      .update(invitationRequests)
      .set({ checkoutSessionId: session.id })
      .where(
        and(eq(invitationRequests.id, requestId), eq(invitationRequests.status, "offered"), isNull(invitationRequests.checkoutSessionId)),
      );

    // Whichever session is stored now is the offer's one: this one, or another tab's a moment earlier.
    const current = await openOffer(env.DB, requestId, now);
    if (!current?.checkoutSessionId) return { ok: false, reason: "not-offered" };
    const chosen = current.checkoutSessionId === session.id ? session : await provider.getCheckoutSession(current.checkoutSessionId);
    return chosen.status === "open" && chosen.url ? { ok: true, url: chosen.url } : { ok: false, reason: "not-offered" };
  } catch (error) {
    console.error("offer checkout: the payment provider failed", error);
    return { ok: false, reason: "provider-failed" };
  }
}

async function openOffer(db: D1Database, requestId: string, now: number) {
  const request = await getDatabase(db)
    .select({
      email: invitationRequests.email,
      status: invitationRequests.status,
      tier: invitationRequests.tier,
      offeredAt: invitationRequests.offeredAt,
      offerExpiresAt: invitationRequests.offerExpiresAt,
      checkoutSessionId: invitationRequests.checkoutSessionId,
    })
    .from(invitationRequests)
    .where(eq(invitationRequests.id, requestId))
    .get();
  if (request?.status !== "offered" || !request.tier || !request.offeredAt || !request.offerExpiresAt) return null;
  if (Date.parse(request.offerExpiresAt) <= now) return null;
  return { ...request, tier: request.tier, offeredAt: request.offeredAt, offerExpiresAt: request.offerExpiresAt };
}

/** Frees the offer for a new session, only if this expired one is still the stored one. */
function forgetCheckoutSession(db: D1Database, requestId: string, sessionId: string) {
  return getDatabase(db)
    .update(invitationRequests)
    .set({ checkoutSessionId: null })
    .where(and(eq(invitationRequests.id, requestId), eq(invitationRequests.checkoutSessionId, sessionId)));
}

const expiredSession = z.object({ id: z.string().min(1) });

/**
 * checkout.session.expired: the offer may have a new session (the applicant's next click makes
 * one). Only the session still stored is cleared, so a late event never clears its successor.
 */
export const onCheckoutSessionExpired: PaymentEventHandler = async ({ env, now }, event) => {
  const session = expiredSession.safeParse(event.object);
  if (!session.success) throw new Error(`payment event ${event.id}: a checkout session without an id`);
  const database = getDatabase(env.DB);
  const recorded = await recordPaymentEvent(database, event, now, [
    database.update(invitationRequests).set({ checkoutSessionId: null }).where(eq(invitationRequests.checkoutSessionId, session.data.id)),
  ]);
  return recorded.duplicate ? "duplicate" : "processed";
};
