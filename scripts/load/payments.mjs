import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { applicationStatusUrl } from "../../worker/features/admissions/application-link.ts";
import { percentiles, runPool } from "./clients.mjs";
import { mulberry32 } from "./fake-providers.mjs";
import { queryRun } from "./outbox-state.mjs";

/**
 * The payments run of `npm run load` (docs/product-rules.md#paying-an-offer): `count` applicants
 * holding an offer pay it at once through the Worker's real Stripe adapter, pointed at the Stripe
 * fake (stripe-fake.mjs) that fails half its API calls, while a webhook deliverer sends Stripe's
 * events to POST /api/payments/webhook, each one twice, in a random order (an invoice.paid often
 * before its checkout.session.completed), and again after every answer that is not 2xx, as Stripe
 * redelivers.
 *
 * @typedef {{ requestId: string; email: string; tier: string; link: string }} Offer
 * @typedef {import("./stripe-fake.mjs").FakeStripe} FakeStripe
 * @typedef {import("./checks.mjs").Check} Check
 */

const TIERS = ["kickback", "business", "platinum"];
const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe gives up on an event after days of retries; the run gives up after this many deliveries of one copy. */
const MAX_DELIVERIES = 40;
const WEBHOOK_CONCURRENCY = 10;

/**
 * `count` applicants, each with the status link their emails carry (tiers in turn).
 * @param {{ count: number; siteUrl: string; signingKey: string }} options
 * @returns {Promise<Offer[]>}
 */
export async function loadApplicants({ count, siteUrl, signingKey }) {
  /** @type {Offer[]} */
  const offers = [];
  for (let index = 0; index < count; index++) {
    const requestId = crypto.randomUUID();
    offers.push({
      requestId,
      email: `applicant.${index + 1}@payments.load.example`,
      tier: /** @type {string} */ (TIERS[index % TIERS.length]),
      link: await applicationStatusUrl(siteUrl, signingKey, requestId),
    });
  }
  return offers;
}

/**
 * Writes the applications, each holding an open offer (decided by the demo concierge, 7 days to
 * pay), into a run's fresh D1 before its server starts (server.mjs `seed`).
 * @param {string} persistTo
 * @param {Offer[]} offers
 * @param {string} conciergeEmail
 */
