import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * What the load runs send, the way the browser sends it: JSON with this site's Origin, from a
 * client address. Locally, wrangler dev keeps a CF-Connecting-IP header the client sets (in
 * production Cloudflare sets it from the connection), so each simulated visitor has its own
 * address from the documentation ranges (RFC 5737).
 */

/**
 * @typedef {{ endpoint: string; status: number; ms: number; error?: string }} Answer
 * @typedef {{ status: number; ms: number; json: any; error?: string }} Reply
 */

/**
 * POSTs JSON and times it; a network failure is status 0 with the error.
 * @param {string} baseUrl
 * @param {string} path
 * @param {unknown} body
 * @param {string} address the client's CF-Connecting-IP
 * @returns {Promise<Reply>}
 */
export async function postJson(baseUrl, path, body, address) {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, "CF-Connecting-IP": address },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    return { status: response.status, ms: performance.now() - started, json };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      json: null,
      error: error instanceof Error ? `${error.message} ${error.cause ?? ""}`.trim() : String(error),
    };
  }
}

/**
 * Tokens of the labelled local captcha stand-in (worker/features/executive-invitation/captcha/local-captcha.ts):
 * `local-captcha:executive_invitation:<ms>`, each used once, so no two may share a millisecond.
 * @returns {() => string}
 */
export function localCaptchaTokens() {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return `local-captcha:executive_invitation:${last}`;
  };
}

/**
 * A fresh captcha pass for every invitation (passes are single-use), then the invitation.
 * @param {string} baseUrl
 * @param {string} address
 * @param {() => string} nextToken
 * @param {number} index numbers the fields, so each request and its email are unique
 * @returns {Promise<{ verify: Reply; send: Reply | null }>}
 */
export async function sendExecutiveInvitation(baseUrl, address, nextToken, index) {
  const verify = await postJson(baseUrl, "/api/verify-recaptcha", { token: nextToken() }, address);
  if (verify.status !== 200 || !verify.json?.captchaPass) return { verify, send: null };
  const send = await postJson(
    baseUrl,
    "/api/send-executive-invitation",
    { ...invitationFields(index), captchaPass: verify.json.captchaPass },
    address,
  );
  return { verify, send };
}

/**
 * Valid fields for the form's schema (app/features/executive-invitation/invitation-request.ts); the name makes the concierge's
 * email's subject unique and the address makes the applicant's acknowledgement unique: the fake email provider tells the
 * messages apart by recipient and subject.
 * @param {number} index
 */
export function invitationFields(index) {
  const number = String(index).padStart(5, "0");
  return {
    name: `Load Guest ${number}`,
    email: `load.guest.${number}@example.com`,
    company: `Load Test Holdings ${number}`,
    invitedBy: "Marcus Hale",
    message: `Load test request ${number}: an executive invitation for two, Pearl District lounge.`,
  };
}

/**
 * Distinct fictional US numbers, NPA-555-01XX (reserved for fiction in every area code), in area
 * codes libphonenumber places in the US, leaving out the easily recognisable codes (N00 and NYY:
 * toll-free 8YY, premium 900, personal 5YY, N11), which the site refuses.
 * @param {number} count
 * @param {number} [skip] numbers to skip first, so each run gets its own
 * @returns {string[]} 10-digit national numbers
 */
export function fictionalUsNumbers(count, skip = 0) {
  /** @type {string[]} */
  const numbers = [];
  let seen = 0;
  for (let line = 0; line < 100; line++) {
    for (let areaCode = 201; areaCode <= 989; areaCode++) {
      const npa = String(areaCode);
      if (npa[1] === npa[2]) continue;
      const digits = `${npa}55501${String(line).padStart(2, "0")}`;
      const parsed = parsePhoneNumberFromString(digits, "US");
      if (!parsed || parsed.country !== "US" || !parsed.isValid()) continue;
      if (seen++ < skip) continue;
      numbers.push(digits);
      if (numbers.length === count) return numbers;
    }
  }
  throw new Error(`only ${numbers.length} fictional US numbers available`);
}

/**
 * Runs `jobs` with at most `concurrency` in flight: `concurrency` workers, each taking the next
 * job when its last one is answered (one connection each).
 * @template T
 * @param {T[]} jobs
 * @param {number} concurrency
 * @param {(job: T, worker: number) => Promise<void>} run
 */
export async function runPool(jobs, concurrency, run) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < jobs.length) {
        const job = /** @type {T} */ (jobs[next++]);
        await run(job, worker);
      }
    }),
  );
}

/**
 * Latency percentiles (nearest rank) in milliseconds.
 * @param {number[]} values
 */
export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  /** @param {number} p */
  const at = (p) =>
    sorted.length === 0 ? 0 : /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/**
 * Answers per status code, e.g. { "200": 1999, "0": 1 }.
 * @param {Reply[]} replies
 * @returns {Record<string, number>}
 */
export function statusCounts(replies) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
}
