import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSiteverify, goodSiteverifyAnswer } from "#tests/fakes/siteverify.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

const origin = "http://example.com";
let clientIp = "";

function verify(body: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch(`${origin}/api/verify-recaptcha`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": clientIp, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

beforeEach(() => {
  clientIp = uniqueClientAddress();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/verify-recaptcha", () => {
  it("passes a good token and hands out a captcha pass, sending the secret and client address to Google", async () => {
    const siteverify = fakeSiteverify();
    const response = await verify({ token: "good-token" });
    const body = (await response.json()) as { success: boolean; score: number; captchaPass?: string };
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ success: true, score: 0.9 });
    expect(body.captchaPass).toMatch(/^[A-Za-z0-9+/=]+\.[0-9a-f]{64}$/);
    const sent = new URLSearchParams(String(siteverify.mock.calls.find(([input]) => String(input).includes("siteverify"))?.[1]?.body));
    expect(sent.get("secret")).toBe("test-recaptcha-secret");
    expect(sent.get("response")).toBe("good-token");
    expect(sent.get("remoteip")).toBe(clientIp);
  });

  it.each([
    ["a low score", goodSiteverifyAnswer({ score: 0.3 })],
    ["the wrong action", goodSiteverifyAnswer({ action: "login" })],
    ["the wrong hostname", goodSiteverifyAnswer({ hostname: "evil.example" })],
    ["a stale token", goodSiteverifyAnswer({ challenge_ts: new Date(Date.now() - 121_000).toISOString() })],
    ["Google's refusal", { success: false, "error-codes": ["timeout-or-duplicate"] }],
    ["an answer without a score (not a v3 key)", { ...goodSiteverifyAnswer(), score: undefined }],
  ])("fails on %s, without a pass", async (_case, answer) => {
    fakeSiteverify(answer);
    const body = (await (await verify({ token: "token" })).json()) as Record<string, unknown>;
    expect(body.success).toBe(false);
    expect(body.error).toBe("Security verification failed");
    expect(body.captchaPass).toBeUndefined();
  });

  it.each([
    ["Google is down (503)", new Response("unavailable", { status: 503 })],
    ["Google answers HTML", new Response("<html>", { status: 200, headers: { "Content-Type": "text/html" } })],
    ["the network fails", new Error("connect ECONNREFUSED")],
  ])("fails closed when %s", async (_case, answer) => {
    fakeSiteverify(answer);
    const body = (await (await verify({ token: "token" })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, error: "Security verification failed" });
    expect(body.captchaPass).toBeUndefined();
  });

  it("never trusts a score the browser sends", async () => {
    fakeSiteverify(goodSiteverifyAnswer({ score: 0.2 }));
    const body = (await (await verify({ token: "token", score: 1 })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, score: 0.2 });
  });

  it("answers 400 without a token and 415 for anything but JSON", async () => {
    fakeSiteverify();
    expect((await verify({})).status).toBe(400);
    expect((await verify("token=x", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
  });

  it("limits verifications per client address before calling Google, with Retry-After", async () => {
    const siteverify = fakeSiteverify();
    for (let attempt = 0; attempt < 10; attempt++) expect((await verify({ token: `t${attempt}` })).status).toBe(200);
    const calls = siteverify.mock.calls.length;
    const limited = await verify({ token: "one-too-many" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: "Too many submissions. Please try again later." });
    expect(siteverify.mock.calls.length).toBe(calls);
  });

  it("logs a failed check as a security event with a hashed address, never the raw one", async () => {
    fakeSiteverify(goodSiteverifyAnswer({ score: 0.1 }));
    await verify({ token: "token" });
    await vi.waitFor(async () => {
      const row = await env.DB.prepare("SELECT * FROM security_events WHERE event_type = 'authn_captcha_fail' ORDER BY id DESC").first<
        Record<string, string>
      >();
      expect(row).toBeTruthy();
      expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(clientIp);
      expect(JSON.stringify(row)).not.toContain("test-recaptcha-secret");
    });
  });
});
