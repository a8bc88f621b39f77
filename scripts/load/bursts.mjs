import { invitationFields, localCaptchaTokens, postJson, statusCounts } from "./clients.mjs";

/**
 * @typedef {{ endpoint: string; limit: string; strict: boolean; trials: Array<{ address: string; allowed: number; statuses: Record<string, number> }> }} BurstResult
 */

/**
 * `size` simultaneous submissions from one client address, against the real limits
 * (FORM_RATE_LIMIT_MULTIPLIER 1), for each limited endpoint: how many got through. Each trial
 * uses a new address, so it starts from an empty window. Invitation trials need a captcha pass
 * per request; those come from other addresses first (5 each, within their own limit of 10).
 * @param {{ url: string; size: number; trials: number; phones: string[] }} options
 */
export async function runBursts({ url, size, trials, phones }) {
  const nextToken = localCaptchaTokens();
  let unusedPhone = 0;
  /** @type {BurstResult} */
  const invitation = { endpoint: "POST /api/send-executive-invitation", limit: "5 per address per 15 min (KV)", strict: false, trials: [] };
  /** @type {BurstResult} */
  const verify = { endpoint: "POST /api/verify-recaptcha", limit: "10 per address per 15 min (KV)", strict: false, trials: [] };
  /** @type {BurstResult} */
  const sms = { endpoint: "POST /api/send-sms", limit: "5 per address per 15 min (strict, D1)", strict: true, trials: [] };

  for (let trial = 0; trial < trials; trial++) {
    /** @type {string[]} */
    const passes = [];
    for (let helper = 0; passes.length < size; helper++) {
      const reply = await postJson(
        url,
        "/api/verify-recaptcha",
        { token: nextToken() },
        `192.0.2.${100 + trial * 10 + Math.floor(helper / 5)}`,
      );
      if (reply.status !== 200 || !reply.json?.captchaPass)
        throw new Error(`could not get a captcha pass for the burst: ${reply.status} ${JSON.stringify(reply.json)}`);
      passes.push(reply.json.captchaPass);
    }
    const invitationAddress = `203.0.113.${10 + trial}`;
    await burst(invitation, invitationAddress, () =>
      passes.map((captchaPass, index) =>
        postJson(
          url,
          "/api/send-executive-invitation",
          { ...invitationFields(90_000 + trial * 100 + index), captchaPass },
          invitationAddress,
        ),
      ),
    );

    const tokens = Array.from({ length: size }, () => nextToken());
    const verifyAddress = `203.0.113.${30 + trial}`;
    await burst(verify, verifyAddress, () => tokens.map((token) => postJson(url, "/api/verify-recaptcha", { token }, verifyAddress)));

    const numbers = phones.slice(unusedPhone, (unusedPhone += size));
    const smsAddress = `203.0.113.${50 + trial}`;
    await burst(sms, smsAddress, () =>
      numbers.map((phoneNumber) => postJson(url, "/api/send-sms", { phoneNumber, type: "invitation" }, smsAddress)),
    );
  }
  return [invitation, verify, sms];
}

/**
 * Starts every request of one burst before awaiting any of them.
 * @param {BurstResult} result
 * @param {string} address
 * @param {() => Promise<import("./clients.mjs").Reply>[]} start
 */
async function burst(result, address, start) {
  const replies = await Promise.all(start());
  result.trials.push({
    address,
    allowed: replies.filter((reply) => reply.status >= 200 && reply.status < 300).length,
    statuses: statusCounts(replies),
  });
}
