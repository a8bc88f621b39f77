import { createServer } from "node:http";
import Stripe from "stripe";
import { mulberry32, readBody } from "./fake-providers.mjs";

/**
 * A fake of the parts of Stripe's API the Worker's real Stripe adapter calls
 * (worker/features/dues/stripe-payments.ts, pointed here with STRIPE_API_BASE), for the payments
 * load run, shaped like the workerd tests' fake (tests/fakes/stripe-api.ts) but over HTTP:
 * Checkout sessions, subscriptions, invoice payments, refunds, with Stripe's idempotency (a POST
 * repeated with the same Idempotency-Key answers the first result).
 *
 * A seeded share of the API calls fails (`failureRate`) with a 500 `api_error`, half of them before
 * doing anything and half after doing the work (the answer lost on its way back: only the
 * idempotency key protects the caller then). The Checkout page itself (POST /c/pay/<session>, the
 * customer paying) never fails: it completes the session with a customer, a subscription and its
 * first invoice, and queues the events Stripe would send (checkout.session.completed and
 * invoice.paid) for the webhook deliverer, signed with Stripe's own test helper.
 */

/** Test-mode-shaped settings the Worker's config accepts (worker/config.ts). */
export const FAKE_STRIPE = {
  secretKey: "sk_test_loadRunFakeStripeKey",
  webhookSecret: "whsec_loadRunFakeWebhookSecret",
};

const QUARTER_SECONDS = 91 * 24 * 60 * 60;

/**
 * @typedef {{ id: string; requestId: string; tier: string; email: string; amountTotal: number; expiresAt: number; status: "open" | "complete" | "expired"; subscriptionId: string | null; customerId: string | null; invoiceId: string | null; idempotencyKey: string | null }} FakeSession
 * @typedef {{ id: string; customerId: string; status: string; periodEnd: number; cancelAtPeriodEnd: boolean; metadata: Record<string, string>; latestInvoiceId: string }} FakeSubscription
 * @typedef {{ id: string; type: string; payload: string; sessionId: string }} FakeEvent
 * @typedef {{ calls: number; failedBefore: number; failedAfter: number; byRoute: Record<string, number> }} ApiCounts
 * @typedef {{ url: string; sessions: Map<string, FakeSession>; subscriptions: Map<string, FakeSubscription>; refunds: { paymentIntent: string; idempotencyKey: string | null }[]; issuedEvents: FakeEvent[]; api: ApiCounts; unexpected: string[]; signedHeader: (payload: string) => string; takeEvents: () => FakeEvent[]; close: () => Promise<void> }} FakeStripe
 */

/**
 * @param {{ port: number; failureRate: number; seed: number }} options
 * @returns {Promise<FakeStripe>}
 */
