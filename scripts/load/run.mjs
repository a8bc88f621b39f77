import "../node-version.mjs";

// The Node version check first; the rest loads after it (scripts/node-version.mjs says why).
const { rmSync } = await import("node:fs");
const { parseArgs } = await import("node:util");
const { runBursts } = await import("./bursts.mjs");
const { checkBursts, checkRun } = await import("./checks.mjs");
const { retryNeedingAttention, signInWithEmailedCode } = await import("./concierge-retry.mjs");
const { fictionalUsNumbers } = await import("./clients.mjs");
const { callCounts, FAKE_TWILIO, startFakeProviders } = await import("./fake-providers.mjs");
const { waitForFirstAttempts } = await import("./outbox-state.mjs");
const { checkPayments, loadApplicants, runPayments, seedOffers } = await import("./payments.mjs");
const { writeReport } = await import("./report.mjs");
const { drainOutbox } = await import("./retry-cron.mjs");
const { killAllServers, LOAD_DIR, migrateTemplate, prepareBuildSnapshot, startServer, stopAllServers } = await import("./server.mjs");
const { FAKE_STRIPE, startFakeStripe } = await import("./stripe-fake.mjs");
const { runThroughput } = await import("./throughput.mjs");
const { checkEventNight, eventNightArrivals, eventNightLatency, runEventNight, seedEventNight } = await import("./event-night.mjs");
const { demoAccounts } = await import("../members-demo-accounts.ts");

/**
 * `npm run load` (after `npm run build`): the load and fault test of the local production build.
 * 1. throughput: 50 concurrent clients send N invitations and N SMS sends, limits raised;
 * 2. faults: the same while the email and SMS providers fail half of the calls, then the retry
 *    cron in simulated time until it is done with every message, then a concierge's Retry from
 *    the console for each email that needs attention, until it is delivered;
 * 3. bursts: 20 simultaneous submissions from one address per limited endpoint, real limits;
 * 4. payments: N offers paid at once through the real Stripe adapter pointed at a Stripe fake that
 *    fails half its API calls, each webhook event delivered twice and out of order (payments.mjs);
 * 5. event night: the door checks in 150 members and their guests while members browse, then
 *    re-sends its whole queue (event-night.mjs).
 * Writes docs/load.md and exits 1 when a check fails. Ports 8800–8803 only.
 */
const { values: options } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    offers: { type: "string", default: "500" },
    arrivals: { type: "string", default: "150" },
    "event-seconds": { type: "string", default: "60" },
    report: { type: "string", default: "docs/load.md" },
  },
  strict: true,
});
const REQUESTS = Number(options.requests);
if (!Number.isSafeInteger(REQUESTS) || REQUESTS < 1) throw new Error(`--requests must be a positive whole number, not ${options.requests}`);
const OFFERS = Number(options.offers);
if (!Number.isSafeInteger(OFFERS) || OFFERS < 1) throw new Error(`--offers must be a positive whole number, not ${options.offers}`);
const ARRIVALS = Number(options.arrivals);
if (!Number.isSafeInteger(ARRIVALS) || ARRIVALS < 1) throw new Error(`--arrivals must be a positive whole number, not ${options.arrivals}`);
const EVENT_SECONDS = Number(options["event-seconds"]);
if (!Number.isFinite(EVENT_SECONDS) || EVENT_SECONDS < 1)
  throw new Error(`--event-seconds must be a positive number, not ${options["event-seconds"]}`);
/** Members browsing their pages during the event night. */
const BROWSING_MEMBERS = 20;
const CONCURRENCY = 50;
const BURST = { size: 20, trials: 3 };
const PORTS = { server: 8800, fakes: 8801, inspector: 8802, stripe: 8803 };
/** The highest FORM_RATE_LIMIT_MULTIPLIER worker/config.ts accepts. */
const RAISED_LIMITS = 1000;
/** The runs' APP_SIGNING_KEY, so the demo concierge's sign-in can open the code sealed in the outbox. */
const LOAD_SIGNING_KEY = "load-test-signing-key-with-at-least-32-characters";

process.on("exit", killAllServers);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the load servers`);
    void stopAllServers().finally(() => process.exit(130));
  });
}

const startedAt = new Date();
const started = performance.now();
rmSync(LOAD_DIR, { recursive: true, force: true });
const configs = prepareBuildSnapshot({ emailRecorderUrl: `http://127.0.0.1:${PORTS.fakes}/email` });
step("applying the migrations to a fresh local D1 (.wrangler/load) and seeding the demo accounts");
migrateTemplate(configs);
const phones = fictionalUsNumbers(2 * REQUESTS + BURST.size * BURST.trials);

