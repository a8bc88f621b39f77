import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createSoftAuthenticator } from "../../tests/integration/support/soft-authenticator.ts";
import { unsealSecrets } from "../../worker/shared/sealed-secrets.ts";
import { summarize } from "./stats.mjs";

/**
 * Sign-in's server cost (README, "Measured quality", item 4; docs/decisions/008-passwordless-sign-in.md):
 * one connection sends, one after the other, `rounds` of each sign-in step that does the work, and
 * times each request from sending it to the end of its answer:
 * - a code request: /auth's 'Email Me a Code' form post for an active member (the limits, the code
 *   row, the sealed email in the outbox, and the /auth page rendered again, as without JavaScript);
 * - a code check: /auth's 'Sign In' form post with the right code (limits, the constant-time
 *   check, the new session; a redirect);
 * - a passkey check: POST /api/passkeys/sign-in with a signed assertion (the challenge consumed,
 *   the signature verified, the counter advanced, the new session).
 * The work between them (reading the code, signing the challenge, asking for passkey options) is
 * not timed. The code is read as a member reads it: from the email the site stored in the outbox,
 * sealed, opened with the server's signing key. The passkey is a software authenticator (plain
 * WebCrypto: tests/integration/support/soft-authenticator.ts) registered once through the API.
 * A timed request includes the client's own share of the round trip on this machine (each on a
 * new local connection: a kept-alive one can be closed by workerd between two steps), so the
 * numbers are upper bounds of the server's time, as the other server costs in this report are.
 *
 * @param {{ origin: URL; persistTo: string; signingKey: string; email: string; cookie: string; rounds: number }} options
 */
export async function measureSignInCost({ origin, persistTo, signingKey, email, cookie, rounds }) {
  const site = origin.origin;
  /** @type {Record<"codeRequest" | "codeCheck" | "passkeyCheck", number[]>} */
  const times = { codeRequest: [], codeCheck: [], passkeyCheck: [] };
  /** @type {string | null} */
  let session = null;

  // One more round than measured: the first compiles the routes' code and is left out.
  for (let round = 0; round <= rounds; round += 1) {
    const { asked, checked } = await signInWithCode({ origin, persistTo, signingKey, email, cookie });
    session = sessionCookie(checked.response) ?? session;
    if (round > 0) {
      times.codeRequest.push(asked.ms);
      times.codeCheck.push(checked.ms);
    }
  }
  if (!session) throw new Error("the code checks started no session");

  const authenticator = await createSoftAuthenticator({ origin: site, rpId: origin.hostname });
  const registrationOptions = json(
    await jsonPost(site, "/api/passkeys/registration/options", {}, `${cookie}; ${session}`),
    "passkey registration options",
  );
  const registered = await jsonPost(
    site,
    "/api/passkeys/registration",
    { response: await authenticator.register(registrationOptions) },
    `${cookie}; ${session}`,
  );
  json(registered, "passkey registration");

  for (let round = 0; round <= rounds; round += 1) {
    const options = json(await jsonPost(site, "/api/passkeys/sign-in/options", {}, cookie), "passkey sign-in options");
    const assertion = await authenticator.authenticate(options);
    const checked = await timed(() => jsonPost(site, "/api/passkeys/sign-in", { response: assertion }, cookie));
    expectStatus(checked.response, [200], "passkey check");
    if (round > 0) times.passkeyCheck.push(checked.ms);
  }

  return {
    codeRequest: summarize(times.codeRequest),
    codeCheck: summarize(times.codeCheck),
    passkeyCheck: summarize(times.passkeyCheck),
  };
}

/**
 * One sign-in with an emailed code, as a browser without JavaScript makes it: 'Email Me a Code',
 * the code read from the sealed email in the outbox, 'Sign In'. Each of the two requests is timed.
 * @param {{ origin: URL; persistTo: string; signingKey: string; email: string; cookie: string }} options
 */
async function signInWithCode({ origin, persistTo, signingKey, email, cookie }) {
  const site = origin.origin;
  const asked = await timed(() => formPost(site, "/auth", { intent: "request-code", email }, cookie));
  expectStatus(asked.response, [200], "code request");
  const code = await latestSignInCode(persistTo, email, signingKey);
  // The check comes from the browser that asked: it carries the code's cookie (docs/security.md#emailed-codes).
  const browser = codeBrowserCookie(asked.response);
  const checked = await timed(() =>
    formPost(site, "/auth", { intent: "check-code", email, code, redirectTo: "/members" }, `${cookie}; ${browser}`),
  );
  expectStatus(checked.response, [302, 303], "code check");
  return { asked, checked };
}

