import Stripe from "stripe";
import { vi } from "vitest";

/** Settings that point the Worker's Stripe SDK at this fake (test-mode-shaped keys, a fake host). */
export const STRIPE_TEST_SETTINGS = {
  STRIPE_SECRET_KEY: "sk_test_fakeStripeKeyForWorkerdTests",
  STRIPE_WEBHOOK_SECRET: "whsec_fakeWebhookSecretForWorkerdTests",
  STRIPE_API_BASE: "https://api.stripe.test",
} as const;

export interface StripeCall {
  method: string;
  /** The path after the host, without the query: "/v1/checkout/sessions". */
  path: string;
  /** The form body (the SDK's bracketed keys as they are) or the query. */
  params: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

type Script = (call: StripeCall) => Response | Error | undefined;

interface FakeSession {
  id: string;
  requestId: string;
  tier: string;
  email: string;
  amountTotal: number;
  /** The recurring line's amount: the quarter's dues. */
  duesCents: number;
  expiresAt: number;
  status: "open" | "complete" | "expired";
  subscriptionId: string | null;
  customerId: string | null;
  invoiceId: string | null;
}

interface FakeSubscription {
  id: string;
  customerId: string;
  status: string;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  latestInvoiceId: string;
  /** The item's price: a quarter's dues, in cents. */
  duesCents: number;
}

/** An invoice the fake made for an upgrade (proration_behavior always_invoice), paid at once. */
export interface FakeInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  amountCents: number;
  billingReason: "subscription_update";
  periodEnd: number;
}

/** An error body the way Stripe's API writes one. */
export function stripeError(status: number, message = "An error occurred", type = "api_error"): Response {
  return Response.json({ error: { type, message } }, { status });
}

const QUARTER_SECONDS = 91 * 24 * 60 * 60;
let counter = 0;
const nextId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A fake of the parts of Stripe's API the club calls, behind global fetch (the Worker runs in this
 * isolate), with Stripe's idempotency: a create repeated with the same Idempotency-Key answers the
 * first result. `script` may answer any call differently (a Response, or an Error thrown as a
 * network failure). `pay(sessionId)` is the customer paying in Checkout: it makes the customer,
 * subscription and first invoice and returns the checkout.session.completed event to deliver.
 */
