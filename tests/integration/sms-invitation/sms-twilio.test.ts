import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryOutboxDeliveries } from "#worker/features/operations/scheduled.ts";
import { TWILIO_FAKE_CODE, TWILIO_TEST_SETTINGS, fakeTwilioVerify, twilioError } from "#tests/fakes/twilio-verify.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { clearSmsTables, count, sendSms, verifySms } from "#tests/integration/support/sms-requests.ts";

/** The endpoints with Twilio Verify configured, against a fake of its REST API. */
let clientAddress = "";
const twilio = () => ({ clientAddress, bindings: TWILIO_TEST_SETTINGS });
const twilioEnv = () => ({ ...env, ...TWILIO_TEST_SETTINGS }) as unknown as Env;

beforeEach(async () => {
  clientAddress = uniqueClientAddress();
  await clearSmsTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("send-sms through Twilio Verify", () => {
  it("asks Twilio for an SMS verification to the +1 E.164 number, with Basic auth", async () => {
    const calls = fakeTwilioVerify();
    const response = await sendSms("5035550142", twilio());
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      {
        path: "Verifications",
        form: { To: "+15035550142", Channel: "sms" },
        authorization: `Basic ${btoa(`${TWILIO_TEST_SETTINGS.TWILIO_ACCOUNT_SID}:${TWILIO_TEST_SETTINGS.TWILIO_AUTH_TOKEN}`)}`,
      },
    ]);
    const message = await env.DB.prepare("SELECT status, body FROM outbox").first<Record<string, string>>();
    expect(message!.status).toBe("sent");
    expect(message!.body).not.toMatch(/\d{6}/);
  });

  it.each([
    [60200, "Invalid parameter `To`"],
    [60205, "SMS is not supported by landline phone number"],
    [60410, "Verification delivery attempt blocked"],
    [60203, "Max send attempts reached"],
  ])("answers Twilio's refusal %i with 'success: false', marks the opt-in rejected and never retries", async (code, message) => {
    const calls = fakeTwilioVerify(() => twilioError(code === 60203 ? 429 : 400, code, message));
    const response = await sendSms("5035550142", twilio());
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, error: "We could not send a code to this number." });
    expect(await env.DB.prepare("SELECT status FROM sms_opt_ins").first()).toEqual({ status: "rejected" });
    expect(await env.DB.prepare("SELECT status, last_error FROM outbox").first()).toEqual({
      status: "rejected",
      last_error: expect.stringContaining(String(code)),
    });

    await retryOutboxDeliveries(twilioEnv(), Date.now() + 3_600_000);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ["a 503", () => twilioError(503, 20503, "Service unavailable")],
    ["a network failure", () => new TypeError("fetch failed")],
  ])("keeps the request after %s, answers success, and the cron delivers it exactly once", async (_case, failure) => {
    let failing = true;
    const calls = fakeTwilioVerify(() => (failing ? failure() : undefined));
    const response = await sendSms("5035550142", twilio());
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox").first()).toEqual({ status: "failed", attempts: 1 });
    expect(await count("sms_opt_ins")).toBe(1);

    failing = false;
    const later = Date.now() + 61_000;
    await retryOutboxDeliveries(twilioEnv(), later);
    await retryOutboxDeliveries(twilioEnv(), later + 61_000);
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox").first()).toEqual({ status: "sent", attempts: 2 });
    expect(calls.filter((call) => call.path === "Verifications")).toHaveLength(2);
  });

  it("makes at most 3 provider calls for 10 concurrent sends to one number", async () => {
    const calls = fakeTwilioVerify();
    await Promise.all(
      Array.from({ length: 10 }, () => sendSms("5035550142", { clientAddress: uniqueClientAddress(), bindings: TWILIO_TEST_SETTINGS })),
    );
    expect(calls.length).toBeLessThanOrEqual(3);
    expect(calls.length).toBeGreaterThan(0);
  });

  it("makes no provider call for a number outside the US", async () => {
    const calls = fakeTwilioVerify();
    expect((await sendSms("6045550100", twilio())).status).toBe(400);
    expect(calls).toEqual([]);
  });
});

describe("verify-sms through Twilio Verify", () => {
  it("approves Twilio's code and sets the cookie", async () => {
    const calls = fakeTwilioVerify();
    await sendSms("5035550142", twilio());
    const response = await verifySms("5035550142", TWILIO_FAKE_CODE, twilio());
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^ember_sms_verified=/);
    expect(calls.at(-1)).toMatchObject({ path: "VerificationCheck", form: { To: "+15035550142", Code: TWILIO_FAKE_CODE } });
  });

  it.each([
    ["a wrong code (status pending)", undefined, "111111", 400],
    ["no pending verification (404)", () => twilioError(404, 20404, "not found"), TWILIO_FAKE_CODE, 400],
    ["max check attempts (60202)", () => twilioError(429, 60202, "Max check attempts reached"), TWILIO_FAKE_CODE, 429],
  ] as const)("maps %s", async (_case, answer, code, status) => {
    fakeTwilioVerify((call) => (call.path === "VerificationCheck" && answer ? answer() : undefined));
    await sendSms("5035550142", twilio());
    const response = await verifySms("5035550142", code, twilio());
    expect(response.status).toBe(status);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers 502 when Twilio cannot check, so the page shows 'Verification Error'", async () => {
    fakeTwilioVerify((call) => (call.path === "VerificationCheck" ? twilioError(500, 20500, "Internal error") : undefined));
    await sendSms("5035550142", twilio());
    const response = await verifySms("5035550142", TWILIO_FAKE_CODE, twilio());
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, message: "Verification is unavailable right now." });
  });
});
