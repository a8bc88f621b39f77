import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { requestContext } from "#app/context.ts";
import { action as openInvitation } from "#app/features/admissions/routes/invitation.tsx";
import { finishGoogleSignIn } from "#worker/features/sign-in/google-sign-in.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { answerOf } from "#tests/integration/fuzz/fuzz-bodies.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

/**
 * The security-event logger (docs/security.md#logging) as an operator reads its rows: which events
 * the invitation flow writes, who and where they come from, and that logging never breaks a
 * request. Each call waits for the work the Worker leaves running (events are written with
 * waitUntil), so "nothing written" is checked after everything ran.
 */
const origin = "http://example.com";
const invitation = validInvitation;

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "User-Agent": "EventTest/1.0", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

const sendInvitation = async (headers: Record<string, string>, fields: Record<string, string> = invitation) =>
  post("/api/send-executive-invitation", { ...fields, captchaPass: await goodCaptchaPass() }, headers);

interface EventRow {
  event_type: string;
  severity: string;
  user_id: string | null;
  ip_hash: string;
  metadata: string;
}
const events = async () =>
  (await env.DB.prepare("SELECT event_type, severity, user_id, ip_hash, metadata FROM security_events ORDER BY id").all<EventRow>())
    .results;

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM security_events"),
    env.DB.prepare("DELETE FROM invitation_requests"),
    env.DB.prepare("DELETE FROM outbox"),
  ]);
});
afterEach(() => vi.restoreAllMocks());

describe("the invitation flow's security events", () => {
  it("an accepted request: the attempt (medium), then the success (low), with the page, the user agent and a hashed address", async () => {
    const address = uniqueClientAddress();
    const response = await sendInvitation({ "CF-Connecting-IP": address, Referer: "http://example.com/memberships?utm=x" });
    expect(response.status).toBe(200);
    const rows = await events();
    expect(rows.map((row) => [row.event_type, row.severity])).toEqual([
      ["invitation_request_attempt", "medium"],
      ["invitation_request_success", "low"],
    ]);
    const metadata = JSON.parse(rows[0]!.metadata);
    expect(metadata).toMatchObject({
      userAgent: "EventTest/1.0",
      pageUrl: "http://example.com/memberships",
      timestamp: expect.stringMatching(/Z$/),
    });
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(address.split("::")[0]!);
  });

  it("a refused request: the validation failure (low), and nothing stored", async () => {
    const response = await sendInvitation({ "CF-Connecting-IP": uniqueClientAddress() }, { ...invitation, email: "nope" });
    expect(response.status).toBe(400);
    expect((await events()).map((row) => row.event_type)).toEqual(["invitation_request_attempt", "input_validation_fail"]);
  });

  it("the sixth request in 15 minutes: excess_rate_limit_exceeded (medium), and no attempt logged", async () => {
    const address = uniqueClientAddress();
    for (let request = 0; request < 5; request++) expect((await sendInvitation({ "CF-Connecting-IP": address })).status).toBe(200);
    await env.DB.prepare("DELETE FROM security_events").run();
    expect((await sendInvitation({ "CF-Connecting-IP": address })).status).toBe(429);
    expect((await events()).map((row) => [row.event_type, row.severity])).toEqual([["excess_rate_limit_exceeded", "medium"]]);
  });

  it("names the signed-in member as the user; visitors as none", async () => {
    const member = await createTestMember();
    const { cookie } = await signedInAs(member);
    await sendInvitation({ "CF-Connecting-IP": uniqueClientAddress(), Cookie: cookie });
    await sendInvitation({ "CF-Connecting-IP": uniqueClientAddress() });
    expect((await events()).map((row) => row.user_id)).toEqual([member.id, member.id, null, null]);
  });

  it("stores the 'anonymous_' placeholder when the request carries no client address", async () => {
    await sendInvitation({});
    const rows = await events();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.ip_hash).toMatch(/^anonymous_\d{13}$/);
  });

  it("never breaks the request when the log cannot be written", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE security_events RENAME TO security_events_away").run();
    try {
      const response = await sendInvitation({ "CF-Connecting-IP": uniqueClientAddress() });
      expect(response.status).toBe(200);
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM invitation_requests").first()).toEqual({ n: 1 });
      expect(error).toHaveBeenCalledWith("security event not written", "invitation_request_success", expect.anything());
    } finally {
      await env.DB.prepare("ALTER TABLE security_events_away RENAME TO security_events").run();
    }
  });
});

describe("POST /api/security-events limits", () => {
  it("takes 20 reports per address in 15 minutes, then answers 429; the log keeps the first 10 (docs/security.md#logging)", async () => {
    const address = uniqueClientAddress();
    for (let report = 0; report < 20; report++)
      expect((await post("/api/security-events", { type: "captcha_unavailable" }, { "CF-Connecting-IP": address })).status).toBe(202);
    const limited = await post("/api/security-events", { type: "captcha_unavailable" }, { "CF-Connecting-IP": address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM security_events").first()).toEqual({ n: 10 });
  });

  it("refuses a body over 4 KB with 413, writing nothing", async () => {
    const response = await post(
      "/api/security-events",
      { type: "captcha_unavailable", referrer: `https://example.com/${"x".repeat(5000)}` },
      { "CF-Connecting-IP": uniqueClientAddress() },
    );
    expect(response.status).toBe(413);
    expect(await events()).toEqual([]);
  });
});

describe("refused sign-ins", () => {
  it("write at most 10 authn_login_fail rows per network in 15 minutes, however many come (docs/security.md#logging)", async () => {
    const headers = { Origin: origin, "CF-Connecting-IP": uniqueClientAddress(), "User-Agent": "SignInFlood/1.0" };
    // Half of them an unknown invitation link opened on the invitation page, half a Google callback that fails.
    for (let attempt = 0; attempt < 25; attempt++) {
      const context = createExecutionContext();
      if (attempt % 2 === 0) {
        const request = new Request(`${origin}/invitation`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "open", link: `${origin}/invitation#${"x".repeat(43)}` }),
        });
        const page = new RouterContextProvider();
        page.set(requestContext, createRequestContext(env, context, request));
        const answer = await answerOf(async () =>
          openInvitation({ request, url: new URL(request.url), pattern: "/invitation", params: {}, context: page }),
        );
        expect(answer.status).toBe(404);
      } else {
        const request = new Request(`${origin}/auth/google/callback?code=4%2F0Aflood&state=flood`, { headers });
        expect((await finishGoogleSignIn(createRequestContext(env, context, request))).ok).toBe(false);
      }
      await waitOnExecutionContext(context);
    }
    const rows = (await events()).filter((row) => (JSON.parse(row.metadata) as { userAgent: string }).userAgent === "SignInFlood/1.0");
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.event_type))).toEqual(new Set(["authn_login_fail"]));
    expect((JSON.parse(rows[9]!.metadata) as { details: object }).details).toHaveProperty("laterEventsNotLoggedUntil");
  });
});
