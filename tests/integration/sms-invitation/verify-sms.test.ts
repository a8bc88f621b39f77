import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSmsVerifiedCookie } from "#worker/features/sms-invitation/sms-verified-cookie.ts";
import { localSmsProvider } from "#worker/features/sms-invitation/local-sms.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { clearSmsTables, codeFromOutbox, sendSms, verifySms } from "#tests/integration/support/sms-requests.ts";

/** POST /api/verify-sms with the labelled local stand-in. */
const signingKey = "test-signing-key-with-at-least-32-characters";
const wrongCode = { success: false, message: "That's not the right code. Check your messages." };
let clientAddress = "";

beforeEach(async () => {
  clientAddress = uniqueClientAddress();
  await clearSmsTables();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function codeSentTo(phone: string): Promise<string> {
  expect((await sendSms(phone, { clientAddress })).status).toBe(200);
  return codeFromOutbox(`+1${phone}`);
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /api/verify-sms (local stand-in)", () => {
  it("accepts the code once, sets the signed HttpOnly cookie naming the verified opt-in, and refuses it the second time", async () => {
    const code = await codeSentTo("5035550142");
    const verified = await verifySms("5035550142", ` ${code} `, { clientAddress });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ success: true, message: "Welcome to the Inner Circle!" });
    const cookie = verified.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^ember_sms_verified=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookieValue = cookie.split(";")[0]!;
    const optIn = await env.DB.prepare("SELECT id, verified_at FROM sms_opt_ins").first<{ id: number; verified_at: string | null }>();
    expect(optIn!.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const payload = await readSmsVerifiedCookie(
      new Request("http://example.com/", { headers: { Cookie: cookieValue } }),
      "development",
      signingKey,
    );
    expect(payload).toEqual({ verifiedAt: expect.any(Number), optInId: optIn!.id });
    expect(
      await readSmsVerifiedCookie(
        new Request("http://example.com/", { headers: { Cookie: `${cookieValue}x` } }),
        "development",
        signingKey,
      ),
    ).toBeNull();
    // Signed, not secret: so nothing in it may name the number or the code.
    // The cookie's value is URL-encoded (base64's padding '=' becomes %3D).
    const readable = atob(decodeURIComponent(cookieValue.slice(cookieValue.indexOf("=") + 1)).split(".")[0]!);
    expect(Object.keys(JSON.parse(readable)).sort()).toEqual(["optInId", "verifiedAt"]);
    expect(readable).not.toContain("5035550142");
    expect(readable).not.toContain(code);

    const replay = await verifySms("5035550142", code, { clientAddress });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual(wrongCode);
  });

  it("answers a wrong code and an unknown number alike", async () => {
    const code = await codeSentTo("5035550142");
    const wrong = await verifySms("5035550142", otherCode(code), { clientAddress });
    const unknown = await verifySms("5035550199", code, { clientAddress });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(await wrong.json()).toEqual(wrongCode);
    expect(await unknown.json()).toEqual(wrongCode);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses the 6th check after 5 wrong ones, even with the right code", async () => {
    const code = await codeSentTo("5035550142");
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await verifySms("5035550142", otherCode(code), { clientAddress })).status).toBe(400);
    const sixth = await verifySms("5035550142", code, { clientAddress });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ success: false, message: "Too many attempts. Please wait 10 minutes, then request a new code." });
    expect(sixth.headers.get("Set-Cookie")).toBeNull();
  });

  it("counts checks of unknown numbers the same way, so the limit reveals nothing", async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await verifySms("5035550198", "123456", { clientAddress })).status).toBe(400);
    expect((await verifySms("5035550198", "123456", { clientAddress })).status).toBe(429);
  });

  it("lets exactly one of 10 concurrent checks of the right code succeed", async () => {
    const code = await codeSentTo("5035550142");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verifySms("5035550142", code, { clientAddress: uniqueClientAddress() })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it("honours only the newest code after a resend", async () => {
    const first = await codeSentTo("5035550142");
    const second = await codeSentTo("5035550142");
    if (first !== second) expect((await verifySms("5035550142", first, { clientAddress })).status).toBe(400);
    expect((await verifySms("5035550142", second, { clientAddress })).status).toBe(200);
  });

  it.each([
    ["a 5-digit code", "5035550142", "12345"],
    ["letters", "5035550142", "12a456"],
    ["an empty code", "5035550142", "   "],
    ["a Canadian number", "4165550123", "123456"],
  ])("refuses %s with 400", async (_case, phone, code) => {
    const response = await verifySms(phone, code, { clientAddress });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: "Enter the 6-digit code from your SMS." });
  });

  it("never answers random bodies with a 5xx", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (phoneNumber, code) => {
        const response = await verifySms(phoneNumber, code, { clientAddress: uniqueClientAddress() });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe("the local stand-in's codes", () => {
  const phone = { national: "5035550142", e164: "+15035550142" };

  it("expire after 10 minutes", async () => {
    const provider = localSmsProvider(env, signingKey);
    const now = Date.now();
    const code = (await provider.prepareCode(phone, now)).body.match(/\d{6}/)![0];
    expect(await provider.checkCode(phone, code, now + 10 * 60_000)).toBe("wrong");
    expect(await provider.checkCode(phone, code, now + 10 * 60_000 - 1)).toBe("approved");
  });

  it("are stored only as a keyed hash, under a key that does not name the number", async () => {
    const provider = localSmsProvider(env, signingKey);
    const code = (await provider.prepareCode(phone)).body.match(/\d{6}/)![0];
    const keys = (await env.RATE_LIMITS.list({ prefix: "sms-code:" })).keys.map((key) => key.name);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^sms-code:[0-9a-f]{64}$/);
      const stored = await env.RATE_LIMITS.get(key);
      expect(stored).not.toContain(code);
      expect(JSON.parse(stored!).hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("refuse to run in production", () => {
    expect(() => localSmsProvider({ ...env, ENVIRONMENT: "production" }, signingKey)).toThrow(/refuses to run in production/);
  });
});
