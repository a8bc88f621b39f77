import { Hono } from "hono";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { limitBody } from "#worker/http/guards.ts";
import { dispatchPaymentEvent } from "./payment-event-dispatch.ts";
import { paymentProviderFor } from "./payment-provider-for.ts";

/**
 * POST /api/payments/webhook (docs/product-rules.md#paying-an-offer, docs/security.md#payments):
 * the payment provider's signed events, the only proof of payment. The signature is checked on the
 * raw body before anything is read; a missing or bad one (or one older than the provider's
 * tolerance) answers 400 and changes nothing. A verified event answers 200 once its effect is
 * stored, or when it was processed before, or when its type is not one the club acts on; a failure
 * answers 500 so the provider delivers it again. No Origin check: the provider's servers send none,
 * and the signature, not a cookie, is what authenticates (worker/http/same-origin.ts).
 */
export const paymentsWebhookApi = new Hono<AppBindings>();

// Stripe's events are a few kilobytes; a checkout session with its line items stays far below this.
const MAX_EVENT_BYTES = 256 * 1024;

paymentsWebhookApi.post("/", limitBody(MAX_EVENT_BYTES), async (c) => {
  const context = c.var.requestContext;
  const provider = paymentProviderFor(context.config, c.env);
  const rawBody = await c.req.text();
  const event = provider ? await provider.verifyWebhook(rawBody, c.req.header("Stripe-Signature") ?? null) : null;
  if (!provider || !event) {
    context.logSecurityEvent({
      eventType: "payment_webhook_rejected",
      severity: "medium",
      description: c.req.header("Stripe-Signature")
        ? "payment webhook with a bad or expired signature refused"
        : "payment webhook without a signature refused",
      userId: null,
    });
    return c.json({ error: "Invalid signature" }, 400);
  }
  // Production takes only live events: a test-mode event moved no money (docs/security.md#payments).
  if (context.config.ENVIRONMENT === "production" && !event.livemode) {
    context.logSecurityEvent({
      eventType: "payment_webhook_rejected",
      severity: "medium",
      description: "payment webhook from the provider's test mode refused in production",
      userId: null,
    });
    return c.json({ error: "Test-mode event refused" }, 400);
  }
  const outcome = await dispatchPaymentEvent({ ...context, provider, now: Date.now() }, event);
  return c.json({ received: true, outcome });
});
