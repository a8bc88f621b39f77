import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

/**
 * docs/load.md: what `npm run load` ran and what it measured, written by every run.
 * @typedef {import("./checks.mjs").Check} Check
 * @typedef {{ name: string; failureRate: number; load: Awaited<ReturnType<typeof import("./throughput.mjs").runThroughput>>; firstAttempts: { email: { attempts: number; failures: number; deliveries: number }; sms: { attempts: number; failures: number; deliveries: number } }; drain: Awaited<ReturnType<typeof import("./retry-cron.mjs").drainOutbox>>; concierge: Awaited<ReturnType<typeof import("./concierge-retry.mjs").retryNeedingAttention>>; expired: ReturnType<typeof import("./checks.mjs").checkRun>["expired"]; counts: Record<string, number>; attempts: Record<string, Record<string, number>>; delays: Record<"email" | "sms", { delivered: number; within1: number; within10: number; within60: number; max: number }>; checks: Check[] }} DeliveryRun
 * @typedef {{ run: Awaited<ReturnType<typeof import("./payments.mjs").runPayments>>; counts: ReturnType<typeof import("./payments.mjs").checkPayments>["counts"]; api: import("./stripe-fake.mjs").ApiCounts; checks: Check[] }} PaymentsRun
 * @typedef {{ arrivals: number; seconds: number; browsingMembers: number; eveningSeconds: number; requests: number; latency: ReturnType<typeof import("./event-night.mjs").eventNightLatency>; counts: Record<string, number>; checks: Check[] }} EventNightRun
 * @typedef {{ startedAt: Date; totalSeconds: number; requests: number; concurrency: number; burst: { size: number; trials: number }; throughput: DeliveryRun; faults: DeliveryRun; bursts: { results: import("./bursts.mjs").BurstResult[]; checks: Check[] }; payments: PaymentsRun; eventNight: EventNightRun }} LoadResults
 */

/**
 * @param {string} path
 * @param {LoadResults} results
 */
export function writeReport(path, results) {
  const { throughput, faults, bursts, payments, eventNight } = results;
  const checks = [...throughput.checks, ...faults.checks, ...bursts.checks, ...payments.checks, ...eventNight.checks];
  const failed = checks.filter((result) => !result.pass).length;
  const lines = [
    "# Load and fault test",
    "",
    `Written by \`npm run load\` (scripts/load/run.mjs). Last run: ${results.startedAt.toISOString()}, ${commit()}, ` +
      `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? "unknown"}), load average ${loadavg()[0]?.toFixed(1)} at the end, ` +
      `Node ${process.versions.node}, wrangler ${wranglerVersion()}; ${results.totalSeconds.toFixed(0)} s in all.`,
    "",
    "Timings are as measured on a shared, noisy machine and are no pass/fail criterion; the counts are.",
    "",
    `**Result: ${failed === 0 ? `all ${checks.length} checks passed` : `${failed} of ${checks.length} checks FAILED`}.**`,
    "",
    "## What runs",
    "",
    "- The production build (`npm run build`) served by `wrangler dev` on port 8800, each run with fresh local D1 and KV in `.wrangler/load/<run>`.",
    "- Captcha: the labelled local stand-in; every invitation gets its own pass from `/api/verify-recaptcha` first (passes are single-use).",
    "- SMS: the real Twilio Verify provider, pointed (`TWILIO_API_BASE`) at a fake Twilio Verify in the load script. Email: `EMAIL` is a service binding to a small adapter Worker with the binding's `send(message)`, which forwards to a fake email provider in the load script. Both fakes fail a seeded share of calls and record every call per message.",
    `- Rate limits raised with \`--var FORM_RATE_LIMIT_MULTIPLIER:1000\` for the throughput and fault runs; ${results.concurrency} simulated visitors, each with one connection and its own \`CF-Connecting-IP\` (wrangler dev keeps a client's header; Cloudflare would set it).`,
    '- After the load, the retry cron is fired with `GET /cdn-cgi/local/scheduled?time=<ms>` at whole simulated minutes (wrangler dev never fires crons by itself), until it is done with every outbox row: sent, expired (an SMS whose code would have been older than 15 minutes: never sent) or needing attention (an email that failed 5 times: no more automatic retries; docs/operators.md, "Deliveries that need attention").',
    "- Then, as a concierge would, the local demo concierge (seeded before the server starts; signed in at the start of the run with an emailed code read from the outbox, no password) presses Retry on the console's first screen (`POST /concierge`, `intent=retry`) for each email that needs attention, again while it fails, until it is delivered.",
    "- Payments: the real Stripe adapter (the official SDK, worker/features/dues/stripe-payments.ts) pointed with `STRIPE_API_BASE` at a Stripe fake in the load script (scripts/load/stripe-fake.mjs) with test-mode `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`; the fake fails half its API calls (a seeded draw: half of the failures before doing anything, half after doing the work with the answer lost), and its events are signed with the `stripe` package's `generateTestHeaderString`. The offers are written into the run's fresh D1 before the server starts.",
    "- The checks read each run's local D1 with `wrangler d1 execute` (scripts/lib/d1.mjs) and the fakes' records; the retry loop polls the D1 SQLite file read-only.",
    "",
    "## Checks",
    "",
    "| check | result | detail |",
    "| --- | --- | --- |",
    ...checks.map((result) => `| ${result.name} | ${result.pass ? "pass" : "**FAIL**"} | ${result.detail.replaceAll("|", "\\|")} |`),
    "",
    ...deliverySection(`1. Throughput: ${results.requests} invitations and ${results.requests} SMS sends, providers healthy`, throughput),
    ...deliverySection(`2. Faults: the same with the email and SMS providers failing half the calls`, faults),
    `## 3. Bursts: ${results.burst.size} simultaneous submissions from one address, real limits`,
    "",
    `\`FORM_RATE_LIMIT_MULTIPLIER\` 1, ${results.burst.trials} trials per endpoint, each from a new address. KV counters are approximate (README, "Rate limits"); the strict D1 counter must let exactly 5 through.`,
    "",
    "| endpoint | limit | got through, per trial | answers |",
    "| --- | --- | --- | --- |",
    ...bursts.results.map(
      (result) =>
        `| \`${result.endpoint}\` | ${result.limit} | ${result.trials.map((trial) => `${trial.allowed} of ${results.burst.size}`).join(", ")} | ${result.trials.map((trial) => statuses(trial.statuses)).join("; ")} |`,
    ),
    "",
    ...paymentsSection(payments),
    ...eventNightSection(eventNight),
  ];
  writeFileSync(path, lines.join("\n"));
}

