import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { issueCaptchaPass } from "#worker/features/executive-invitation/captcha/captcha-pass.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { deliverDueOutboxMessages } from "#worker/shared/outbox.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, TEST_SIGNING_KEY, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

const origin = "http://example.com";
const signingKey = TEST_SIGNING_KEY;
const request = validInvitation;
const goodPass = goodCaptchaPass;
let clientIp = "";

function send(body: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch(`${origin}/api/send-executive-invitation`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": clientIp, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

beforeEach(async () => {
  clientIp = uniqueClientAddress();
  await env.DB.batch([env.DB.prepare("DELETE FROM invitation_requests"), env.DB.prepare("DELETE FROM outbox")]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/send-executive-invitation", () => {
  it("stores the request and its email to the concierge, then answers {data:{id}}", async () => {
    const response = await send({ ...request, recaptchaScore: 0.8, captchaPass: await goodPass(0.8) });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string } };
    const stored = await env.DB.prepare("SELECT * FROM invitation_requests WHERE id = ?").bind(data.id).first<Record<string, unknown>>();
    expect(stored).toMatchObject({
      name: "Avery Hale",
      email: "avery@example.com",
      invited_by: "Jordan Reyes",
      status: "new",
      recaptcha_score: 0.8,
    });
    const email = await env.DB.prepare("SELECT * FROM outbox ORDER BY id").first<Record<string, string>>();
    expect(email).toMatchObject({ channel: "email", recipient: "concierge@emberandoak.club" });
    expect(email!.subject).toBe("Executive invitation request: Avery Hale, Hale Timber Co");
  });

  it("stores a full-length message of emoji whole, as the form accepted it", async () => {
    const message = "🚬".repeat(1999) + "!";
    const response = await send({ ...request, message, captchaPass: await goodPass() });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string } };
    const stored = await env.DB.prepare("SELECT message FROM invitation_requests WHERE id = ?").bind(data.id).first<{ message: string }>();
    expect(stored!.message).toBe(message);
  });

  it('stores O\'Brien, "Smith & Sons", "I\'d like to join" and o\'brien@example.com as typed, and escapes them in the email', async () => {
    const typed = {
      name: "Siobhán O'Brien",
      email: "o'brien@example.com",
      company: '"Smith & Sons"',
      invitedBy: "Jordan O’Neill",
      message: "I'd like to join.\nThursdays & Fridays suit me.",
    };
    const response = await send({ ...typed, captchaPass: await goodPass() });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string } };
    const stored = await env.DB.prepare("SELECT name, email, company, invited_by, message FROM invitation_requests WHERE id = ?")
      .bind(data.id)
      .first();
    expect(stored).toEqual({
      name: typed.name,
      email: typed.email,
      company: typed.company,
      invited_by: typed.invitedBy,
      message: typed.message,
    });
    const email = await env.DB.prepare("SELECT subject, body FROM outbox ORDER BY id").first<{ subject: string; body: string }>();
    expect(email!.subject).toBe(`Executive invitation request: Siobhán O'Brien, "Smith & Sons"`);
    expect(email!.body).toContain("<td>Siobhán O&#39;Brien</td>");
    expect(email!.body).toContain("<td>o&#39;brien@example.com</td>");
    expect(email!.body).toContain("<td>&quot;Smith &amp; Sons&quot;</td>");
    expect(email!.body).toContain("<p>I&#39;d like to join.<br>Thursdays &amp; Fridays suit me.</p>");
  });

  it.each([
    ["NUL", { name: "Avery\u0000Hale" }, { name: "Invalid characters in name" }],
    ["U+2028", { company: "Hale\u2028Timber" }, { company: "Invalid characters in company name" }],
    ["U+202E", { invitedBy: "Jordan \u202Esreyer" }, { invitedBy: "Invalid characters in inviter name" }],
    ["U+202E in the message", { message: "Please \u202Ecall me back soon." }, { message: "Invalid characters in message" }],
    ["combining marks alone", { name: "\u0301\u0301\u0301" }, { name: "Invalid characters in name" }],
  ])("refuses %s with 400 and the field's message, storing nothing", async (_case, change, fieldErrors) => {
    const response = await send({ ...request, ...change, captchaPass: await goodPass() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please correct the highlighted fields.", fieldErrors });
    expect(await count("invitation_requests")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("records the score from the pass, not the one the browser claims", async () => {
    const response = await send({ ...request, recaptchaScore: 1, captchaPass: await goodPass(0.6) });
    const { data } = (await response.json()) as { data: { id: string } };
    const stored = await env.DB.prepare("SELECT recaptcha_score FROM invitation_requests WHERE id = ?").bind(data.id).first();
    expect(stored).toEqual({ recaptcha_score: 0.6 });
  });

  it.each([
    ["no pass", async () => ({ ...request, recaptchaScore: 0.9 })],
    ["a forged pass", async () => ({ ...request, captchaPass: (await goodPass()).replace(/.$/, (c) => (c === "0" ? "1" : "0")) })],
    [
      "a pass signed with another key",
      async () => ({
        ...request,
        captchaPass: await issueCaptchaPass("another-key-of-at-least-32-characters!", "executive_invitation", 0.9),
      }),
    ],
    [
      "an expired pass",
      async () => ({ ...request, captchaPass: await issueCaptchaPass(signingKey, "executive_invitation", 0.9, Date.now() - 121_000) }),
    ],
    ["a pass for another action", async () => ({ ...request, captchaPass: await issueCaptchaPass(signingKey, "login", 0.9) })],
  ])("refuses %s with 403 'Security validation failed' and stores nothing", async (_case, body) => {
    const response = await send(await body());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Security validation failed" });
    expect(await count("invitation_requests")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("takes a pass once: sending it again is refused like a forged one", async () => {
    const pass = await goodPass();
    expect((await send({ ...request, captchaPass: pass })).status).toBe(200);
    const again = await send({ ...request, captchaPass: pass });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ error: "Security validation failed" });
    expect(await count("invitation_requests")).toBe(1);
  });

  it("stores one request for ten simultaneous sends of one pass, from ten addresses", async () => {
    const pass = await goodPass();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send({ ...request, captchaPass: pass }, { "CF-Connecting-IP": uniqueClientAddress() })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(403)]);
    expect(await count("invitation_requests")).toBe(1);
    // The concierge's copy and the applicant's acknowledgement.
    expect(await count("outbox")).toBe(2);
  });

  it("answers invalid fields with 400 and the form's messages, storing nothing", async () => {
    const response = await send({ ...request, name: "A", email: "nope", captchaPass: await goodPass() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Please correct the highlighted fields.",
      fieldErrors: { name: "Name must be at least 2 characters", email: "Please enter a valid email address" },
    });
    expect(await count("invitation_requests")).toBe(0);
  });

  it.each([
    { name: "Avery\r\nBcc: everyone@example.com" },
    { company: "Hale\nSubject: free cigars" },
    { email: "avery@example.com\r\nBcc: x@example.com" },
  ])("refuses header-injection attempts (%j)", async (change) => {
    const response = await send({ ...request, ...change, captchaPass: await goodPass() });
    expect(response.status).toBe(400);
    expect(await count("outbox")).toBe(0);
  });

  it("pretends to accept a filled honeypot, storing and sending nothing", async () => {
    const response = await send({ ...request, website: "http://spam.example", captchaPass: await goodPass() });
    expect(response.status).toBe(200);
    expect(await count("invitation_requests")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("answers the 6th submission in 15 minutes with 429 and Retry-After", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await send({ ...request, captchaPass: await goodPass() })).status).toBe(200);
    }
    const limited = await send({ ...request, captchaPass: await goodPass() });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: "Too many submissions. Please try again later." });
    expect(await count("invitation_requests")).toBe(5);
  });

  it("stores a sixth request to one address in a day without acknowledging it, and says so (acknowledged: false)", async () => {
    const answers: unknown[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      // From a new network each time, as a stranger with many addresses would send them.
      clientIp = uniqueClientAddress();
      const response = await send({ ...request, captchaPass: await goodPass() });
      expect(response.status).toBe(200);
      answers.push(((await response.json()) as { data: { acknowledged: boolean } }).data.acknowledged);
    }
    expect(answers).toEqual([true, true, true, true, true, false]);
    expect(await count("invitation_requests")).toBe(6);
    const toApplicant = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?")
      .bind(request.email)
      .first<{ n: number }>();
    expect(toApplicant!.n).toBe(5);
  });

  it("delivers the emails right after storing them (through the simulated Email Service)", async () => {
    await send({ ...request, captchaPass: await goodPass() });
    await vi.waitFor(async () =>
      expect((await env.DB.prepare("SELECT status, attempts FROM outbox").all()).results).toEqual([
        { status: "sent", attempts: 1 },
        { status: "sent", attempts: 1 },
      ]),
    );
  });

  it("keeps the request when the Email Service fails, and the Worker's retry cron delivers it once, later", async () => {
    const delivered: string[] = [];
    const emailService = (working: boolean) =>
      ({
        send: async (message: { to: string }) => {
          if (!working) throw new Error("Email Service unavailable");
          delivered.push(message.to);
        },
      }) as unknown as SendEmail;

    // The request's own delivery attempt fails: the answer is still a success, the row failed.
    const context = createExecutionContext();
    const answer = await worker.fetch(
      new Request(`${origin}/api/send-executive-invitation`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": clientIp },
        body: JSON.stringify({ ...request, captchaPass: await goodPass() }),
      }),
      { ...env, EMAIL: emailService(false) },
      context,
    );
    await waitOnExecutionContext(context);
    expect(answer.status).toBe(200);
    expect(await count("invitation_requests")).toBe(1);
    const failed = await env.DB.prepare("SELECT status, attempts, last_error, next_attempt_at FROM outbox WHERE recipient = ?")
      .bind("concierge@emberandoak.club")
      .first<Record<string, string | number>>();
    expect(failed).toMatchObject({ status: "failed", attempts: 1, last_error: "Email Service unavailable" });

    // The cron of that same minute finds nothing due; the one after the retry time sends it, once.
    const cron = async (scheduledTime: number) => {
      const cronContext = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime, cron: "* * * * *" }),
        { ...env, EMAIL: emailService(true) },
        cronContext,
      );
      await waitOnExecutionContext(cronContext);
    };
    await cron(Date.now());
    expect(delivered).toEqual([]);
    const retryTime = Date.parse(String(failed!.next_attempt_at)) + 1000;
    await cron(retryTime);
    await cron(retryTime + 60_000);
    // The concierge's copy and the applicant's acknowledgement, each once.
    expect(delivered.sort()).toEqual(["avery@example.com", "concierge@emberandoak.club"]);
    expect((await env.DB.prepare("SELECT status, attempts, last_error FROM outbox").all()).results).toEqual([
      { status: "sent", attempts: 2, last_error: null },
      { status: "sent", attempts: 2, last_error: null },
    ]);
  });

  it("sends through the EMAIL binding with the stored subject and body", async () => {
    const sent: unknown[] = [];
    const binding = { send: async (message: unknown) => void sent.push(message) } as unknown as SendEmail;
    await send({ ...request, captchaPass: await goodPass() });
    await vi.waitFor(async () => expect(await count("outbox WHERE status IN ('pending', 'sending')")).toBe(0));
    await env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = NULL").run();
    await deliverDueOutboxMessages(
      env.DB,
      "email",
      emailSender(binding, "invitations@emberandoak.club", "test-signing-key-with-at-least-32-characters"),
    );
    // Delivered side by side, so in either order.
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          from: "invitations@emberandoak.club",
          to: "concierge@emberandoak.club",
          subject: "Executive invitation request: Avery Hale, Hale Timber Co",
        }),
        expect.objectContaining({
          from: "invitations@emberandoak.club",
          to: "avery@example.com",
          subject: "Your request to Ember & Oak Society has arrived",
        }),
      ]),
    );
  });

  it("logs a high-severity error event when the request cannot be stored, and shows no internals", async () => {
    await env.DB.prepare("DELETE FROM security_events").run();
    await env.DB.prepare("ALTER TABLE invitation_requests RENAME TO invitation_requests_away").run();
    try {
      const response = await send({ ...request, captchaPass: await goodPass() });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Internal server error" });
      await vi.waitFor(async () =>
        expect(await env.DB.prepare("SELECT severity FROM security_events WHERE event_type = 'invitation_request_error'").first()).toEqual({
          severity: "high",
        }),
      );
    } finally {
      await env.DB.prepare("ALTER TABLE invitation_requests_away RENAME TO invitation_requests").run();
    }
    expect(await count("outbox")).toBe(0);
  });

  it("never answers random or malformed bodies with a 5xx, and stores nothing for them", { timeout: 60_000 }, async () => {
    const pass = await goodPass();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              name: fc.string(),
              email: fc.string(),
              company: fc.anything(),
              message: fc.string({ maxLength: 3000 }),
              captchaPass: fc.constant(pass),
            },
            { requiredKeys: [] },
          ),
          fc.string().map((text) => `{"__proto__": {"admin": true}, "x": ${JSON.stringify(text)}}`),
        ),
        async (body) => {
          clientIp = uniqueClientAddress();
          const response = await send(typeof body === "string" ? body : JSON.stringify(body ?? null));
          expect(response.status).toBeLessThan(500);
          if (response.status !== 200) expect(await count("invitation_requests")).toBe(0);
          await env.DB.prepare("DELETE FROM invitation_requests").run();
          await env.DB.prepare("DELETE FROM outbox").run();
        },
      ),
      { numRuns: 150 },
    );
  });
});