const throughput = await deliveryRun({ name: "throughput", failureRate: 0, seed: 1, phones: phones.slice(0, REQUESTS) });
const faults = await deliveryRun({ name: "faults", failureRate: 0.5, seed: 2, phones: phones.slice(REQUESTS, 2 * REQUESTS) });
const bursts = await burstRun(phones.slice(2 * REQUESTS));
const payments = await paymentsRun();
const eventNight = await eventNightRun();

const allChecks = [...throughput.checks, ...faults.checks, ...bursts.checks, ...payments.checks, ...eventNight.checks];
const failed = allChecks.filter((result) => !result.pass);
writeReport(options.report, {
  startedAt,
  totalSeconds: (performance.now() - started) / 1000,
  requests: REQUESTS,
  concurrency: CONCURRENCY,
  burst: BURST,
  throughput,
  faults,
  bursts,
  payments,
  eventNight,
});
for (const result of allChecks) console.log(`${result.pass ? "PASS" : "FAIL"}  ${result.name}: ${result.detail}`);
console.log(`\n${failed.length === 0 ? "All checks passed" : `${failed.length} checks FAILED`}; report in ${options.report}`);
process.exitCode = failed.length === 0 ? 0 : 1;

/**
 * A throughput run against a fresh server: the load, the requests' own first delivery attempts,
 * the retry cron until it is done with every message, the concierge's retries of the emails that
 * need attention, then the checks.
 * @param {{ name: string; failureRate: number; seed: number; phones: string[] }} run
 */