/**
 * @param {string} title
 * @param {DeliveryRun} run
 */
function deliverySection(title, run) {
  const { load, drain } = run;
  return [
    `## ${title}`,
    "",
    `${load.requests} requests in ${load.seconds.toFixed(1)} s: ${load.requestsPerSecond.toFixed(0)} requests/s; ` +
      `${load.invitationsPerSecond.toFixed(1)} invitations/s (two requests each) and ${load.smsPerSecond.toFixed(1)} SMS sends/s accepted.`,
    "",
    "| endpoint | answers | p50 ms | p95 ms | p99 ms | max ms |",
    "| --- | --- | --- | --- | --- | --- |",
    ...Object.entries(load.endpoints).map(
      ([endpoint, result]) =>
        `| \`${endpoint}\` | ${statuses(result.statuses)} | ${ms(result.latency.p50)} | ${ms(result.latency.p95)} | ${ms(result.latency.p99)} | ${ms(result.latency.max)} |`,
    ),
    "",
    `Stored: ${run.counts.invitationRequests} invitation requests, ${run.counts.smsOptIns} SMS opt-ins; outbox ${run.counts.emailOutbox} email and ${run.counts.smsOutbox} SMS rows.`,
    "",
    `First delivery attempts (by the requests themselves): email ${run.firstAttempts.email.attempts} calls, ${run.firstAttempts.email.failures} failed; ` +
      `SMS ${run.firstAttempts.sms.attempts} calls, ${run.firstAttempts.sms.failures} failed.`,
    "",
    drain.cronRuns === 0
      ? "Retry cron: not needed, the requests' own attempts delivered every message."
      : `Retry cron: ${drain.cronRuns} runs from the first to the last over ${formatMinutes(drain.simulatedMinutes)} of simulated time (one run per minute), ` +
        `${drain.realSeconds.toFixed(0)} s of real time; up to ${drain.largestBatch} messages taken per run (both channels) observed.`,
    "",
    `When the cron was done: ${drain.state.sent} sent, ${drain.state.needsAttention} emails needing attention, ${drain.state.expired} SMS expired, ` +
      `${drain.state.pending + drain.state.failed + drain.state.sending} left to retry, ${drain.state.rejected + drain.state.abandoned} rejected or abandoned.`,
    "",
    run.concierge.ids.length === 0
      ? "Concierge: nothing needed attention."
      : `Concierge: the ${run.concierge.ids.length} emails that needed attention (failed 5 times: 1 in ${((run.counts.emailOutbox ?? 0) / run.concierge.ids.length).toFixed(0)}) were retried from the console: ` +
        `${run.concierge.retries} retries, ${run.concierge.failedAgain} failed again and were retried, ${run.concierge.ids.length - run.concierge.notDelivered.length} delivered; ` +
        `${run.concierge.realSeconds.toFixed(0)} s of real time.`,
    "",
    ...(run.expired.rows.length === 0
      ? []
      : [
          `SMS expired: ${run.expired.rows.length} (${run.expired.rows.map((row) => `${row.minutes.toFixed(1)} min after it was stored, ${row.beforeCron.toFixed(1)} min of them before the first cron run, after ${row.attempts} attempts`).join("; ")}), never sent. ` +
            `Each failed attempt was a 50 % draw, and two things left the SMS stored last fewer one-minute retries than the 15 minutes allow: this test fires the first cron run only after the load (in production the cron runs every minute during it), ` +
            `and the cron takes a bounded batch per channel a run, oldest first (worker/shared/outbox.ts), so with the load's failed first attempts queued at once an SMS delivered on its first retry waited up to ${run.expired.firstRetryWait.toFixed(1)} min for it.`,
          "",
        ]),
    `Rows per attempt count: email ${histogram(run.attempts.email)}; SMS ${histogram(run.attempts.sms)}.`,
    "",
    "From request to delivery by the requests and the cron, at its production cadence of one run per minute (an SMS code lives 10 minutes; an SMS not sent within 15 expires); the emails a concierge retried are not in it:",
    "",
    "| channel | delivered | within 1 min | within 10 min | within 1 h | last after |",
    "| --- | --- | --- | --- | --- | --- |",
    .../** @type {const} */ (["email", "sms"]).map((channel) => {
      const delay = run.delays[channel];
      /** @param {number} count */
      const share = (count) => `${count} (${((100 * count) / Math.max(1, delay.delivered)).toFixed(1)} %)`;
      return `| ${channel === "sms" ? "SMS" : channel} | ${delay.delivered} | ${share(delay.within1)} | ${share(delay.within10)} | ${share(delay.within60)} | ${formatMinutes(Math.ceil(delay.max))} |`;
    }),
    "",
  ];
}

