import { queryRun } from "./outbox-state.mjs";

/**
 * @typedef {{ name: string; pass: boolean; detail: string }} Check
 * @typedef {{ id: number; channel: "email" | "sms"; recipient: string; subject: string | null; status: string; attempts: number; created_at: string; updated_at: string; sent_at: string | null }} OutboxRow
 */

/**
 * The checks of a throughput or fault run, against the run's local D1 and the fake providers'
 * records: every 2xx answer has exactly one stored row and one outbox row, nothing answered 5xx;
 * the cron leaves each outbox row sent, expired (an SMS whose code would have been older than 15
 * minutes) or needing attention (an email that failed five times), and nothing else; a concierge's
 * Retry delivers each one that needs attention; every row sent is delivered exactly once, nothing
 * expired is delivered, and the attempt counts are true.
 * @param {{ persistTo: string; load: Awaited<ReturnType<typeof import("./throughput.mjs").runThroughput>>; drain: Awaited<ReturnType<typeof import("./retry-cron.mjs").drainOutbox>>; concierge: Awaited<ReturnType<typeof import("./concierge-retry.mjs").retryNeedingAttention>>; afterCron: Record<"email" | "sms", ReturnType<typeof import("./fake-providers.mjs").callCounts>>; fakes: import("./fake-providers.mjs").FakeProviders }} run
 */
