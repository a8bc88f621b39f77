import { createServer } from "node:http";

/**
 * Fake delivery providers for the load runs, on one local HTTP server:
 * - Twilio Verify's "create a verification" (POST /v2/Services/<VA…>/Verifications), which the
 *   Worker's real Twilio provider calls when TWILIO_API_BASE points here;
 * - an email provider (POST /email), which the email adapter Worker forwards each send to.
 * Each fails a share of the calls (`failureRate`, a seeded draw per call: 503 with Twilio's
 * error body, or 503 for email) and records every call by message, so the checks can prove
 * each message was delivered exactly once and the outbox's attempt counts are true.
 */

/** Valid-looking settings for the Worker (worker/config.ts checks the SID formats). */
export const FAKE_TWILIO = {
  accountSid: `AC${"10ad".repeat(8)}`,
  authToken: "load-test-twilio-auth-token",
  serviceSid: `VA${"7e57".repeat(8)}`,
};

/**
 * @typedef {{ attempts: number; deliveries: number }} MessageCalls
 * @typedef {{ attempts: number; failures: number; deliveries: number; byKey: Map<string, MessageCalls> }} ChannelRecord
 * @typedef {{ url: string; emailUrl: string; twilioApiBase: string; failureRate: number; email: ChannelRecord; sms: ChannelRecord; unexpected: string[]; close: () => Promise<void> }} FakeProviders
 */

/**
 * @param {{ port: number; failureRate: number; seed: number }} options
 * @returns {Promise<FakeProviders>}
 */
export async function startFakeProviders({ port, failureRate, seed }) {
  const random = mulberry32(seed);
  const email = emptyRecord();
  const sms = emptyRecord();
  /** @type {string[]} */
  const unexpected = [];
  const verificationsPath = `/v2/Services/${FAKE_TWILIO.serviceSid}/Verifications`;
  const expectedAuthorization = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString("base64")}`;

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method === "POST" && request.url === "/email") {
      const message = JSON.parse(body);
      const failed = random() < failureRate;
      // Recipient and subject: applicants' acknowledgements share one subject.
      record(email, `${message.to} ${message.subject}`, failed);
      if (failed) return send(response, 503, { error: "load test: email provider unavailable" });
      return send(response, 200, { messageId: `load-${email.deliveries}` });
    }
    if (request.method === "POST" && request.url === verificationsPath) {
      if (request.headers.authorization !== expectedAuthorization) {
        unexpected.push("Twilio call with wrong credentials");
        return send(response, 401, { code: 20003, message: "Authenticate", status: 401 });
      }
      const form = new URLSearchParams(body);
      const failed = random() < failureRate;
      record(sms, form.get("To") ?? "", failed);
      if (failed) return send(response, 503, { code: 20503, message: "load test: Twilio unavailable", status: 503 });
      return send(response, 201, { sid: `VE${"0".repeat(32)}`, to: form.get("To"), channel: form.get("Channel"), status: "pending" });
    }
    unexpected.push(`${request.method} ${request.url}`);
    return send(response, 404, { code: 20404, message: "not found", status: 404 });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen(undefined));
  });

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    emailUrl: `${url}/email`,
    twilioApiBase: `${url}/v2`,
    failureRate,
    email,
    sms,
    unexpected,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose(undefined));
      }),
  };
}

/**
 * The totals of a channel's record at this moment.
 * @param {ChannelRecord} record
 */
export function callCounts(record) {
  return { attempts: record.attempts, failures: record.failures, deliveries: record.deliveries };
}

/** @returns {ChannelRecord} */
function emptyRecord() {
  return { attempts: 0, failures: 0, deliveries: 0, byKey: new Map() };
}

/**
 * @param {ChannelRecord} channel
 * @param {string} key
 * @param {boolean} failed
 */
function record(channel, key, failed) {
  const calls = channel.byKey.get(key) ?? { attempts: 0, deliveries: 0 };
  calls.attempts += 1;
  channel.attempts += 1;
  if (failed) channel.failures += 1;
  else {
    calls.deliveries += 1;
    channel.deliveries += 1;
  }
  channel.byKey.set(key, calls);
}

/**
 * @param {import("node:http").IncomingMessage} request
 * @returns {Promise<string>}
 */
export async function readBody(request) {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * @param {import("node:http").ServerResponse} response
 * @param {number} status
 * @param {unknown} json
 */
function send(response, status, json) {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
}

/**
 * A small seeded PRNG (mulberry32), so a run's failures are reproducible for a given call order.
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