/**
 * The cookies of a signed-in browser (`cookie` and the new session) for the bench's signed-in
 * pages; with `acceptRules`, the member also accepts the club rules their rules step shows (the
 * version in its form), as a member does before any member page shows (docs/product-rules.md#member-area).
 * @param {{ origin: URL; persistTo: string; signingKey: string; email: string; cookie: string; acceptRules?: boolean }} options
 */
export async function signedInCookie({ acceptRules = false, ...options }) {
  const { checked } = await signInWithCode(options);
  const session = sessionCookie(checked.response);
  if (!session) throw new Error(`the code check started no session for ${options.email}`);
  const cookie = `${options.cookie}; ${session}`;
  if (acceptRules) {
    const rulesStep = await (await fetch(new URL("/members", options.origin), { headers: { Cookie: cookie } })).text();
    const rulesVersion = rulesStep.match(/name="rulesVersion" value="([^"]+)"/)?.[1];
    if (!rulesVersion) throw new Error("/members showed no club rules step");
    const accepted = await formPost(options.origin.origin, "/members/accept-rules", { rulesVersion, redirectTo: "/members" }, cookie);
    expectStatus(accepted, [303], "accepting the club rules");
  }
  return cookie;
}

/**
 * @typedef {{ status: number; setCookies: string[]; body: string }} Answer
 */

/**
 * A request and its whole answer, timed.
 * @param {() => Promise<Answer>} send
 */
async function timed(send) {
  const started = performance.now();
  const response = await send();
  return { response, ms: performance.now() - started };
}

/**
 * @param {Answer} response
 * @param {number[]} expected
 * @param {string} what
 */
function expectStatus(response, expected, what) {
  if (!expected.includes(response.status)) throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
}

/**
 * A form post as a browser without JavaScript sends it: same Origin, no redirects followed.
 * @param {string} site @param {string} path @param {Record<string, string>} fields @param {string} cookie
 */
function formPost(site, path, fields, cookie) {
  return post(
    `${site}${path}`,
    { Origin: site, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    String(new URLSearchParams(fields)),
  );
}

/**
 * A JSON post as the passkey code in the browser sends it.
 * @param {string} site @param {string} path @param {unknown} body @param {string} cookie
 */
function jsonPost(site, path, body, cookie) {
  return post(`${site}${path}`, { Origin: site, "Content-Type": "application/json", Cookie: cookie }, JSON.stringify(body));
}

/**
 * One POST on a connection of its own, read to the end.
 * @param {string} url @param {Record<string, string>} headers @param {string} body
 * @returns {Promise<Answer>}
 */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: "POST", agent: false, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookies: response.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/**
 * @param {Answer} response @param {string} what
 * @returns {any}
 */
function json(response, what) {
  if (response.status < 200 || response.status >= 300)
    throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body);
}

/** The session cookie a sign-in set (`name=value`), if any. @param {Answer} response */
function sessionCookie(response) {
  return (
    response.setCookies.map((header) => header.split(";")[0] ?? "").find((pair) => /^(__Host-)?ember_session=[A-Za-z0-9_-]+$/.test(pair)) ??
    null
  );
}

/** The code's browser cookie (`name=value`) a code request set. @param {Answer} response */
function codeBrowserCookie(response) {
  const pair = response.setCookies
    .map((header) => header.split(";")[0] ?? "")
    .find((each) => /^(__Host-)?ember_code_browser=[A-Za-z0-9_-]+$/.test(each));
  if (!pair) throw new Error("the code request set no code cookie");
  return pair;
}

/**
 * The code in the newest sign-in email to `email`, opened from the run's D1 (read-only; the file is
 * in WAL mode, so reading while the server writes is safe) with the server's signing key.
 * @param {string} persistTo @param {string} email @param {string} signingKey
 */
async function latestSignInCode(persistTo, email, signingKey) {
  const directory = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(directory).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${directory}`);
  const database = new DatabaseSync(join(directory, file), { readOnly: true, timeout: 10_000 });
  let row;
  try {
    row = /** @type {{ body: string } | undefined} */ (
      database
        .prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE 'Your sign-in code%' ORDER BY id DESC LIMIT 1")
        .get(email)
    );
  } finally {
    database.close();
  }
  /** @type {string[]} */
  const codes = [];
  if (row) await unsealSecrets(signingKey, row.body, (secret) => (codes.push(secret), secret));
  if (codes.length !== 1) throw new Error(`no sign-in code in the outbox for ${email}`);
  return /** @type {string} */ (codes[0]);
}