export function checkRun({ persistTo, load, drain, concierge, afterCron, fakes }) {
  const [requestRows, optInRows, outboxRows, [emailMismatch], [smsMismatch]] =
    /** @type {[Array<{ id: string }>, Array<{ phone_number: string; status: string }>, OutboxRow[], [{ n: number }], [{ n: number }]]} */ (
      queryRun(
        persistTo,
        `SELECT id FROM invitation_requests;
       SELECT phone_number, status FROM sms_opt_ins;
       SELECT id, channel, recipient, subject, status, attempts, created_at, updated_at, sent_at FROM outbox ORDER BY id;
       SELECT count(*) AS n FROM invitation_requests r
         WHERE (SELECT count(*) FROM outbox o WHERE o.channel = 'email' AND instr(o.body, r.id) > 0) <> 1;
       SELECT count(*) AS n FROM sms_opt_ins s
         WHERE (SELECT count(*) FROM outbox o WHERE o.channel = 'sms' AND o.recipient = '+1' || s.phone_number) <> 1`,
      )
    );
  const emailRows = outboxRows.filter((row) => row.channel === "email");
  // The one email that is not an invitation: the demo concierge's sign-in code (concierge-retry.mjs).
  const signInEmails = emailRows.filter((row) => row.recipient === concierge.signedInAs);
  const invitationEmails = emailRows.filter((row) => row.recipient !== concierge.signedInAs);
  const smsRows = outboxRows.filter((row) => row.channel === "sms");
  const serverErrors = countAnswers(load.statuses, (status) => status === 0 || status >= 500);
  const notAccepted = countAnswers(load.statuses, (status) => status < 200 || status >= 300);
  const retried = new Set(concierge.ids);
  const byCron = outboxRows.filter((row) => !retried.has(row.id));
  const { state } = drain;

  /** @type {Check[]} */
  const checks = [
    check("zero 5xx answers and no failed connections", serverErrors === 0, `${serverErrors} of ${load.requests} requests`),
    check("every valid request answered 2xx (limits raised)", notAccepted === 0, `answers per status: ${JSON.stringify(load.statuses)}`),
    check(
      "each 2xx invitation answer has exactly one invitation_requests row",
      sameMultiset(
        load.acceptedInvitationIds,
        requestRows.map((row) => row.id),
      ),
      `${load.acceptedInvitationIds.length} answers with an id, ${requestRows.length} rows`,
    ),
    check(
      "each 2xx SMS answer has exactly one sms_opt_ins row",
      sameMultiset(
        load.acceptedPhones,
        optInRows.map((row) => row.phone_number),
      ),
      `${load.acceptedPhones.length} answers, ${optInRows.length} rows (${optInRows.filter((row) => row.status !== "sent").length} not 'sent')`,
    ),
    check(
      "each invitation request has exactly one email outbox row to the concierge, and one acknowledgement to the applicant",
      emailMismatch.n === 0 && invitationEmails.length === 2 * requestRows.length,
      `${invitationEmails.length} email rows for ${requestRows.length} requests; ${emailMismatch.n} requests without exactly one`,
    ),
    check(
      "the concierge signed in with one emailed code (no password), its email one more row of the run",
      signInEmails.length === 1,
      `${signInEmails.length} sign-in code emails to ${concierge.signedInAs}`,
    ),
    check(
      "each SMS opt-in has exactly one sms outbox row",
      smsMismatch.n === 0 && smsRows.length === optInRows.length,
      `${smsRows.length} sms rows for ${optInRows.length} opt-ins; ${smsMismatch.n} opt-ins without exactly one`,
    ),
    check(
      "every retry cron run succeeded",
      drain.cronFailures.length === 0,
      drain.cronFailures.slice(0, 3).join("; ") || `${drain.cronRuns} runs`,
    ),
    check(
      "after the cron, every outbox row is sent, expired or needs attention (none left to retry, none rejected or abandoned)",
      state.sent + state.expired + state.needsAttention === state.total && state.total === outboxRows.length,
      `${state.sent} sent, ${state.needsAttention} needs_attention, ${state.expired} expired, ${state.pending} pending, ${state.failed} failed, ${state.sending} sending, ${state.rejected} rejected, ${state.abandoned} abandoned`,
    ),
    needingAttentionAfterFive(outboxRows, concierge, afterCron, byCron),
    check(
      "a concierge's Retry from the console delivered every email that needed attention",
      concierge.failures.length === 0 &&
        concierge.notDelivered.length === 0 &&
        outboxRows.filter((row) => retried.has(row.id)).every((row) => row.status === "sent"),
      `${concierge.ids.length} emails needed attention; ${concierge.retries} retries, ${concierge.failedAgain} failed again (409, still needs attention), ` +
        `${concierge.notDelivered.length} not delivered${concierge.failures.length > 0 ? `; ${concierge.failures.slice(0, 3).join("; ")}` : ""}`,
    ),
    expiredOnlyWhenTooOld(outboxRows, fakes.sms),
    check(
      "finally, every outbox row is sent, except SMS that expired",
      outboxRows.every((row) => row.status === "sent" || (row.status === "expired" && row.channel === "sms")),
      statusSummary(outboxRows),
    ),
    deliveredOnce("email", emailRows, emailKey, fakes.email),
    deliveredOnce("SMS", smsRows, (row) => row.recipient, fakes.sms),
    attemptsTrue(outboxRows, fakes),
    check("no unexpected calls to the fake providers", fakes.unexpected.length === 0, fakes.unexpected.slice(0, 3).join("; ") || "none"),
  ];
  return {
    checks,
    counts: {
      invitationRequests: requestRows.length,
      smsOptIns: optInRows.length,
      emailOutbox: emailRows.length,
      smsOutbox: smsRows.length,
    },
    attempts: attemptHistogram(outboxRows),
    delays: {
      email: deliveryDelays(byCron.filter((row) => row.channel === "email")),
      sms: deliveryDelays(byCron.filter((row) => row.channel === "sms")),
    },
    expired: {
      rows: outboxRows
        .filter((row) => row.status === "expired")
        .map((row) => ({
          attempts: row.attempts,
          minutes: (Date.parse(row.updated_at) - Date.parse(row.created_at)) / 60_000,
          beforeCron: (drain.firstRunAt - Date.parse(row.created_at)) / 60_000,
        })),
      // How long the cron's backlog kept an SMS from its first retry: the longest delay of those it
      // delivered then.
      firstRetryWait: deliveryDelays(smsRows.filter((row) => row.attempts === 2)).max,
    },
  };
}

/**
 * The checks of the bursts: no 5xx anywhere; the strict limiter let exactly 5 through in every
 * trial; every accepted submission is stored once (the KV limits are measured, not judged).
 * @param {string} persistTo
 * @param {import("./bursts.mjs").BurstResult[]} results
 */
