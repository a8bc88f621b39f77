import { unsealSecrets } from "../../worker/shared/sealed-secrets.ts";
import { queryRun } from "./outbox-state.mjs";

/**
 * What a concierge does with the emails that need attention after the retry cron has given up on
 * them (five failed attempts: docs/operators.md#deliveries-that-need-attention): signed in as the
 * local demo concierge (signInWithEmailedCode), presses 'Retry' on the console's first screen, the
 * same form post the page sends, again while the provider keeps failing. The console answers 200
 * ("Delivered") when the retry sent the message and 409 when it did not; anything else is
 * recorded as a failure.
 * @param {{ url: string; persistTo: string; session: { email: string; cookie: string }; maxRounds?: number }} options
 */
export async function retryNeedingAttention({ url, persistTo, session, maxRounds = 20 }) {
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
    const { cookie } = session;
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
  return {
    ids,
    retries,
    retriesById,
    failedAgain,
    notDelivered: waiting,
    failures,
    signedInAs: session.email,
    realSeconds: (performance.now() - started) / 1000,
  };
}

/**
 * Signs the demo concierge (scripts/members-demo-accounts.ts, seeded into the run's D1 before the
 * server starts) in as any member signs in, without a password (docs/product-rules.md#sign-in):
 * /auth's 'Email Me a Code' form, then the code from the email the site stored in the run's
 * outbox. The stored email holds the code sealed (docs/security.md#credentials-at-rest); it is
 * opened with the run's signing key, as the site's email sender opens it, whether or not the
 * (fake, sometimes failing) provider has delivered it yet. The code email is one more outbox row
 * of the run, delivered and retried like the others. The check carries the cookie the request set,
 * as the browser would: a code counts only from the browser that asked for it
 * (docs/security.md#emailed-codes). Returns the session cookie.
 * @param {{ url: string; persistTo: string; email: string; signingKey: string }} options
 */
export async function signInWithEmailedCode({ url, persistTo, email, signingKey }) {
  const asked = await post(url, "/auth", { intent: "request-code", email });
  await asked.body?.cancel();
  if (asked.status !== 200) throw new Error(`asking for the demo concierge's sign-in code answered ${asked.status}`);
  const browser = cookiePairs(asked).join("; ");
  // The email is the demo account's own constant; quoted as an SQL string all the same.
  const [rows] = /** @type {[Array<{ body: string }>]} */ (
    queryRun(
      persistTo,
      `SELECT body FROM outbox WHERE recipient = '${email.replaceAll("'", "''")}' AND subject LIKE 'Your sign-in code%' ORDER BY id DESC LIMIT 1`,
    )
  );
  /** @type {string[]} */
  const codes = [];
  if (rows[0]) await unsealSecrets(signingKey, rows[0].body, (secret) => (codes.push(secret), secret));
  if (codes.length !== 1) throw new Error(`no sign-in code in the outbox for ${email}`);
  const response = await post(url, "/auth", { intent: "check-code", email, code: String(codes[0]), redirectTo: "/concierge" }, browser);
  await response.body?.cancel();
  const cookie = cookiePairs(response).join("; ");
  if (response.status < 300 || response.status >= 400 || cookie === "")
    throw new Error(`the demo concierge's sign-in with the emailed code answered ${response.status} without a session cookie`);
  return cookie;
}

/**
 * The cookies a response sets, as `name=value` pairs, without the ones it clears (an empty value).
 * @param {Response} response
 */
function cookiePairs(response) {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));
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