export function fakeStripeApi(script: Script = () => undefined) {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const refunds: { paymentIntent: string; idempotencyKey: string | null }[] = [];
  const invoices: FakeInvoice[] = [];
  const idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  const realFetch = globalThis.fetch;

  const sessionBody = (session: FakeSession) => ({
    id: session.id,
    object: "checkout.session",
    mode: "subscription",
    status: session.status,
    payment_status: session.status === "complete" ? "paid" : "unpaid",
    url: session.status === "open" ? `https://checkout.stripe.test/c/pay/${session.id}` : null,
    client_reference_id: session.requestId,
    customer_email: session.email,
    metadata: { request_id: session.requestId, tier: session.tier },
    amount_total: session.amountTotal,
    expires_at: session.expiresAt,
    subscription: session.subscriptionId,
    customer: session.customerId,
    invoice: session.invoiceId,
  });
  const subscriptionBody = (subscription: FakeSubscription) => ({
    id: subscription.id,
    object: "subscription",
    customer: subscription.customerId,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    metadata: subscription.metadata,
    latest_invoice: subscription.latestInvoiceId,
    items: {
      object: "list",
      data: [
        {
          id: `si_${subscription.id}`,
          object: "subscription_item",
          current_period_start: subscription.periodEnd - QUARTER_SECONDS,
          current_period_end: subscription.periodEnd,
          price: { id: `price_${subscription.id}`, product: "prod_fake_dues" },
        },
      ],
    },
  });

  function answer(call: StripeCall): { status: number; body: unknown } {
    const { method, path, params } = call;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      // Every line item's amount: the initiation fee (left out when waived) and the dues.
      const amountTotal = Object.entries(params)
        .filter(([name]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(name))
        .reduce((total, [, value]) => total + Number(value), 0);
      const recurring = Object.keys(params)
        .map((name) => /^line_items\[(\d+)\]\[price_data\]\[recurring\]\[interval\]$/.exec(name)?.[1])
        .find((index) => index !== undefined);
      const session: FakeSession = {
        id: nextId("cs_test"),
        requestId: params["metadata[request_id]"] ?? "",
        tier: params["metadata[tier]"] ?? "",
        email: params.customer_email ?? "",
        amountTotal,
        duesCents: Number(params[`line_items[${recurring}][price_data][unit_amount]`] ?? 0),
        expiresAt: Number(params.expires_at),
        status: "open",
        subscriptionId: null,
        customerId: null,
        invoiceId: null,
      };
      sessions.set(session.id, session);
      return { status: 200, body: sessionBody(session) };
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const session = sessions.get(match[1]!);
      if (!session) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such checkout.session" } } };
      if (session.status === "open" && session.expiresAt * 1000 <= Date.now()) session.status = "expired";
      return { status: 200, body: sessionBody(session) };
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such subscription" } } };
      if (method === "DELETE") subscription.status = "canceled";
      if (method === "POST" && params.cancel_at_period_end) subscription.cancelAtPeriodEnd = params.cancel_at_period_end === "true";
      if (method === "POST" && params["metadata[tier]"]) subscription.metadata.tier = params["metadata[tier]"];
      const price = params["items[0][price_data][unit_amount]"];
      if (method === "POST" && price) {
        // As Stripe prorates: the difference for the seconds left in the period, invoiced and paid now.
        const nowSeconds = Math.floor(Date.now() / 1000);
        if (params.proration_behavior === "always_invoice" && Number(price) > subscription.duesCents) {
          const left = Math.max(0, subscription.periodEnd - nowSeconds) / QUARTER_SECONDS;
          const invoice: FakeInvoice = {
            id: nextId("in_test"),
            subscriptionId: subscription.id,
            customerId: subscription.customerId,
            amountCents: Math.round((Number(price) - subscription.duesCents) * left),
            billingReason: "subscription_update",
            periodEnd: subscription.periodEnd,
          };
          invoices.push(invoice);
          subscription.latestInvoiceId = invoice.id;
        }
        subscription.duesCents = Number(price);
      }
      return { status: 200, body: subscriptionBody(subscription) };
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const invoice = params.invoice ?? "";
      return {
        status: 200,
        body: {
          object: "list",
          has_more: false,
          data: [
            {
              id: `inpay_${invoice}`,
              object: "invoice_payment",
              invoice,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: `pi_${invoice}` },
            },
          ],
        },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      refunds.push({ paymentIntent: params.payment_intent ?? "", idempotencyKey: call.idempotencyKey });
      return { status: 200, body: { id: nextId("re_test"), object: "refund", payment_intent: params.payment_intent, status: "succeeded" } };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return {
        status: 200,
        body: { id: nextId("bps_test"), object: "billing_portal.session", url: `https://billing.stripe.test/p/session/${params.customer}` },
      };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== STRIPE_TEST_SETTINGS.STRIPE_API_BASE) return realFetch(input, init);
    const form =
      request.method === "GET" || request.method === "DELETE" ? url.search.slice(1) : new TextDecoder().decode(await request.arrayBuffer());
    const call: StripeCall = {
      method: request.method,
      path: url.pathname,
      params: Object.fromEntries(new URLSearchParams(form)),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      authorization: request.headers.get("Authorization"),
    };
    calls.push(call);
    const scripted = script(call);
    if (scripted instanceof Error) throw scripted;
    if (scripted) return scripted;
    const replayKey = call.idempotencyKey && request.method === "POST" ? `${call.path}:${call.idempotencyKey}` : null;
    const params = JSON.stringify(call.params);
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    // As Stripe does: a key reused with other parameters is refused, not replayed.
    if (earlier && earlier.params !== params) {
      const message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
      return Response.json({ error: { type: "idempotency_error", message } }, { status: 400, headers: { "Request-Id": nextId("req") } });
    }
    const result = earlier ?? answer(call);
    if (replayKey && result.status < 500) idempotent.set(replayKey, { ...result, params });
    return Response.json(result.body, { status: result.status, headers: { "Request-Id": nextId("req") } });
  });

  return {
    calls,
    refunds,
    sessions,
    subscriptions,
    /** The invoices the fake made for upgrades (each paid when made). */
    invoices,
    /** Stripe's invoice.paid for an upgrade's invoice. */
    invoicePaid(invoice: FakeInvoice, now = Date.now()) {
      return stripeEvent(
        "invoice.paid",
        {
          id: invoice.id,
          object: "invoice",
          amount_paid: invoice.amountCents,
          amount_due: invoice.amountCents,
          billing_reason: invoice.billingReason,
          customer: invoice.customerId,
          parent: { subscription_details: { subscription: invoice.subscriptionId } },
          lines: { data: [{ period: { end: invoice.periodEnd } }] },
        },
        now,
      );
    },
    /** The calls that created checkout sessions (with their flat form params). */
    sessionCreates: () => calls.filter((call) => call.method === "POST" && call.path === "/v1/checkout/sessions"),
    /** The customer pays in Checkout: returns the checkout.session.completed event Stripe would send. */
    pay(sessionId: string, now = Date.now()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      session.status = "complete";
      session.customerId = nextId("cus_test");
      session.subscriptionId = nextId("sub_test");
      session.invoiceId = nextId("in_test");
      subscriptions.set(session.subscriptionId, {
        id: session.subscriptionId,
        customerId: session.customerId,
        status: "active",
        periodEnd: Math.floor(now / 1000) + QUARTER_SECONDS,
        cancelAtPeriodEnd: false,
        metadata: { request_id: session.requestId, tier: session.tier },
        latestInvoiceId: session.invoiceId,
        duesCents: session.duesCents,
      });
      return stripeEvent("checkout.session.completed", sessionBody(session), now);
    },
    /** Stripe expires the session: returns the checkout.session.expired event. */
    expire(sessionId: string, now = Date.now()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      session.status = "expired";
      return stripeEvent("checkout.session.expired", sessionBody(session), now);
    },
  };
}

export interface StripeEventPayload {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: unknown };
}

export function stripeEvent(type: string, object: unknown, now = Date.now()): StripeEventPayload {
  return {
    id: nextId("evt_test"),
    object: "event",
    type,
    created: Math.floor(now / 1000),
    api_version: Stripe.API_VERSION,
    livemode: false,
    data: { object },
  };
}

/** The Stripe-Signature header Stripe would send with this body, made by Stripe's own test helper. */
export async function stripeSignature(payload: string, options: { secret?: string; timestamp?: number } = {}): Promise<string> {
  return new Stripe(STRIPE_TEST_SETTINGS.STRIPE_SECRET_KEY).webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? STRIPE_TEST_SETTINGS.STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}