/** @param {PaymentsRun} payments */
function paymentsSection({ run, counts, api }) {
  const { webhook, latency } = run;
  return [
    `## 4. Payments: ${run.offers} offers paid at once, Stripe failing half its API calls, every webhook twice and out of order`,
    "",
    `${run.concurrency} applicants at a time, each as a browser: opens the emailed status link (\`POST /application\`, \`intent=open\`), presses 'Pay Initiation & Dues' in two tabs at once (\`intent=pay\`, again after each 502 'provider-failed'), pays on the fake's Checkout page the tabs were sent to, and opens the success page. ` +
      `Meanwhile ${"10"} webhook senders deliver each event Stripe would send (\`checkout.session.completed\`, \`invoice.paid\`) twice, picking a random waiting copy each time, and again after any answer that is not 2xx, as Stripe redelivers.`,
    "",
    `All paid in ${run.clientSeconds.toFixed(1)} s; the last webhook acknowledged after ${run.seconds.toFixed(1)} s. ` +
      `'Pay' answers: ${statuses(run.payAnswers)}. Stripe API calls from the Worker: ${api.calls}, ${api.failedBefore} failed before doing anything and ${api.failedAfter} after doing the work (${Object.entries(
        api.byRoute,
      )
        .map(([route, calls]) => `${route} ${calls}`)
        .join(", ")}).`,
    "",
    `Webhook: ${webhook.copies} copies delivered, answers ${statuses(webhook.answers)} (a 500 is a handler that could not read Stripe, delivered again); ` +
      `for ${webhook.invoiceFirst} payments the \`invoice.paid\` was acknowledged before the \`checkout.session.completed\`.`,
    "",
    "| step | requests | p50 ms | p95 ms | p99 ms | max ms |",
    "| --- | --- | --- | --- | --- | --- |",
    ...[
      ["open the status link", latency.open],
      ["Pay (the Worker creates or reuses the Checkout session)", latency.pay],
      ["success page", latency.success],
      ["webhook delivery", webhook.latency],
    ].map(
      ([name, result]) =>
        `| ${name} | ${/** @type {any} */ (result).count} | ${ms(/** @type {any} */ (result).p50)} | ${ms(/** @type {any} */ (result).p95)} | ${ms(/** @type {any} */ (result).p99)} | ${ms(/** @type {any} */ (result).max)} |`,
    ),
    "",
    `Stored: ${counts.paidRequests} of ${counts.requests} applications paid, ${counts.members} members (${counts.activeMembers} with dues active), ${counts.ledgerEntries} ledger entries, ${counts.paymentEvents} payment events; ` +
      `at the fake ${counts.sessions} Checkout sessions (${counts.paidSessions} paid), ${counts.liveSubscriptions} live subscriptions, ${counts.refunds} refunds.`,
    "",
  ];
}