export function seedOffers(persistTo, offers, conciergeEmail) {
  const now = Date.now();
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${directory}`);
  const database = new DatabaseSync(join(directory, file));
  try {
    const concierge = /** @type {{ id: string } | undefined} */ (
      database.prepare("SELECT id FROM members WHERE email = ?").get(conciergeEmail)
    );
    if (!concierge) throw new Error(`the demo concierge ${conciergeEmail} is not seeded`);
    const offeredAt = new Date(now).toISOString();
    const expiresAt = new Date(now + 7 * DAY_MS).toISOString();
    const insertRequest = database.prepare(
      `INSERT INTO invitation_requests (id, name, email, email_key, company, invited_by, message, recaptcha_score, status,
           created_at, decided_by, decided_at, tier, offered_at, offer_expires_at)
         VALUES (?, ?, ?, ?, 'Load Test Timber Co', '', 'A load-test applicant.', 0.9, 'offered', ?, ?, ?, ?, ?, ?)`,
    );
    const insertEvent = database.prepare(
      "INSERT INTO application_events (request_id, kind, actor_id, detail, created_at) VALUES (?, 'offered', ?, ?, ?)",
    );
    database.exec("BEGIN");
    offers.forEach((offer, index) => {
      insertRequest.run(
        offer.requestId,
        `Load Applicant ${index + 1}`,
        offer.email,
        offer.email,
        offeredAt,
        concierge.id,
        offeredAt,
        offer.tier,
        offeredAt,
        expiresAt,
      );
      insertEvent.run(offer.requestId, concierge.id, offer.tier, offeredAt);
    });
    database.exec("COMMIT");
  } finally {
    database.close();
  }
}

/**
 * Each applicant, as a browser would: opens the emailed status link (the page posts the token and
 * gets its cookie), presses 'Pay Initiation & Dues' in two tabs at once (each tab again while the
 * page answers 502, Stripe failing), pays on the Checkout page it was sent to, and lands on the
 * success page. Meanwhile the webhook deliverer runs until every event is acknowledged.
 * @param {{ url: string; offers: Offer[]; fake: FakeStripe; concurrency: number; seed: number }} options
 */
export async function runPayments({ url, offers, fake, concurrency, seed }) {
  const random = mulberry32(seed);
  /** @type {Map<string, string[]>} */
  const sessionsByRequest = new Map();
  /** @type {string[]} */
  const clientFailures = [];
  /** @type {Record<"open" | "pay" | "success", number[]>} */
  const latency = { open: [], pay: [], success: [] };
  /** @type {Record<string, number>} */
  const payAnswers = {};
  let clientsDone = false;

  /** @param {string} path @param {Record<string, string>} form @param {string} address @param {string} [cookie] */
  const post = (path, form, address, cookie) =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: url,
        "CF-Connecting-IP": address,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(form),
    });

  /** @param {Offer} offer @param {number} worker */
  async function applicant(offer, worker) {
    const address = `203.0.113.${(worker % 250) + 1}`;
    let started = performance.now();
    const opened = await post("/application", { intent: "open", link: offer.link }, address);
    await opened.body?.cancel();
    latency.open.push(performance.now() - started);
    const cookie = opened.headers.getSetCookie()[0]?.split(";")[0];
    if (opened.status !== 303 || !cookie) {
      clientFailures.push(`${offer.requestId}: opening the link answered ${opened.status}`);
      return;
    }

    const tab = async () => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        started = performance.now();
        const answer = await post("/application", { intent: "pay" }, address, cookie);
        await answer.body?.cancel();
        latency.pay.push(performance.now() - started);
        payAnswers[answer.status] = (payAnswers[answer.status] ?? 0) + 1;
        const location = answer.headers.get("Location");
        if (answer.status === 303 && location?.startsWith(fake.url)) return location;
        if (answer.status !== 502) throw new Error(`paying answered ${answer.status} ${location ?? ""}`.trim());
        await sleep(50 * attempt);
      }
      throw new Error("paying answered 502 twenty times");
    };
    let checkoutUrls;
    try {
      checkoutUrls = await Promise.all([tab(), tab()]);
    } catch (error) {
      clientFailures.push(`${offer.requestId}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const distinct = [...new Set(checkoutUrls)];
    sessionsByRequest.set(
      offer.requestId,
      distinct.map((checkoutUrl) => checkoutUrl.split("/").at(-1) ?? ""),
    );
    // The applicant pays on the Checkout page each tab was sent to (one page, if the offer has one session).
    for (const checkoutUrl of distinct) {
      const paid = await fetch(checkoutUrl, { method: "POST" });
      await paid.body?.cancel();
      if (paid.status !== 200) clientFailures.push(`${offer.requestId}: the Checkout page answered ${paid.status}`);
    }
    // Stripe sends the browser back to the success page, which grants nothing by itself.
    started = performance.now();
    const success = await fetch(`${url}/application?checkout=complete`, { headers: { Cookie: cookie, "CF-Connecting-IP": address } });
    await success.body?.cancel();
    latency.success.push(performance.now() - started);
    if (success.status !== 200) clientFailures.push(`${offer.requestId}: the success page answered ${success.status}`);
  }

  /** @type {{ event: import("./stripe-fake.mjs").FakeEvent; deliveries: number }[]} */
  const pending = [];
  /** @type {Record<string, number>} */
  const webhookAnswers = {};
  /** @type {number[]} */
  const webhookLatency = [];
  /** @type {string[]} */
  const gaveUp = [];
  let inFlight = 0;
  let copies = 0;
  /** Events in the order their first copy was acknowledged, to measure how often the order was not Stripe's. */
  /** @type {Map<string, string[]>} */
  const acknowledgedBySession = new Map();

  async function deliverer() {
    for (;;) {
      for (const event of fake.takeEvents()) {
        // Each event twice, as Stripe may; two copies may well be in flight at once.
        pending.push({ event, deliveries: 0 }, { event, deliveries: 0 });
        copies += 2;
      }
      if (pending.length === 0) {
        if (clientsDone && inFlight === 0) return;
        await sleep(20);
        continue;
      }
      // A random copy next: out of order across events and within each payment's two.
      const index = Math.floor(random() * pending.length);
      const copy = /** @type {(typeof pending)[number]} */ (pending[index]);
      pending[index] = /** @type {(typeof pending)[number]} */ (pending.at(-1));
      pending.pop();
      inFlight += 1;
      copy.deliveries += 1;
      const started = performance.now();
      /** @type {number} */
      let status;
      try {
        const response = await fetch(`${url}/api/payments/webhook`, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": fake.signedHeader(copy.event.payload) },
          body: copy.event.payload,
        });
        await response.body?.cancel();
        status = response.status;
      } catch {
        status = 0;
      }
      webhookLatency.push(performance.now() - started);
      webhookAnswers[status] = (webhookAnswers[status] ?? 0) + 1;
      if (status >= 200 && status < 300) {
        const order = acknowledgedBySession.get(copy.event.sessionId) ?? [];
        if (!order.includes(copy.event.type)) order.push(copy.event.type);
        acknowledgedBySession.set(copy.event.sessionId, order);
      } else if (copy.deliveries >= MAX_DELIVERIES) gaveUp.push(`${copy.event.id} (${copy.event.type}): last answer ${status}`);
      else pending.push(copy);
      inFlight -= 1;
    }
  }

  const started = performance.now();
  const deliverers = Promise.all(Array.from({ length: WEBHOOK_CONCURRENCY }, deliverer));
  await runPool(offers, concurrency, applicant);
  const clientSeconds = (performance.now() - started) / 1000;
  clientsDone = true;
  await deliverers;
  const seconds = (performance.now() - started) / 1000;
  const invoiceFirst = [...acknowledgedBySession.values()].filter((order) => order[0] === "invoice.paid").length;
  return {
    offers: offers.length,
    concurrency,
    seconds,
    clientSeconds,
    sessionsByRequest,
    clientFailures,
    payAnswers,
    latency: { open: percentiles(latency.open), pay: percentiles(latency.pay), success: percentiles(latency.success) },
    webhook: { copies, answers: webhookAnswers, latency: percentiles(webhookLatency), gaveUp, invoiceFirst },
  };
}

