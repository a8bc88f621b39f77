import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import type { SmsBlockAnswer } from "#app/features/sms-invitation/sms-messages.ts";
import { action as smsPageAction, loader as smsPageLoader } from "#app/features/sms-invitation/routes/sms-invitation.tsx";
import { readVerifiedOptIn } from "#app/features/sms-invitation/sms-verified.server.ts";
import { linkOptInToRequest } from "#worker/features/sms-invitation/sms-opt-ins.ts";
import { listSmsOptIns } from "#worker/features/concierge/concierge-console.ts";
import { loader as optInsLoader } from "#app/features/concierge/routes/sms-opt-ins.tsx";
import { createRequestContext } from "#worker/http/request-context.ts";
import { signPayload } from "#worker/shared/signing.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { TEST_SIGNING_KEY } from "#tests/integration/support/invitation-fixtures.ts";
import { clearSmsTables, codeFromOutbox, count, sendSms, verifySms } from "#tests/integration/support/sms-requests.ts";

/**
 * The /sms-invitation page's action (the SMS block's forms posted without JavaScript), called as
 * React Router calls it, beside the JSON endpoints the block calls with JavaScript: both reach the
 * same services. Then the contract the shorter invitation request relies on: the verified cookie
 * names the opt-in, readVerifiedOptIn finds it while it is unlinked, and linkOptInToRequest links
 * it once.
 */
let clientAddress = "";