export async function startFakeStripe({ port, failureRate, seed }) {
  const random = mulberry32(seed);
  const url = `http://127.0.0.1:${port}`;
  const stripe = new Stripe(FAKE_STRIPE.secretKey);
  /** @type {Map<string, FakeSession>} */
  const sessions = new Map();
  /** @type {Map<string, FakeSubscription>} */
  const subscriptions = new Map();
  /** @type {{ paymentIntent: string; idempotencyKey: string | null }[]} */
  const refunds = [];
  /** @type {Map<string, { status: number; body: unknown; params: string }>} */
  const idempotent = new Map();
  /** @type {FakeEvent[]} */
  let events = [];
  /** @type {FakeEvent[]} */
  const issuedEvents = [];
  /** @type {string[]} */
  const unexpected = [];
  /** @type {ApiCounts} */
  const api = { calls: 0, failedBefore: 0, failedAfter: 0, byRoute: {} };
  let counter = 0;
  /** @param {string} prefix */
  const nextId = (prefix) => `${prefix}_load${(counter++).toString(36).padStart(6, "0")}`;

  /** @param {FakeSession} session */
  const sessionBody = (session) => ({
    id: session.id,
    object: "checkout.session",
    mode: "subscription",
    status: session.status,
    payment_status: session.status === "complete" ? "paid" : "unpaid",
    url: session.status === "open" ? `${url}/c/pay/${session.id}` : null,
    client_reference_id: session.requestId,
    customer_email: session.email,
    metadata: { request_id: session.requestId, tier: session.tier },
    amount_total: session.amountTotal,
    expires_at: session.expiresAt,
    subscription: session.subscriptionId,
    customer: session.customerId,
    invoice: session.invoiceId,
  });
  /** @param {FakeSubscription} subscription */
  const subscriptionBody = (subscription) => ({
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
          price: { id: `price_${subscription.id}`, product: "prod_load_dues" },
        },
      ],
    },
  });
  /**
   * @param {string} type
   * @param {unknown} object
   * @param {string} sessionId
   * @returns {FakeEvent}
   */
  const event = (type, object, sessionId) => {
    const id = nextId("evt_test");
    const payload = JSON.stringify({
      id,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      api_version: Stripe.API_VERSION,
      livemode: false,
      data: { object },
    });
    const made = { id, type, payload, sessionId };
    issuedEvents.push(made);
    return made;
  };

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} params
   * @param {string | null} idempotencyKey
   * @returns {{ status: number; body: unknown }}
   */
  function answer(method, path, params, idempotencyKey) {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session = /** @type {FakeSession} */ ({
        id: nextId("cs_test"),
        requestId: params["metadata[request_id]"] ?? "",
        tier: params["metadata[tier]"] ?? "",
        email: params.customer_email ?? "",
        // Every line item's amount: the initiation fee (left out when waived) and the dues.
        amountTotal: Object.entries(params)
          .filter(([name]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(name))
          .reduce((total, [, value]) => total + Number(value), 0),
        expiresAt: Number(params.expires_at),
        status: "open",
        subscriptionId: null,
        customerId: null,
        invoiceId: null,
        idempotencyKey,
      });
      sessions.set(session.id, session);
      return { status: 200, body: sessionBody(session) };
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const session = sessions.get(match[1] ?? "");
      if (!session) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such checkout.session" } } };
      return { status: 200, body: sessionBody(session) };
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1] ?? "");
      if (!subscription) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such subscription" } } };
      if (method === "DELETE") subscription.status = "canceled";
      if (method === "POST" && params.cancel_at_period_end) subscription.cancelAtPeriodEnd = params.cancel_at_period_end === "true";
      return { status: 200, body: subscriptionBody(subscription) };
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const invoice = params.invoice ?? "";
      const payment = { type: "payment_intent", payment_intent: `pi_${invoice}` };
      return {
        status: 200,
        body: {
          object: "list",
          has_more: false,
          data: [{ id: `inpay_${invoice}`, object: "invoice_payment", invoice, status: "paid", payment }],
        },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      refunds.push({ paymentIntent: params.payment_intent ?? "", idempotencyKey });
      return { status: 200, body: { id: nextId("re_test"), object: "refund", payment_intent: params.payment_intent, status: "succeeded" } };
    }
    unexpected.push(`${method} ${path}`);
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  /**
   * The customer pays on the Checkout page: the session completes with a new customer,
   * subscription and first invoice, and Stripe's two events are queued for the webhook.
   * @param {string} sessionId
   */
  function pay(sessionId) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== "open") return false;
    session.status = "complete";
    session.customerId = nextId("cus_test");
    session.subscriptionId = nextId("sub_test");
    session.invoiceId = nextId("in_test");
    /** @type {FakeSubscription} */
    const subscription = {
      id: session.subscriptionId,
      customerId: session.customerId,
      status: "active",
      periodEnd: Math.floor(Date.now() / 1000) + QUARTER_SECONDS,
      cancelAtPeriodEnd: false,
      metadata: { request_id: session.requestId, tier: session.tier },
      latestInvoiceId: session.invoiceId,
    };
    subscriptions.set(subscription.id, subscription);
    const period = { start: subscription.periodEnd - QUARTER_SECONDS, end: subscription.periodEnd };
    events.push(event("checkout.session.completed", sessionBody(session), session.id));
    events.push(
      event(
        "invoice.paid",
        {
          id: session.invoiceId,
          object: "invoice",
          status: "paid",
          billing_reason: "subscription_create",
          customer: session.customerId,
          currency: "usd",
          amount_due: session.amountTotal,
          amount_paid: session.amountTotal,
          amount_remaining: 0,
          period_start: period.start,
          period_end: period.end,
          parent: {
            type: "subscription_details",
            subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
          },
          lines: { object: "list", data: [{ id: `il_${session.invoiceId}`, amount: session.amountTotal, period }] },
        },
        session.id,
      ),
    );
    return true;
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const requestUrl = new URL(request.url ?? "/", url);
    const payMatch = /^\/c\/pay\/([^/]+)$/.exec(requestUrl.pathname);
    if (request.method === "POST" && payMatch) {
      return send(response, pay(payMatch[1] ?? "") ? 200 : 409, { paid: true });
    }
    if (!requestUrl.pathname.startsWith("/v1/")) {
      unexpected.push(`${request.method} ${requestUrl.pathname}`);
      return send(response, 404, {});
    }
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
      unexpected.push(`Stripe call with wrong credentials: ${request.method} ${requestUrl.pathname}`);
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const method = request.method ?? "GET";
    const path = requestUrl.pathname;
    const params = Object.fromEntries(new URLSearchParams(method === "GET" || method === "DELETE" ? requestUrl.search.slice(1) : body));
    const idempotencyKey = /** @type {string | undefined} */ (request.headers["idempotency-key"]) ?? null;
    const route = `${method} ${path.replace(/\/(cs|sub)_[A-Za-z0-9_]+$/, "/:id")}`;
    api.calls += 1;
    api.byRoute[route] = (api.byRoute[route] ?? 0) + 1;
    const failure = random() < failureRate ? (random() < 0.5 ? "before" : "after") : null;
    if (failure === "before") {
      api.failedBefore += 1;
      return send(response, 500, { error: { type: "api_error", message: "load test: Stripe failed before doing anything" } });
    }
    const replayKey = idempotencyKey && method === "POST" ? `${path}:${idempotencyKey}` : null;
    const sent = JSON.stringify(params);
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    // As Stripe does: a key reused with other parameters is refused, not replayed.
    if (earlier && earlier.params !== sent) {
      unexpected.push(`Stripe idempotency key reused with other parameters: ${method} ${path}`);
      const message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
      return send(response, 400, { error: { type: "idempotency_error", message } });
    }
    const result = earlier ?? answer(method, path, params, idempotencyKey);
    if (replayKey && result.status < 500) idempotent.set(replayKey, { ...result, params: sent });
    if (failure === "after") {
      api.failedAfter += 1;
      return send(response, 500, { error: { type: "api_error", message: "load test: Stripe did the work, the answer was lost" } });
    }
    return send(response, result.status, result.body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen(undefined));
  });

  return {
    url,
    sessions,
    subscriptions,
    refunds,
    issuedEvents,
    api,
    unexpected,
    /** The Stripe-Signature header for this body, made now (within the Worker's 5-minute tolerance) by Stripe's own test helper. */
    signedHeader: (payload) => stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE.webhookSecret }),
    /** The events queued since the last call, for the webhook deliverer. */
    takeEvents: () => {
      const taken = events;
      events = [];
      return taken;
    },
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose(undefined));
      }),
  };
}

/**
 * @param {import("node:http").ServerResponse} response
 * @param {number} status
 * @param {unknown} json
 */
function send(response, status, json) {
  response
    .writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_load_${Date.now().toString(36)}` })
    .end(JSON.stringify(json));
}
