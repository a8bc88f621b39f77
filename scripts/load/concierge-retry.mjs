import { queryRun } from "./outbox-state.mjs";

/**
 * What a concierge does with the emails that need attention after the retry cron has given up on
 * them (five failed attempts: docs/operators.md#deliveries-that-need-attention): signs in with the
 * local demo concierge (scripts/members-demo-accounts.ts, seeded into the run's D1 before the
 * server starts) and presses 'Retry' on the console's first screen, the same form post the page
 * sends, again while the provider keeps failing. The console answers 200 ("Delivered") when the
 * retry sent the message and 409 when it did not; anything else is recorded as a failure.
 * @param {{ url: string; persistTo: string; email: string; password: string; maxRounds?: number }} options
 */
export async function retryNeedingAttention({ url, persistTo, email, password, maxRounds = 20 }) {
  const started = performance.now();
  const [rows] = /** @type {[Array<{ id: number }>]} */ (
    queryRun(persistTo, "SELECT id FROM outbox WHERE status = 'needs_attention' ORDER BY id")
  );
  const ids = rows.map((row) => row.id);
  /** @type {string[]} */
  const failures = [];
  /** @type {Map<number, number>} */
  const retriesById = new Map();
  let retries = 0;
  let failedAgain = 0;
  let waiting = ids;
  if (ids.length > 0) {
    const cookie = await signIn(url, email, password);
    for (let round = 0; round < maxRounds && waiting.length > 0; round++) {
      /** @type {number[]} */
      const stillWaiting = [];
      for (const id of waiting) {
        const response = await post(url, "/concierge", { intent: "retry", outboxId: String(id) }, cookie);
        await response.body?.cancel();
        retries += 1;
        retriesById.set(id, (retriesById.get(id) ?? 0) + 1);
        if (response.status === 409) {
          failedAgain += 1;
          stillWaiting.push(id);
        } else if (response.status !== 200) failures.push(`outbox ${id}: console answered ${response.status}`);
      }
      waiting = stillWaiting;
    }
  }
  return { ids, retries, retriesById, failedAgain, notDelivered: waiting, failures, realSeconds: (performance.now() - started) / 1000 };
}

/**
 * The sign-in form's post; its redirect carries the session cookie.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 */
async function signIn(url, email, password) {
  const response = await post(url, "/auth", { email, password, redirectTo: "/concierge" });
  await response.body?.cancel();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (response.status < 300 || response.status >= 400 || cookie === "")
    throw new Error(`the demo concierge's sign-in answered ${response.status} without a session cookie`);
  return cookie;
}

/**
 * A form post as the browser sends it: same Origin (worker/http/same-origin.ts), no redirects followed.
 * @param {string} url
 * @param {string} path
 * @param {Record<string, string>} fields
 * @param {string} [cookie]
 */
function post(url, path, fields, cookie) {
  /** @type {Record<string, string>} */
  const headers = { Origin: url, "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return fetch(`${url}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}