async function deliveryRun({ name, failureRate, seed, phones }) {
  const fakes = await startFakeProviders({ port: PORTS.fakes, failureRate, seed });
  try {
    step(`${name}: starting wrangler dev (limits x${RAISED_LIMITS}, providers failing ${failureRate * 100} % of calls)`);
    const server = await startServer({
      name,
      port: PORTS.server,
      inspectorPort: PORTS.inspector,
      configs,
      vars: serverVars(RAISED_LIMITS, fakes.twilioApiBase),
    });
    try {
      // The concierge signs in first, so the code email is drained by the cron like every other row.
      const { email } = demoAccounts.concierge;
      const cookie = await signInWithEmailedCode({ url: server.url, persistTo: server.persistTo, email, signingKey: LOAD_SIGNING_KEY });
      step(`${name}: the demo concierge signed in with an emailed code read from the outbox`);
      step(`${name}: ${CONCURRENCY} clients send ${REQUESTS} invitations and ${phones.length} SMS sends`);
      const load = await runThroughput({ url: server.url, invitations: REQUESTS, phones, concurrency: CONCURRENCY });
      step(`${name}: ${load.requests} requests in ${load.seconds.toFixed(1)} s; waiting for the first delivery attempts`);
      const afterFirstAttempts = await waitForFirstAttempts(server.persistTo);
      const firstAttempts = { email: callCounts(fakes.email), sms: callCounts(fakes.sms) };
      step(`${name}: running the retry cron (${afterFirstAttempts.failed} rows failed their first attempt)`);
      const drain = await drainOutbox({ url: server.url, persistTo: server.persistTo });
      const afterCron = { email: callCounts(fakes.email), sms: callCounts(fakes.sms) };
      step(`${name}: retry cron done; the concierge retries the ${drain.state.needsAttention} emails that need attention`);
      const concierge = await retryNeedingAttention({ url: server.url, persistTo: server.persistTo, session: { email, cookie } });
      const { checks, counts, attempts, delays, expired } = checkRun({
        persistTo: server.persistTo,
        load,
        drain,
        concierge,
        afterCron,
        fakes,
      });
      return {
        name,
        failureRate,
        load,
        firstAttempts,
        drain,
        concierge,
        counts,
        attempts,
        delays,
        expired,
        checks: checks.map((result) => ({ ...result, name: `${name}: ${result.name}` })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fakes.close();
  }
}

/**
 * The bursts, against a fresh server with the real limits.
 * @param {string[]} phones
 */
async function burstRun(phones) {
  const fakes = await startFakeProviders({ port: PORTS.fakes, failureRate: 0, seed: 3 });
  try {
    step(`bursts: starting wrangler dev with the real limits`);
    const server = await startServer({
      name: "bursts",
      port: PORTS.server,
      inspectorPort: PORTS.inspector,
      configs,
      vars: serverVars(1, fakes.twilioApiBase),
    });
    try {
      step(`bursts: ${BURST.trials} x ${BURST.size} simultaneous submissions per limited endpoint`);
      const results = await runBursts({ url: server.url, size: BURST.size, trials: BURST.trials, phones });
      const checks = checkBursts(server.persistTo, results);
      return { results, checks };
    } finally {
      await server.stop();
    }
  } finally {
    await fakes.close();
  }
}

/**
 * The payments run, against a fresh server holding OFFERS open offers (written before it starts),
 * Stripe's API at the fake failing half its calls, healthy email.
 */
async function paymentsRun() {
  const fakes = await startFakeProviders({ port: PORTS.fakes, failureRate: 0, seed: 4 });
  const stripe = await startFakeStripe({ port: PORTS.stripe, failureRate: 0.5, seed: 5 });
  try {
    const vars = serverVars(RAISED_LIMITS, fakes.twilioApiBase);
    const offers = await loadApplicants({ count: OFFERS, siteUrl: vars.SITE_URL, signingKey: LOAD_SIGNING_KEY });
    step(`payments: starting wrangler dev with ${OFFERS} open offers, Stripe's API at a fake failing half its calls`);
    const server = await startServer({
      name: "payments",
      port: PORTS.server,
      inspectorPort: PORTS.inspector,
      configs,
      vars: {
        ...vars,
        STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
      seed: (persistTo) => seedOffers(persistTo, offers, demoAccounts.concierge.email),
    });
    try {
      step(`payments: ${CONCURRENCY} applicants at a time pay ${OFFERS} offers; every webhook event delivered twice, in random order`);
      const run = await runPayments({ url: server.url, offers, fake: stripe, concurrency: CONCURRENCY, seed: 6 });
      step(`payments: paid and acknowledged in ${run.seconds.toFixed(1)} s; checking`);
      const { checks, counts } = checkPayments({ persistTo: server.persistTo, offers, run, fake: stripe });
      return {
        run,
        counts,
        api: stripe.api,
        checks: checks.map((result) => ({ ...result, name: `payments: ${result.name}` })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await stripe.close();
    await fakes.close();
  }
}

/**
 * The event night, against a fresh server holding ARRIVALS members and tonight's registered guests
 * (written before it starts): the demo door account checks them in over EVENT_SECONDS while
 * BROWSING_MEMBERS of them browse, every one signed in with an emailed code first.
 */
async function eventNightRun() {
  const fakes = await startFakeProviders({ port: PORTS.fakes, failureRate: 0, seed: 7 });
  try {
    const arrivals = eventNightArrivals(ARRIVALS);
    step(`event night: starting wrangler dev with ${ARRIVALS} members arriving tonight`);
    const server = await startServer({
      name: "event-night",
      port: PORTS.server,
      inspectorPort: PORTS.inspector,
      configs,
      vars: serverVars(RAISED_LIMITS, fakes.twilioApiBase),
      seed: (persistTo) => seedEventNight(persistTo, arrivals),
    });
    try {
      const signIn = (/** @type {string} */ email) =>
        signInWithEmailedCode({ url: server.url, persistTo: server.persistTo, email, signingKey: LOAD_SIGNING_KEY });
      const door = await signIn(demoAccounts.door.email);
      /** @type {string[]} */
      const members = [];
      for (const arrival of arrivals.slice(0, BROWSING_MEMBERS)) members.push(await signIn(arrival.email));
      step(
        `event night: door staff and ${members.length} members signed in; ${ARRIVALS} check-ins over ${EVENT_SECONDS} s while they browse`,
      );
      const run = await runEventNight({ url: server.url, door, members, arrivals, seconds: EVENT_SECONDS });
      step(`event night: done in ${run.eveningSeconds.toFixed(1)} s, queue re-sent; checking`);
      const { checks, counts } = checkEventNight({ persistTo: server.persistTo, arrivals, run });
      return {
        arrivals: ARRIVALS,
        seconds: EVENT_SECONDS,
        browsingMembers: members.length,
        eveningSeconds: run.eveningSeconds,
        requests: run.doorReplies.length + run.browseReplies.length,
        latency: eventNightLatency(run),
        counts,
        checks: checks.map((result) => ({ ...result, name: `event night: ${result.name}` })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fakes.close();
  }
}

/**
 * The run's --var overrides: this port's origin, the limit multiplier, the signing key, Twilio Verify at the fake.
 * @param {number} multiplier
 * @param {string} twilioApiBase
 */
function serverVars(multiplier, twilioApiBase) {
  return {
    SITE_URL: `http://localhost:${PORTS.server}`,
    FORM_RATE_LIMIT_MULTIPLIER: String(multiplier),
    APP_SIGNING_KEY: LOAD_SIGNING_KEY,
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_VERIFY_SERVICE_SID: FAKE_TWILIO.serviceSid,
    TWILIO_API_BASE: twilioApiBase,
  };
}

/** @param {string} message */
function step(message) {
  console.log(`[load ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}
