import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { executeLocalD1 } from "../lib/d1.mjs";

/**
 * The local D1 of a load run, read with `wrangler d1 execute` (scripts/lib/d1.mjs) while the
 * server runs. The checks use this.
 * @param {string} persistTo
 * @param {string} sql one or more statements
 * @returns {any[][]} the rows of each statement
 */
export function queryRun(persistTo, sql) {
  return executeLocalD1(persistTo, sql);
}

/**
 * One read-only look into the run's D1 SQLite file, as tests/e2e/support/local-d1.ts reads the e2e
 * server's. The retry loop polls the outbox hundreds of times, and a `wrangler d1 execute`
 * process costs about 3 s each; this costs milliseconds (the file is in WAL mode, so reading
 * while the server writes is safe).
 * @param {string} persistTo
 * @param {string} sql one statement
 * @returns {any}
 */
function readOne(persistTo, sql) {
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${directory}`);
  const database = new DatabaseSync(join(directory, file), { readOnly: true, timeout: 10_000 });
  try {
    return database.prepare(sql).get();
  } finally {
    database.close();
  }
}

/**
 * @typedef {{ total: number; sent: number; pending: number; sending: number; failed: number; rejected: number; needsAttention: number; expired: number; abandoned: number; attempts: number; dueAt: number; nextAttemptAt: string | null }} OutboxState
 */

/**
 * The outbox at simulated time `now`: rows per status, attempts so far, how many the cron would
 * find due (pending or failed, next attempt reached), and the earliest next attempt. Sent,
 * rejected, expired and abandoned rows are final; needs_attention waits for a concierge
 * (docs/operators.md#deliveries-that-need-attention); the others are the cron's.
 * @param {string} persistTo
 * @param {number} now
 * @returns {OutboxState}
 */
export function outboxState(persistTo, now) {
  const iso = new Date(now).toISOString();
  const row = readOne(
    persistTo,
    `SELECT count(*) AS total,
      coalesce(sum(status = 'sent'), 0) AS sent, coalesce(sum(status = 'pending'), 0) AS pending,
      coalesce(sum(status = 'sending'), 0) AS sending, coalesce(sum(status = 'failed'), 0) AS failed,
      coalesce(sum(status = 'rejected'), 0) AS rejected, coalesce(sum(status = 'needs_attention'), 0) AS needsAttention,
      coalesce(sum(status = 'expired'), 0) AS expired, coalesce(sum(status = 'abandoned'), 0) AS abandoned,
      coalesce(sum(attempts), 0) AS attempts,
      coalesce(sum(status IN ('pending', 'failed') AND (next_attempt_at IS NULL OR next_attempt_at <= '${iso}')), 0) AS dueAt,
      min(CASE WHEN status IN ('pending', 'failed') THEN coalesce(next_attempt_at, '') END) AS nextAttemptAt
    FROM outbox`,
  );
  return { ...row, nextAttemptAt: row.nextAttemptAt || null };
}

/**
 * Waits until the requests' own first delivery attempts (the email one runs after the answer,
 * in waitUntil) are over: no row pending a first try or being sent.
 * @param {string} persistTo
 * @param {number} timeoutMs
 * @returns {Promise<OutboxState>}
 */
export async function waitForFirstAttempts(persistTo, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = outboxState(persistTo, Date.now());
    if (state.sending === 0 && state.pending === 0) return state;
    if (Date.now() > deadline) return state;
    await sleep(500);
  }
}