export function checkBursts(persistTo, results) {
  const [[requests], [optIns]] = /** @type {[[{ n: number }], [{ n: number }]]} */ (
    queryRun(persistTo, "SELECT count(*) AS n FROM invitation_requests; SELECT count(*) AS n FROM sms_opt_ins")
  );
  const stored = {
    "POST /api/send-executive-invitation": ["invitation_requests", requests.n],
    "POST /api/send-sms": ["sms_opt_ins", optIns.n],
  };
  /** @type {Check[]} */
  const checks = [];
  for (const result of results) {
    const serverErrors = result.trials.reduce(
      (sum, trial) => sum + countAnswers(trial.statuses, (status) => status === 0 || status >= 500),
      0,
    );
    checks.push(
      check(
        `bursts: ${result.endpoint} answered no 5xx`,
        serverErrors === 0,
        result.trials.map((trial) => JSON.stringify(trial.statuses)).join(", "),
      ),
    );
    const allowed = result.trials.map((trial) => trial.allowed);
    if (result.strict) {
      checks.push(
        check(
          `bursts: ${result.endpoint} let exactly 5 through in every trial`,
          allowed.every((count) => count === 5),
          `got through per trial: ${allowed.join(", ")}`,
        ),
      );
    }
    const table = stored[/** @type {keyof typeof stored} */ (result.endpoint)];
    if (table) {
      const accepted = allowed.reduce((sum, count) => sum + count, 0);
      checks.push(
        check(
          `bursts: one ${table[0]} row per 2xx answer of ${result.endpoint}`,
          table[1] === accepted,
          `${table[1]} rows for ${accepted} answers`,
        ),
      );
    }
  }
  return checks;
}

/**
 * Answers whose status code matches, e.g. every 5xx (a failed connection counts as status 0).
 * @param {Record<string, number>} statuses answers per status code
 * @param {(status: number) => boolean} matches
 */