/** @param {EventNightRun} night */
function eventNightSection(night) {
  const { latency, counts } = night;
  const pace = (night.arrivals / night.seconds) * 60;
  return [
    `## 5. Event night: ${night.arrivals} check-ins at the door while ${night.browsingMembers} members browse`,
    "",
    `The demo door account (signed in with an emailed code, like the members) posts each check-in as the door page syncs it (\`POST /door/check-ins\`), reads tonight's occupancy after each (\`GET /door/check-ins\`) and refreshes its status list every tenth (\`GET /door/list\`). ` +
      `Every fifth member brings the guest they registered for tonight; every seventh adds one at the door, which the guest rules count against the allowance. ` +
      `The ${night.arrivals} check-ins are spread over ${night.seconds} s, ${pace.toFixed(0)} a minute: an event night's ${night.arrivals} in 30 minutes is ${(night.arrivals / 30).toFixed(0)} a minute, so this is ${(pace / (night.arrivals / 30)).toFixed(0)} times the pace. ` +
      `Meanwhile ${night.browsingMembers} signed-in members open their pages (${"/members, /members/events, /members/guests, /members/card, /members/academy, /rewards"}) one after another, a quarter of a second apart. ` +
      `Then the door sends its whole queue again, 25 at a time, as a device that lost every answer would.`,
    "",
    `${night.requests} requests; the evening took ${night.eveningSeconds.toFixed(1)} s.`,
    "",
    "| requests | count | p50 ms | p95 ms | p99 ms | max ms |",
    "| --- | --- | --- | --- | --- | --- |",
    ...[
      ["door: sync a check-in", latency.sync],
      ["door: occupancy and status list", latency.door],
      ["members' pages", latency.pages],
    ].map(
      ([name, result]) =>
        `| ${name} | ${/** @type {any} */ (result).count} | ${ms(/** @type {any} */ (result).p50)} | ${ms(/** @type {any} */ (result).p95)} | ${ms(/** @type {any} */ (result).p99)} | ${ms(/** @type {any} */ (result).max)} |`,
    ),
    "",
    `Stored: ${counts.checkIns} check-ins; ${counts.linkedRegisteredGuests} of ${counts.registeredGuests} registered guests checked in; ${counts.storedDoorGuests} guests added at the door became guest visits, ${counts.refusedDoorGuests} were refused by the guest rules and kept on the record.`,
    "",
  ];
}

/** @param {Record<string, number>} counts */
function statuses(counts) {
  return Object.entries(counts)
    .map(([status, count]) => `${count} × ${status === "0" ? "no answer" : status}`)
    .join(", ");
}

/** @param {Record<string, number> | undefined} counts */
function histogram(counts) {
  return Object.entries(counts ?? {})
    .map(([attempts, rows]) => `${rows} × ${attempts}`)
    .join(", ");
}

/** @param {number} value */
function ms(value) {
  return value.toFixed(0);
}

/** @param {number} minutes */
function formatMinutes(minutes) {
  return minutes < 120 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}

function commit() {
  try {
    /** @param {string[]} args */
    const git = (args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const head = git(["rev-parse", "--short", "HEAD"]);
    const dirty = git(["status", "--porcelain", "--", "worker", "app", "db", "migrations"]) !== "";
    return `commit ${head}${dirty ? " with uncommitted changes in worker/, app/, db/ or migrations/" : ""}`;
  } catch {
    return "commit unknown";
  }
}

function wranglerVersion() {
  try {
    return execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "--version"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1);
  } catch {
    return "unknown";
  }
}
