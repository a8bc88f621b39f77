import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import { action, loader } from "#app/features/executive-invitation/routes/executive-access.tsx";
import { createRequestContext } from "#worker/http/request-context.ts";
import { smsVerifiedCookie } from "#worker/features/sms-invitation/sms-verified-cookie.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { goodCaptchaPass, TEST_SIGNING_KEY, validInvitation } from "#tests/integration/support/invitation-fixtures.ts";

/**
 * The /executive-access page's action, called as React Router calls it (the page itself is proved
 * in Chromium, with and without JavaScript): the JSON API's service behind a form post.
 */
let clientIp = "";

function pageArgs(form: Record<string, string> | null, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/executive-access", {
    method: form ? "POST" : "GET",
    headers: { "CF-Connecting-IP": clientIp, ...headers },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

type Answer = { status: number; location?: string | null; retryAfter?: string | null; body?: Record<string, unknown> };

/** What the action answered: a 303 it threw, or its data and status. */
async function post(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const result = (await action(pageArgs(form, headers))) as DataWithResponseInit<Record<string, unknown>>;
    const responseHeaders = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, body: result.data, retryAfter: responseHeaders.get("Retry-After") };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const storedRequests = () =>
  env.DB.prepare("SELECT name, company, invited_by, message, recaptcha_score, checked_by, verified_phone FROM invitation_requests").all();

beforeEach(async () => {
  clientIp = uniqueClientAddress();
  await env.DB.batch([env.DB.prepare("DELETE FROM invitation_requests"), env.DB.prepare("DELETE FROM outbox")]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const sent = { status: 303, location: "/executive-access?sent=1" };
const tooMany = "Too many submissions. Please try again later.";

describe("the /executive-access page's action", () => {
  it("with JavaScript: takes the captcha pass the page's script added, stores the request checked by captcha, and answers with a 303", async () => {
    expect(await post({ ...validInvitation, captchaPass: await goodCaptchaPass(0.7) })).toEqual(sent);
    expect((await storedRequests()).results).toEqual([
      expect.objectContaining({
        name: "Avery Hale",
        company: "Hale Timber Co",
        recaptcha_score: 0.7,
        checked_by: "captcha",
        verified_phone: null,
      }),
    ]);
    // The concierge's copy and the applicant's acknowledgement.
    expect(await count("outbox")).toBe(2);
  });

  it("refuses a forged captcha pass with 403 'Security validation failed', storing nothing", async () => {
    const forged = (await goodCaptchaPass()).replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    const answer = await post({ ...validInvitation, captchaPass: forged });
    expect(answer).toMatchObject({ status: 403, body: { ok: false, error: "Security validation failed" } });
    expect(await count("invitation_requests")).toBe(0);
  });

  it("without JavaScript (no pass): stores the request checked by nothing, score 0, and sends its emails", async () => {
    expect(await post(validInvitation)).toEqual(sent);
    expect((await storedRequests()).results).toEqual([expect.objectContaining({ checked_by: "none", recaptcha_score: 0 })]);
    expect(await count("outbox")).toBe(2);
  });

  it("without JavaScript: answers invalid fields with 400, their messages and the typed values, without spending the daily limit", async () => {
    const answer = await post({ ...validInvitation, name: "A", email: "nope" });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: "Please correct the highlighted fields.",
        fieldErrors: { name: "Name must be at least 2 characters", email: "Please enter a valid email address" },
        values: { ...validInvitation, name: "A", email: "nope" },
      },
    });
    for (let attempt = 0; attempt < 3; attempt++) expect(await post(validInvitation)).toEqual(sent);
    expect(await count("invitation_requests")).toBe(3);
  });

  it("without JavaScript: a filled honeypot reads as sent, stores nothing and spends nothing", async () => {
    expect(await post({ ...validInvitation, website: "http://spam.example" })).toEqual(sent);
    expect(await count("invitation_requests")).toBe(0);
    for (let attempt = 0; attempt < 3; attempt++) expect(await post(validInvitation)).toEqual(sent);
  });

  it("without JavaScript: stores exactly 3 of 10 simultaneous posts from one network a day; the rest get 429 and the limit's words", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(validInvitation)));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 303);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 429, body: { ok: false, error: tooMany } });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(await count("invitation_requests")).toBe(3);
  });

  it("without JavaScript: the 4th request of the day is refused even after the 15-minute window, and a pass still goes through", async () => {
    for (let attempt = 0; attempt < 3; attempt++) expect(await post(validInvitation)).toEqual(sent);
    const fourth = await post(validInvitation);
    expect(fourth).toMatchObject({ status: 429, body: { error: tooMany } });
    // About a day, not the 15 minutes of the limit every request shares.
    expect(Number(fourth.retryAfter)).toBeGreaterThan(60 * 60);
    expect(await post({ ...validInvitation, captchaPass: await goodCaptchaPass() })).toEqual(sent);
  });

  it("answers the 6th request in 15 minutes, with a pass, with 429 and the limit's words", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await post({ ...validInvitation, captchaPass: await goodCaptchaPass() })).toEqual(sent);
    }
    const sixth = await post({ ...validInvitation, captchaPass: await goodCaptchaPass() });
    expect(sixth).toMatchObject({ status: 429, body: { ok: false, error: tooMany } });
    expect(await count("invitation_requests")).toBe(5);
  });

  describe("a visitor whose mobile the SMS block verified", () => {
    async function verifiedOptIn(phoneNumber = "5035550100"): Promise<{ optInId: number; cookie: string }> {
      const row = await env.DB.prepare("INSERT INTO sms_opt_ins (phone_number, status, verified_at) VALUES (?, 'sent', ?) RETURNING id")
        .bind(phoneNumber, new Date().toISOString())
        .first<{ id: number }>();
      const header = await smsVerifiedCookie(env.ENVIRONMENT, TEST_SIGNING_KEY, row!.id);
      return { optInId: row!.id, cookie: header.split(";")[0]! };
    }

    it("gets the shorter request: name and email only, no captcha; stored with the verified number, linked from the opt-in", async () => {
      const { optInId, cookie } = await verifiedOptIn();
      const loaded = await loader(pageArgs(null, { Cookie: cookie }));
      expect(loaded.verifiedPhone).toBe("(503) 555-0100");

      expect(await post({ name: "Avery Hale", email: "avery@example.com", message: "" }, { Cookie: cookie })).toEqual(sent);
      const stored = await env.DB.prepare(
        "SELECT id, company, invited_by, message, recaptcha_score, checked_by, verified_phone FROM invitation_requests",
      ).first<Record<string, unknown>>();
      expect(stored).toMatchObject({
        company: "",
        invited_by: "",
        message: "",
        recaptcha_score: 0,
        checked_by: "sms",
        verified_phone: "5035550100",
      });
      const optIn = await env.DB.prepare("SELECT request_id FROM sms_opt_ins WHERE id = ?").bind(optInId).first<{ request_id: string }>();
      expect(optIn!.request_id).toBe(stored!.id);
      const concierge = await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ?")
        .bind("concierge@emberandoak.club")
        .first<{ subject: string; body: string }>();
      expect(concierge!.subject).toBe("Executive invitation request: Avery Hale");
      expect(concierge!.body).toContain("(503) 555-0100");
    });

    it("is still held to the form's messages for the name and email", async () => {
      const { cookie } = await verifiedOptIn();
      const answer = await post({ name: "A", email: "nope" }, { Cookie: cookie });
      expect(answer).toMatchObject({
        status: 400,
        body: { fieldErrors: { name: "Name must be at least 2 characters", email: "Please enter a valid email address" } },
      });
      expect(await count("invitation_requests")).toBe(0);
    });

    it("without a valid cookie is asked for the whole form (a forged cookie proves nothing)", async () => {
      const { cookie } = await verifiedOptIn();
      const forged = cookie.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
      expect((await loader(pageArgs(null, { Cookie: forged }))).verifiedPhone).toBeNull();
      const answer = await post({ name: "Avery Hale", email: "avery@example.com" }, { Cookie: forged });
      expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { company: "Company name is required" } } });
    });
  });
});