function countAnswers(statuses, matches) {
  return Object.entries(statuses).reduce((sum, [status, count]) => sum + (matches(Number(status)) ? count : 0), 0);
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

/**
 * Every sent row's message reached the provider exactly once, no other row's did, and the
 * provider got nothing else.
 * @param {string} label
 * @param {OutboxRow[]} rows
 * @param {(row: OutboxRow) => string} keyOf
 * @param {import("./fake-providers.mjs").ChannelRecord} record
 */
function deliveredOnce(label, rows, keyOf, record) {
  const keys = new Set(rows.map(keyOf));
  const sent = rows.filter((row) => row.status === "sent");
  const notOnce = sent.filter((row) => record.byKey.get(keyOf(row))?.deliveries !== 1).length;
  const unsentDelivered = rows.filter((row) => row.status !== "sent" && (record.byKey.get(keyOf(row))?.deliveries ?? 0) > 0).length;
  const strangers = [...record.byKey.keys()].filter((key) => !keys.has(key)).length;
  return check(
    `each sent ${label} outbox row delivered exactly once, no other (fake provider's record)`,
    notOnce === 0 && unsentDelivered === 0 && strangers === 0 && keys.size === rows.length && record.deliveries === sent.length,
    `${record.deliveries} deliveries for ${sent.length} sent rows of ${rows.length} (${keys.size} distinct messages); ${notOnce} sent rows not delivered exactly once; ` +
      `${unsentDelivered} unsent rows delivered; ${strangers} unknown messages`,
  );
}

/**
 * The emails the cron left to a person are those that failed five times
 * (EMAIL_ATTEMPTS_BEFORE_ATTENTION in worker/shared/outbox.ts) and no others: each row's attempts
 * are its five and its console retries, and the provider had delivered none of them when the cron
 * was done (its deliveries then were exactly the rows the cron and the requests sent).
 * @param {OutboxRow[]} rows
 * @param {Awaited<ReturnType<typeof import("./concierge-retry.mjs").retryNeedingAttention>>} concierge
 * @param {Record<"email" | "sms", ReturnType<typeof import("./fake-providers.mjs").callCounts>>} afterCron the providers' counts when the cron was done
 * @param {OutboxRow[]} byCron the rows that did not need attention
 */
function needingAttentionAfterFive(rows, concierge, afterCron, byCron) {
  const retried = new Set(concierge.ids);
  const wrong = rows.filter(
    (row) => retried.has(row.id) && (row.channel !== "email" || row.attempts - (concierge.retriesById.get(row.id) ?? 0) !== 5),
  ).length;
  const emailSent = byCron.filter((row) => row.channel === "email" && row.status === "sent").length;
  return check(
    "each email the cron left needing attention had failed exactly 5 times, none delivered",
    wrong === 0 && afterCron.email.deliveries === emailSent,
    `${concierge.ids.length} rows, ${wrong} with another attempt count or channel; email deliveries when the cron was done: ${afterCron.email.deliveries} for ${emailSent} rows sent without a concierge`,
  );
}

/**
 * An SMS ends expired only when the cron's claim came more than SMS_MAX_AGE_MS (15 minutes) after
 * it was stored (worker/shared/outbox.ts; updated_at is the simulated minute of that claim), and
 * its code never reached the provider.
 * @param {OutboxRow[]} rows
 * @param {import("./fake-providers.mjs").ChannelRecord} sms
 */
function expiredOnlyWhenTooOld(rows, sms) {
  const expired = rows.filter((row) => row.status === "expired");
  const ages = expired.map((row) => (Date.parse(row.updated_at) - Date.parse(row.created_at)) / 60_000);
  const wrong = expired.filter(
    (row, index) => row.channel !== "sms" || (ages[index] ?? 0) <= 15 || (sms.byKey.get(row.recipient)?.deliveries ?? 0) > 0,
  ).length;
  return check(
    "an SMS expired only when its code would have been older than 15 minutes, and was never delivered",
    wrong === 0,
    `${expired.length} expired${expired.length > 0 ? ` (${Math.min(...ages).toFixed(1)} to ${Math.max(...ages).toFixed(1)} min after it was stored)` : ""}; ${wrong} otherwise`,
  );
}

/**
 * The outbox's attempt count of each row equals the calls the provider received for it.
 * @param {OutboxRow[]} rows
 * @param {import("./fake-providers.mjs").FakeProviders} fakes
 */
function attemptsTrue(rows, fakes) {
  const wrong = rows.filter((row) => {
    const calls = row.channel === "email" ? fakes.email.byKey.get(emailKey(row)) : fakes.sms.byKey.get(row.recipient);
    return row.attempts < 1 || calls?.attempts !== row.attempts;
  });
  return check(
    "outbox attempts = provider calls for every row",
    wrong.length === 0,
    `${wrong.length} rows differ; provider calls: email ${fakes.email.attempts} (${fakes.email.failures} failed), SMS ${fakes.sms.attempts} (${fakes.sms.failures} failed)`,
  );
}

/**
 * How the fake email provider tells messages apart (fake-providers.mjs).
 * @param {OutboxRow} row
 */
function emailKey(row) {
  return `${row.recipient} ${row.subject ?? ""}`;
}

/**
 * @param {string[]} a
 * @param {string[]} b
 */
function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const sortedB = [...b].sort();
  return [...a].sort().every((value, index) => value === sortedB[index]);
}

/** @param {OutboxRow[]} rows */
function statusSummary(rows) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${count} ${status}`)
    .join(", ");
}

/**
 * Rows per attempt count, per channel: { email: { "1": 1000, "2": 500, … }, sms: … }.
 * @param {OutboxRow[]} rows
 */
function attemptHistogram(rows) {
  /** @type {Record<string, Record<string, number>>} */
  const histogram = { email: {}, sms: {} };
  for (const row of rows) {
    const channel = /** @type {Record<string, number>} */ (histogram[row.channel]);
    channel[row.attempts] = (channel[row.attempts] ?? 0) + 1;
  }
  return histogram;
}

/**
 * Minutes from the request (created_at, the database's clock) to delivery (sent_at: the request's
 * own attempt, or the simulated minute of the cron run that delivered it).
 * @param {OutboxRow[]} rows
 */
function deliveryDelays(rows) {
  const minutes = rows
    .filter((row) => row.sent_at)
    .map((row) => (Date.parse(/** @type {string} */ (row.sent_at)) - Date.parse(row.created_at)) / 60_000);
  /** @param {number} limit */
  const within = (limit) => minutes.filter((value) => value <= limit).length;
  return { delivered: minutes.length, within1: within(1), within10: within(10), within60: within(60), max: Math.max(0, ...minutes) };
}