/**
 * The checks of the payments run, against the run's D1 and the fake's records.
 * @param {{ persistTo: string; offers: Offer[]; run: Awaited<ReturnType<typeof runPayments>>; fake: FakeStripe }} options
 */
export function checkPayments({ persistTo, offers, run, fake }) {
  // Only the welcome emails are counted per member: a new member may also be offered a locker by
  // email at activation (docs/product-rules.md#lockers).
  const [requests, members, ledger, events, emails] = /** @type {[any[], any[], any[], any[], any[]]} */ (
    queryRun(
      persistTo,
      `SELECT id, status, checkout_session_id, member_id FROM invitation_requests;
       SELECT id, email, invitation_request_id, status, dues_status, subscription_id, payment_customer_id FROM members WHERE invitation_request_id IS NOT NULL;
       SELECT member_id, kind, amount_cents, method, external_id FROM dues_ledger;
       SELECT event_id, type FROM payment_events;
       SELECT recipient, count(*) AS n FROM outbox WHERE channel = 'email' AND subject LIKE 'Welcome to %' GROUP BY recipient`,
    )
  );
  const sessions = [...fake.sessions.values()];
  const paidSessions = sessions.filter((session) => session.status === "complete");
  /** @type {Map<string, typeof sessions>} */
  const sessionsOfRequest = new Map();
  for (const session of sessions) sessionsOfRequest.set(session.requestId, [...(sessionsOfRequest.get(session.requestId) ?? []), session]);
  const membersOfRequest = groupBy(members, (member) => member.invitation_request_id);
  const ledgerOfMember = groupBy(ledger, (entry) => entry.member_id);
  const recorded = new Set(events.map((event) => event.event_id));
  const emailsTo = new Map(emails.map((row) => [row.recipient, row.n]));
  const requestById = new Map(requests.map((request) => [request.id, request]));

  /** @type {string[]} */
  const notOneMember = [];
  /** @type {string[]} */
  const notOneLedgerEntry = [];
  for (const session of paidSessions) {
    const request = requestById.get(session.requestId);
    const found = membersOfRequest.get(session.requestId) ?? [];
    const member = found[0];
    if (
      request?.status !== "paid" ||
      found.length !== 1 ||
      member.dues_status !== "active" ||
      member.subscription_id !== session.subscriptionId
    ) {
      notOneMember.push(
        `${session.requestId}: request ${request?.status}, ${found.length} members ${found.map((row) => `${row.dues_status}/${row.subscription_id}`).join(" ")}`,
      );
      continue;
    }
    const entries = ledgerOfMember.get(member.id) ?? [];
    const entry = entries[0];
    if (
      entries.length !== 1 ||
      entry.kind !== "payment" ||
      entry.external_id !== session.invoiceId ||
      entry.amount_cents !== session.amountTotal
    ) {
      notOneLedgerEntry.push(
        `${member.id}: ${entries.map((row) => `${row.kind} ${row.amount_cents} ${row.external_id}`).join(", ") || "none"}`,
      );
    }
  }
  const paidEventOf = new Map(
    fake.issuedEvents.filter((event) => event.type === "checkout.session.completed").map((event) => [event.sessionId, event.id]),
  );
  const activeWithoutPaidEvent = members.filter((member) => {
    if (member.dues_status !== "active") return false;
    const session = [...(sessionsOfRequest.get(member.invitation_request_id) ?? [])].find(
      (candidate) => candidate.subscriptionId === member.subscription_id,
    );
    const eventId = session ? paidEventOf.get(session.id) : undefined;
    return !session || session.status !== "complete" || !eventId || !recorded.has(eventId);
  });
  const liveSubscriptions = groupBy(
    [...fake.subscriptions.values()].filter((subscription) => subscription.status !== "canceled"),
    (subscription) => subscription.metadata.request_id ?? "",
  );
  const twoSubscriptions = [...liveSubscriptions.entries()].filter(([, list]) => list.length > 1);
  const memberSubscriptions = members.map((member) => member.subscription_id).filter(Boolean);
  const offerIds = new Set(offers.map((offer) => offer.requestId));
  const clientSessions = [...run.sessionsByRequest.values()];
  const deliveredIds = new Set(fake.issuedEvents.map((event) => event.id));
  const unrecorded = [...deliveredIds].filter((id) => !recorded.has(id));
  const emailsNotOne = members.filter((member) => emailsTo.get(member.email) !== 1);
  const webhook400 = run.webhook.answers["400"] ?? 0;
  const failedApiCalls = fake.api.failedBefore + fake.api.failedAfter;

  return {
    counts: {
      requests: requests.length,
      paidRequests: requests.filter((request) => request.status === "paid").length,
      members: members.length,
      activeMembers: members.filter((member) => member.dues_status === "active").length,
      ledgerEntries: ledger.length,
      paymentEvents: events.length,
      sessions: sessions.length,
      paidSessions: paidSessions.length,
      liveSubscriptions: [...liveSubscriptions.values()].flat().length,
      refunds: fake.refunds.length,
    },
    /** @type {Check[]} */
    checks: [
      check(
        "every applicant reached Checkout and paid (two tabs each, again after each 502)",
        run.clientFailures.length === 0 && run.sessionsByRequest.size === offers.length && paidSessions.length >= offers.length,
        `${run.sessionsByRequest.size} of ${offers.length} paid, ${paidSessions.length} sessions paid; ${run.clientFailures.length} failures${run.clientFailures.length ? `: ${run.clientFailures.slice(0, 3).join("; ")}` : ""}`,
      ),
      check(
        "one Checkout session per offer (both tabs, every retry, every replayed create)",
        clientSessions.every((list) => list.length === 1) && [...sessionsOfRequest.values()].every((list) => list.length === 1),
        `${clientSessions.filter((list) => list.length !== 1).length} offers whose tabs got two sessions; ${[...sessionsOfRequest.values()].filter((list) => list.length !== 1).length} offers with more than one session at the fake`,
      ),
      check(
        "the Stripe fake failed about half its API calls and saw only the calls it knows, with the secret key",
        failedApiCalls > 0.4 * fake.api.calls && fake.unexpected.length === 0,
        `${failedApiCalls} of ${fake.api.calls} failed (${fake.api.failedBefore} before doing anything, ${fake.api.failedAfter} after); unexpected: ${fake.unexpected.slice(0, 3).join(", ") || "none"}`,
      ),
      check(
        "every webhook copy was acknowledged 2xx in the end; no signature refused",
        run.webhook.gaveUp.length === 0 && webhook400 === 0,
        `${run.webhook.copies} copies of ${deliveredIds.size} events; answers ${statusText(run.webhook.answers)}; given up: ${run.webhook.gaveUp.length}`,
      ),
      check(
        "every paid offer ends as exactly one active member holding its subscription",
        notOneMember.length === 0 && members.length === paidSessions.length && requests.every((request) => offerIds.has(request.id)),
        `${members.length} members for ${paidSessions.length} paid sessions; ${notOneMember.length} offers wrong${notOneMember.length ? `: ${notOneMember.slice(0, 3).join("; ")}` : ""}`,
      ),
      check(
        "each new member has exactly one ledger entry: the payment of the checkout's invoice",
        notOneLedgerEntry.length === 0 && ledger.length === members.length,
        `${ledger.length} ledger entries for ${members.length} members; ${notOneLedgerEntry.length} wrong${notOneLedgerEntry.length ? `: ${notOneLedgerEntry.slice(0, 3).join("; ")}` : ""}`,
      ),
      check(
        "no member is active without a verified, recorded checkout.session.completed",
        activeWithoutPaidEvent.length === 0,
        `${activeWithoutPaidEvent.length} of ${members.filter((member) => member.dues_status === "active").length} active members without one`,
      ),
      check(
        "nobody has two subscriptions",
        twoSubscriptions.length === 0 && new Set(memberSubscriptions).size === memberSubscriptions.length,
        `${[...liveSubscriptions.values()].flat().length} live subscriptions at the fake for ${liveSubscriptions.size} applicants; ${twoSubscriptions.length} with two; ${fake.refunds.length} refunds`,
      ),
      check(
        "every event delivered is recorded once in payment_events",
        unrecorded.length === 0 && events.length === deliveredIds.size,
        `${events.length} rows for ${deliveredIds.size} events; ${unrecorded.length} unrecorded`,
      ),
      check(
        "one welcome email (the sign-in setup link) per new member",
        emailsNotOne.length === 0,
        `${members.length - emailsNotOne.length} of ${members.length} members have exactly one email`,
      ),
    ],
  };
}

/**
 * @template T
 * @param {T[]} rows
 * @param {(row: T) => string} key
 * @returns {Map<string, T[]>}
 */
function groupBy(rows, key) {
  /** @type {Map<string, T[]>} */
  const groups = new Map();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** @param {Record<string, number>} counts */
function statusText(counts) {
  return Object.entries(counts)
    .map(([status, count]) => `${count} × ${status === "0" ? "no answer" : status}`)
    .join(", ");
}

/**
 * @param {string} name
 * @param {boolean} pass
 * @param {string} detail
 * @returns {Check}
 */
function check(name, pass, detail) {
  return { name, pass, detail };
}
