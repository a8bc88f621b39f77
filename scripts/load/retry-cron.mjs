import { outboxState } from "./outbox-state.mjs";

const MINUTE = 60_000;

/**
 * Runs the retry cron until no outbox row is left to it, in simulated time at the production
 * cadence: one run per minute. A row is left to it while pending, failed or being sent; it is
 * done with a row that is sent, rejected, expired (an SMS too old to send), abandoned, or that
 * needs attention (an email that failed five times waits for a concierge:
 * docs/operators.md#deliveries-that-need-attention; scripts/load/concierge-retry.mjs is that
 * part). wrangler dev never fires crons by itself; GET
 * /cdn-cgi/local/scheduled?time=<ms> fires one for that time (wrangler 4.155; /cdn-cgi/handler/
 * scheduled is an alias, and --test-scheduled only adds the old /__scheduled path), and the
 * Worker's scheduled handler retries what is due then. While rows are due the cron fires minute
 * after minute; when none are, time jumps to the minute of the earliest next attempt. The retry
 * delays and the batch size are read from the database as it goes, never assumed.
 * @param {{ url: string; persistTo: string; maxCronRuns?: number }} options
 */
export async function drainOutbox({ url, persistTo, maxCronRuns = 2000 }) {
  const started = performance.now();
  const startMinute = Math.ceil((Date.now() + 1) / MINUTE) * MINUTE;
  let minute = startMinute;
  let cronRuns = 0;
  let largestBatch = 0;
  let lastRun = startMinute;
  /** @type {string[]} */
  const cronFailures = [];
  let state = outboxState(persistTo, minute);
  while (settled(state) < state.total && cronRuns < maxCronRuns) {
    if (state.dueAt > 0) {
      // As many minutes as the observed batch size says the due rows need, then look again.
      const runs = largestBatch > 0 ? Math.min(Math.ceil(state.dueAt / largestBatch), maxCronRuns - cronRuns) : 1;
      const progressBefore = progress(state);
      for (let run = 0; run < runs; run++, minute += MINUTE) {
        const response = await fetch(`${url}/cdn-cgi/local/scheduled?time=${minute}&format=json`);
        const outcome = await response.text();
        if (!response.ok) cronFailures.push(`${new Date(minute).toISOString()}: ${response.status} ${outcome}`);
        cronRuns += 1;
        lastRun = minute;
      }
      state = outboxState(persistTo, minute);
      largestBatch = Math.max(largestBatch, Math.floor((progress(state) - progressBefore) / runs));
      if (progress(state) === progressBefore) break; // due rows the cron does not take: a finding, not a loop
    } else if (state.nextAttemptAt) {
      minute = Math.max(minute, Math.ceil(Date.parse(state.nextAttemptAt) / MINUTE) * MINUTE);
      state = outboxState(persistTo, minute);
    } else {
      break; // only rows stuck in 'sending' are left
    }
  }
  return {
    cronRuns,
    cronFailures,
    largestBatch,
    /** The simulated time of the first cron run: the first whole minute after the load. */
    firstRunAt: startMinute,
    /** From the first cron run to the last, one run per minute. */
    simulatedMinutes: (lastRun - startMinute) / MINUTE,
    realSeconds: (performance.now() - started) / 1000,
    state,
  };
}

/**
 * Rows the cron is done with: final, or waiting for a person.
 * @param {import("./outbox-state.mjs").OutboxState} state
 */
function settled(state) {
  return state.sent + state.rejected + state.expired + state.abandoned + state.needsAttention;
}

/**
 * What the cron's claims have done so far: each counts an attempt, except one that ends an SMS as
 * expired (it is never attempted).
 * @param {import("./outbox-state.mjs").OutboxState} state
 */
function progress(state) {
  return state.attempts + state.expired;
}
