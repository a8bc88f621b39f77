import { localCaptchaTokens, percentiles, postJson, runPool, sendExecutiveInvitation, statusCounts } from "./clients.mjs";

/**
 * @typedef {import("./clients.mjs").Reply} Reply
 * @typedef {{ kind: "invitation"; index: number } | { kind: "sms"; phone: string }} Job
 * @typedef {{ statuses: Record<string, number>; latency: ReturnType<typeof percentiles>; errors: string[] }} EndpointResult
 */

/**
 * `concurrency` simulated visitors (one connection and one client address each) send
 * `invitations` executive invitations (each with its own captcha pass) and SMS sends to
 * `phones.length` distinct numbers, interleaved, as fast as the server answers.
 * @param {{ url: string; invitations: number; phones: string[]; concurrency: number }} options
 */
export async function runThroughput({ url, invitations, phones, concurrency }) {
  /** @type {Job[]} */
  const jobs = [];
  for (let index = 0; index < Math.max(invitations, phones.length); index++) {
    if (index < invitations) jobs.push({ kind: "invitation", index });
    const phone = phones[index];
    if (phone) jobs.push({ kind: "sms", phone });
  }
  const nextToken = localCaptchaTokens();
  /** @type {Record<"verify" | "invitation" | "sms", Reply[]>} */
  const replies = { verify: [], invitation: [], sms: [] };
  /** @type {string[]} */
  const acceptedInvitationIds = [];
  /** @type {string[]} */
  const acceptedPhones = [];

  const started = performance.now();
  await runPool(jobs, concurrency, async (job, worker) => {
    const address = `198.51.100.${worker + 1}`;
    if (job.kind === "invitation") {
      const { verify, send } = await sendExecutiveInvitation(url, address, nextToken, job.index);
      replies.verify.push(verify);
      if (send) {
        replies.invitation.push(send);
        if (send.status >= 200 && send.status < 300 && typeof send.json?.data?.id === "string")
          acceptedInvitationIds.push(send.json.data.id);
      }
    } else {
      const reply = await postJson(url, "/api/send-sms", { phoneNumber: job.phone, type: "invitation" }, address);
      replies.sms.push(reply);
      if (reply.status >= 200 && reply.status < 300) acceptedPhones.push(job.phone);
    }
  });
  const seconds = (performance.now() - started) / 1000;

  const all = [...replies.verify, ...replies.invitation, ...replies.sms];
  return {
    concurrency,
    seconds,
    requests: all.length,
    requestsPerSecond: all.length / seconds,
    invitationsPerSecond: acceptedInvitationIds.length / seconds,
    smsPerSecond: acceptedPhones.length / seconds,
    endpoints: {
      "POST /api/verify-recaptcha": summarize(replies.verify),
      "POST /api/send-executive-invitation": summarize(replies.invitation),
      "POST /api/send-sms": summarize(replies.sms),
    },
    invitationsAttempted: invitations,
    invitationsWithoutPass: invitations - replies.invitation.length,
    smsAttempted: phones.length,
    acceptedInvitationIds,
    acceptedPhones,
    statuses: statusCounts(all),
  };
}

/**
 * @param {Reply[]} replies
 * @returns {EndpointResult}
 */
function summarize(replies) {
  const errors = replies
    .filter((reply) => reply.status === 0 || reply.status >= 500)
    .map((reply) => `${reply.status} ${reply.error ?? JSON.stringify(reply.json)}`);
  return { statuses: statusCounts(replies), latency: percentiles(replies.map((reply) => reply.ms)), errors: errors.slice(0, 5) };
}
