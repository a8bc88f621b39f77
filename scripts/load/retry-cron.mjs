import { outboxState } from "./outbox-state.mjs";

const MINUTE = 60_000;

/**
 * Runs the retry cron until every outbox row is sent, in simulated time at the production
 * cadence: one run per minute. wrangler dev never fires crons by itself; GET
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
  while (state.sent + state.rejected < state.total && cronRuns < maxCronRuns) {
    if (state.dueAt > 0) {
      // As many minutes as the observed batch size says the due rows need, then look again.
      const runs = largestBatch > 0 ? Math.min(Math.ceil(state.dueAt / largestBatch), maxCronRuns - cronRuns) : 1;
      const attemptsBefore = state.attempts;
      for (let run = 0; run < runs; run++, minute += MINUTE) {
        const response = await fetch(`${url}/cdn-cgi/local/scheduled?time=${minute}&format=json`);
        const outcome = await response.text();
        if (!response.ok) cronFailures.push(`${new Date(minute).toISOString()}: ${response.status} ${outcome}`);
        cronRuns += 1;
        lastRun = minute;
      }
      state = outboxState(persistTo, minute);
      largestBatch = Math.max(largestBatch, Math.floor((state.attempts - attemptsBefore) / runs));
      if (state.attempts === attemptsBefore) break; // due rows the cron does not take: a finding, not a loop
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
    /** From the first cron run to the last, one run per minute. */
    simulatedMinutes: (lastRun - startMinute) / MINUTE,
    realSeconds: (performance.now() - started) / 1000,
    state,
  };
}