beforeEach(async () => {
  clientAddress = uniqueClientAddress();
  await clearSmsTables();
  await env.DB.prepare("DELETE FROM invitation_requests").run();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function pageArgs(init: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = { Origin: "http://localhost", "CF-Connecting-IP": clientAddress };
  if (init.cookie) headers.Cookie = init.cookie;
  const request = new Request(
    "http://localhost/sms-invitation",
    init.form ? { method: "POST", headers, body: new URLSearchParams(init.form) } : { headers },
  );
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

/** The page's answer to a posted form: its status, what the block shows next, and its Set-Cookie. */
async function post(form: Record<string, string>) {
  const result = (await smsPageAction(pageArgs({ form }))) as DataWithResponseInit<SmsBlockAnswer>;
  const headers = new Headers(result.init?.headers);
  return { status: result.init?.status ?? 200, answer: result.data, setCookie: headers.get("Set-Cookie"), headers };
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

async function verifiedWithoutScript(digits: string): Promise<string> {
  const sent = await post({ intent: "send", phoneNumber: digits });
  expect(sent.answer.step).toBe("code");
  const verified = await post({ intent: "verify", phoneNumber: digits, code: await codeFromOutbox(`+1${digits}`) });
  expect(verified.answer.step).toBe("granted");
  return cookieOf(verified.setCookie!);
}

describe("the /sms-invitation page without JavaScript", () => {
  it("sends the code for a number as typed, and answers with the code step and the sent message", async () => {
    const { status, answer } = await post({ intent: "send", phoneNumber: "+1 (503) 555-0142" });
    expect(status).toBe(200);
    expect(answer).toEqual({
      step: "code",
      phone: "(503) 555-0142",
      notice: { title: "SMS Sent Successfully!", description: "Your verification code may take 1-2 minutes to arrive.", tone: "success" },
    });
    expect(
      await env.DB.prepare("SELECT phone_number, status FROM sms_opt_ins")
        .all()
        .then((rows) => rows.results),
    ).toEqual([{ phone_number: "5035550142", status: "sent" }]);
    expect(await codeFromOutbox("+15035550142")).toMatch(/^\d{6}$/);
  });

  it("checks the code: 'Access Granted' with the welcome, the opt-in verified, and the cookie naming it", async () => {
    await post({ intent: "send", phoneNumber: "5035550142" });
    const verified = await post({ intent: "verify", phoneNumber: "5035550142", code: ` ${await codeFromOutbox("+15035550142")} ` });
    expect(verified.status).toBe(200);
    expect(verified.answer).toEqual({
      step: "granted",
      phone: "(503) 555-0142",
      notice: { title: "Welcome to the Inner Circle!", description: "Your number is verified. Your invitation awaits.", tone: "success" },
    });
    expect(verified.setCookie).toMatch(/^ember_sms_verified=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const optIn = await env.DB.prepare("SELECT id, verified_at FROM sms_opt_ins").first<{ id: number; verified_at: string | null }>();
    expect(optIn!.verified_at).not.toBeNull();

    const cookie = cookieOf(verified.setCookie!);
    expect(await smsPageLoader(pageArgs({ cookie }))).toEqual({ smsVerified: true });
    expect(await readVerifiedOptIn(...requestAndContext(cookie))).toEqual({ optInId: optIn!.id, phoneNumber: "5035550142" });
  });

  it("says 'US mobile numbers only' under the field for a number the site never accepts, sending nothing", async () => {
    for (const number of ["4165550123", "8005550100", "(900) 555-0100"]) {
      const { status, answer } = await post({ intent: "send", phoneNumber: number });
      expect(status).toBe(400);
      expect(answer.step).toBe("phone");
      expect(answer.phoneError).toBe("US mobile numbers only");
      expect(answer.notice).toBeUndefined();
    }
    expect(await count("sms_opt_ins")).toBe(0);
  });

  it("words every other refusal as the block's toasts do", async () => {
    expect((await post({ intent: "send", phoneNumber: "503555" })).answer).toMatchObject({
      step: "phone",
      phone: "(503) 555",
      notice: { title: "Invalid Phone Number", description: "Please enter a valid 10-digit phone number." },
    });
    expect((await post({ intent: "verify", phoneNumber: "5035550142", code: "  " })).answer).toMatchObject({
      step: "code",
      notice: { title: "Code Required", description: "Please enter the verification code from your SMS." },
    });
    await post({ intent: "send", phoneNumber: "5035550142" });
    const right = await codeFromOutbox("+15035550142");
    const wrong = await post({ intent: "verify", phoneNumber: "5035550142", code: right === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.setCookie).toBeNull();
    expect(wrong.answer).toMatchObject({
      step: "code",
      phone: "(503) 555-0142",
      notice: { title: "Invalid Code", description: "That's not the right code. Check your messages.", tone: "error" },
    });
  });

  it("answers a fourth send to one number within 10 minutes with 429, Retry-After and 'Error Sending SMS'", async () => {
    for (let index = 0; index < 3; index++) expect((await post({ intent: "send", phoneNumber: "5035550142" })).status).toBe(200);
    clientAddress = uniqueClientAddress();
    const limited = await post({ intent: "send", phoneNumber: "5035550142" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.answer.notice).toMatchObject({ title: "Error Sending SMS", description: "Please try again later or contact support." });
  });

  it("'Resend' returns to the phone step with the number", async () => {
    expect((await post({ intent: "change", phoneNumber: "5035550142" })).answer).toEqual({ step: "phone", phone: "(503) 555-0142" });
  });

  it("shares its limits with the JSON endpoint: both count against the same number", async () => {
    for (let index = 0; index < 2; index++)
      expect((await sendSms("5035550142", { clientAddress: uniqueClientAddress() })).status).toBe(200);
    clientAddress = uniqueClientAddress();
    expect((await post({ intent: "send", phoneNumber: "5035550142" })).status).toBe(200);
    expect((await sendSms("5035550142", { clientAddress: uniqueClientAddress() })).status).toBe(429);
  });
});

function requestAndContext(cookie: string | null): [Request, RouterContextProvider] {
  const { request, context } = pageArgs(cookie ? { cookie } : {});
  return [request, context];
}

describe("the verified opt-in, for the shorter invitation request", () => {
  it("is found from the cookie the JSON endpoint sets too", async () => {
    expect((await sendSms("5035550177", { clientAddress })).status).toBe(200);
    const verified = await verifySms("5035550177", await codeFromOutbox("+15035550177"), { clientAddress });
    const found = await readVerifiedOptIn(...requestAndContext(cookieOf(verified.headers.get("Set-Cookie")!)));
    expect(found).toEqual({ optInId: expect.any(Number), phoneNumber: "5035550177" });
  });

  it("is null without the cookie, with a forged one, and with one set before cookies named the opt-in", async () => {
    const cookie = await verifiedWithoutScript("5035550142");
    expect(await readVerifiedOptIn(...requestAndContext(null))).toBeNull();
    expect(await readVerifiedOptIn(...requestAndContext(`${cookie}x`))).toBeNull();
    const optInId = (await env.DB.prepare("SELECT id FROM sms_opt_ins").first<{ id: number }>())!.id;
    const forged = `ember_sms_verified=${await signPayload("another-signing-key-with-at-least-32-chars", "sms-verified", { verifiedAt: Date.now(), optInId })}`;
    expect(await readVerifiedOptIn(...requestAndContext(forged))).toBeNull();
    const older = `ember_sms_verified=${await signPayload(TEST_SIGNING_KEY, "sms-verified", { verifiedAt: Date.now() })}`;
    expect(await readVerifiedOptIn(...requestAndContext(older))).toBeNull();
    expect(await smsPageLoader(pageArgs({ cookie: older }))).toEqual({ smsVerified: true });
  });

  it("is null for an opt-in that was sent but never verified", async () => {
    await post({ intent: "send", phoneNumber: "5035550142" });
    const optInId = (await env.DB.prepare("SELECT id FROM sms_opt_ins").first<{ id: number }>())!.id;
    const cookie = `ember_sms_verified=${await signPayload(TEST_SIGNING_KEY, "sms-verified", { verifiedAt: Date.now(), optInId })}`;
    expect(await readVerifiedOptIn(...requestAndContext(cookie))).toBeNull();
  });

  it("links to one request only, even when several link at once, and is then no longer offered", async () => {
    const cookie = await verifiedWithoutScript("5035550142");
    const { optInId } = (await readVerifiedOptIn(...requestAndContext(cookie)))!;
    const requestIds = ["request-a", "request-b", "request-c", "request-d", "request-e"];
    const linked = await Promise.all(requestIds.map((requestId) => linkOptInToRequest(env.DB, optInId, requestId)));
    expect(linked.filter((rows) => rows.length === 1)).toEqual([[{ id: optInId }]]);
    const stored = await env.DB.prepare("SELECT request_id FROM sms_opt_ins WHERE id = ?").bind(optInId).first<{ request_id: string }>();
    expect(requestIds).toContain(stored!.request_id);
    expect(await readVerifiedOptIn(...requestAndContext(cookie))).toBeNull();
  });

  it("never links an opt-in that was not verified", async () => {
    await post({ intent: "send", phoneNumber: "5035550142" });
    const optInId = (await env.DB.prepare("SELECT id FROM sms_opt_ins").first<{ id: number }>())!.id;
    expect(await linkOptInToRequest(env.DB, optInId, "request-a")).toEqual([]);
  });

  it("shows in the console's list as verified, with a link to the card of the request it became", async () => {
    const cookie = await verifiedWithoutScript("5035550142");
    const { optInId } = (await readVerifiedOptIn(...requestAndContext(cookie)))!;
    await env.DB.prepare(
      "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, checked_by, verified_phone) VALUES ('request-a', 'Avery Hale', 'avery@example.com', '', '', '', 0, 'sms', '5035550142')",
    ).run();
    await linkOptInToRequest(env.DB, optInId, "request-a");
    await post({ intent: "send", phoneNumber: "5035550143" });
    const [newest, linked] = await listSmsOptIns(env.DB);
    expect(newest).toMatchObject({ phoneNumber: "5035550143", verifiedAt: null, requestId: null, requestEmail: null });
    expect(linked).toMatchObject({
      id: optInId,
      verifiedAt: expect.any(String),
      requestId: "request-a",
      requestEmail: "avery@example.com",
    });

    const { optIns } = await optInsLoader(pageArgs());
    expect(optIns).toEqual([
      expect.objectContaining({ phoneNumber: "(503) 555-0143", verifiedAtLabel: null, requestCard: null }),
      expect.objectContaining({
        phoneNumber: "(503) 555-0142",
        verifiedAtLabel: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M P[SD]T$/),
        requestCard: "/concierge?q=avery%40example.com#request-request-a-name",
      }),
    ]);
  });
});
