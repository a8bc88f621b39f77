import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkSignInCode, requestSignInCode } from "#worker/features/sign-in/email-codes.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";
import { clearSmsTables, sendSms, sendSmsBody, verifySms } from "#tests/integration/support/sms-requests.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

/**
 * The limits as an attacker meets them (docs/security.md#rate-limits and #logging): a flood from
 * one network writes a bounded number of security events, a block of IPv6 /64s shares one /48
 * budget, and the counters in KV and D1 never hold the address, phone number or email they count.
 */
const origin = "http://example.com";

async function post(path: string, body: unknown, address: string, headers: Record<string, string> = {}): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": address, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

const sendInvitation = async (address: string) =>
  post("/api/send-executive-invitation", { ...validInvitation, captchaPass: await goodCaptchaPass() }, address);

interface EventRow {
  event_type: string;
  severity: string;
  metadata: string;
}
const events = async (type: string) =>
  (
    await env.DB.prepare("SELECT event_type, severity, metadata FROM security_events WHERE event_type = ? ORDER BY id")
      .bind(type)
      .all<EventRow>()
  ).results;

/** Sixteen-bit groups of one /48 in the documentation range, a fresh one per call. */
let blocks = 0;
function freshBlock48(): string {
  blocks += 1;
  return `2001:db8:${(0xf000 + blocks + Math.floor(Math.random() * 0x0f00)).toString(16)}`;
}

beforeEach(async () => {
  await clearSmsTables();
  await env.DB.batch([env.DB.prepare("DELETE FROM invitation_requests"), env.DB.prepare("DELETE FROM outbox")]);
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("a flood from one network writes a bounded number of security events", () => {
  it("twelve refused invitation requests (KV limit) write one excess_rate_limit_exceeded row", async () => {
    const address = uniqueClientAddress();
    for (let request = 0; request < 5; request++) expect((await sendInvitation(address)).status).toBe(200);
    for (let request = 0; request < 12; request++) expect((await sendInvitation(address)).status).toBe(429);
    expect((await events("excess_rate_limit_exceeded")).map((row) => [row.event_type, row.severity])).toEqual([
      ["excess_rate_limit_exceeded", "medium"],
    ]);
  });

  it("twelve refused SMS sends (strict D1 limit) write one excess_rate_limit_exceeded row", async () => {
    const address = uniqueClientAddress();
    for (let index = 0; index < 5; index++) expect((await sendSms(`50355501${50 + index}`, { clientAddress: address })).status).toBe(200);
    for (let index = 0; index < 12; index++) expect((await sendSms(`50355501${60 + index}`, { clientAddress: address })).status).toBe(429);
    expect(await events("excess_rate_limit_exceeded")).toHaveLength(1);
  });

  it("thirty malformed SMS requests write at most ten input_validation_fail rows, the last saying later ones are not logged", async () => {
    const address = uniqueClientAddress();
    for (let index = 0; index < 30; index++)
      expect((await sendSmsBody({ phoneNumber: "12", type: "invitation" }, { clientAddress: address })).status).toBe(400);
    const rows = await events("input_validation_fail");
    expect(rows).toHaveLength(10);
    expect(JSON.parse(rows.at(-1)!.metadata).details).toEqual({ laterEventsNotLoggedUntil: expect.stringMatching(/Z$/) });
    expect(JSON.parse(rows[0]!.metadata).details).toEqual({});
  });

  it("thirty browser reports from one network write at most ten rows, though the endpoint takes twenty", async () => {
    const address = uniqueClientAddress();
    for (let index = 0; index < 30; index++) await post("/api/security-events", { type: "captcha_unavailable" }, address);
    expect(await events("client_reported_error")).toHaveLength(10);
  });
});

describe("an IPv6 /48 shares one budget, several times a /64's", () => {
  it("SMS sends: twenty from twenty /64s of one /48 pass, the twenty-first /64 is refused", async () => {
    const block = freshBlock48();
    for (let index = 0; index < 20; index++)
      expect((await sendSms(`503555${String(1000 + index)}`, { clientAddress: `${block}:${index.toString(16)}::1` })).status).toBe(200);
    const refused = await sendSms("5035552000", { clientAddress: `${block}:ff::1` });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, error: "Too many requests. Please try again later." });
    // Another /48 is not affected.
    expect((await sendSms("5035552001", { clientAddress: `${freshBlock48()}:1::1` })).status).toBe(200);
  });

  it("captcha verifications (KV): forty from one /48 pass the limit, the forty-first is refused", async () => {
    const block = freshBlock48();
    for (let index = 0; index < 40; index++)
      expect((await post("/api/verify-recaptcha", {}, `${block}:${(index % 8).toString(16)}::1`)).status).toBe(400);
    expect((await post("/api/verify-recaptcha", {}, `${block}:99::1`)).status).toBe(429);
  });
});

describe("limit counters hold keyed hashes only", () => {
  it("after sign-in, SMS, invitation, captcha, age gate and report requests, no KV key or strict_counters row names the address, phone or email", async () => {
    const address = "2001:db8:abcd:1234::5";
    const ipv4 = "198.51.100.73";
    await sendSms("5035550199", { clientAddress: address });
    await verifySms("5035550199", "123456", { clientAddress: address });
    await sendInvitation(ipv4);
    await post("/api/verify-recaptcha", {}, address);
    await post("/api/security-events", { type: "captcha_unavailable" }, ipv4);
    const ageGate = createExecutionContext();
    await worker.fetch(
      new Request(`${origin}/api/age-gate`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ipv4 },
        body: "answer=yes",
      }),
      env,
      ageGate,
    );
    await waitOnExecutionContext(ageGate);
    const signIn = createExecutionContext();
    const signInContext = createRequestContext(
      env,
      signIn,
      new Request(`${origin}/auth`, { method: "POST", headers: { "CF-Connecting-IP": address } }),
    );
    const asked = await requestSignInCode(signInContext, { email: "Someone.Private@Example.com" });
    // The check comes from the browser that asked (its code cookie), so a wrong code is counted too.
    const browserCookie = asked.status === "sent" ? asked.setCookie.split(";")[0]! : "";
    const checkContext = createRequestContext(
      env,
      signIn,
      new Request(`${origin}/auth`, { method: "POST", headers: { "CF-Connecting-IP": address, Cookie: browserCookie } }),
    );
    await checkSignInCode(checkContext, { email: "Someone.Private@Example.com", code: "000000" });
    await checkSignInCode(checkContext, { email: "Someone.Private@Example.com", code: "000001" });
    await waitOnExecutionContext(signIn);

    const kvKeys = (await env.RATE_LIMITS.list()).keys.map((key) => key.name);
    const counterKeys = (await env.DB.prepare("SELECT key FROM strict_counters").all<{ key: string }>()).results.map((row) => row.key);
    expect(kvKeys.length).toBeGreaterThan(0);
    expect(counterKeys.length).toBeGreaterThan(0);
    const stored = [...kvKeys, ...counterKeys].join("\n").toLowerCase();
    for (const raw of ["2001:db8", "2001:0db8", "abcd:1234", ipv4, "5035550199", "someone.private", "example.com"])
      expect(stored).not.toContain(raw);
  });
});
