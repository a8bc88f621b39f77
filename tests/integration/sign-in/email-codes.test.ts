import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_LIFETIME_MS, checkSignInCode, newSignInCode, requestSignInCode } from "#worker/features/sign-in/email-codes.ts";
import { findMemberById } from "#worker/features/members/members.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import {
  askForCode,
  checkCode,
  emailedCode,
  newBrowser,
  outboxCount,
  sessionCount,
  wrongCode,
  type CodeBrowser,
} from "./email-codes-support.ts";

/** Emailed sign-in codes: their life (10 minutes, once, 5 tries), how they are kept, and who is told what. */
let browser: CodeBrowser;
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The member's browser: every ask and check below comes from it, each from a new network.
  browser = newBrowser();
});
afterEach(() => vi.restoreAllMocks());

const ask = (email: string, now?: number) => askForCode(browser, email, { now });
const check = (email: string, code: string, now?: number) => checkCode(browser, email, code, { now });
const attributes = (setCookie: string) => setCookie.split("; ").slice(1).sort();

describe("emailed sign-in codes", () => {
  it("are 6 digits, every digit string possible (no modulo bias: the draw rejects the top of the range)", () => {
    const codes = Array.from({ length: 2000 }, () => newSignInCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });

  it("signs an active member in once with the emailed code, delivered at once, and confirms the email", async () => {
    const member = await createTestMember();
    expect(await ask(` ${member.email.toUpperCase()} `)).toEqual({ status: "sent" });
    const row = await env.DB.prepare("SELECT status, subject FROM outbox WHERE recipient = ? ORDER BY id DESC").bind(member.email).first<{
      status: string;
      subject: string;
    }>();
    expect(row).toMatchObject({ status: "sent" });
    const code = await emailedCode(member.email);
    expect(row!.subject).not.toContain(code);

    const result = await check(member.email, code);
    expect(result).toMatchObject({ status: "signed_in", memberId: member.id });
    expect(result.status === "signed_in" && result.setCookie).toMatch(/^ember_session=/);
    expect(await sessionCount(member.id)).toBe(1);
    expect((await findMemberById(env.DB, member.id))!.emailConfirmedAt).not.toBeNull();
    // Single use.
    expect(await check(member.email, code)).toEqual({ status: "refused" });
    expect(await sessionCount(member.id)).toBe(1);
  });

  it("stores only keyed hashes: neither the code nor the email is in the row, and the outbox holds the code sealed", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const code = await emailedCode(member.email);
    const rows = await env.DB.prepare("SELECT * FROM sign_in_codes").all<Record<string, unknown>>();
    const stored = JSON.stringify(rows.results);
    expect(stored).not.toContain(member.email);
    expect(stored).not.toContain(code);
    for (const row of rows.results) {
      expect(row.email_key).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const body = (await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ?").bind(member.email).first<{ body: string }>())!.body;
    expect(body).not.toContain(code);
    expect(body).toContain("&sealed:");
  });

  it("expires 10 minutes after it was asked for", async () => {
    const member = await createTestMember();
    const asked = Date.now();
    await ask(member.email, asked);
    const code = await emailedCode(member.email);
    expect(await check(member.email, code, asked + CODE_LIFETIME_MS)).toEqual({ status: "refused" });

    await ask(member.email, asked);
    const second = await emailedCode(member.email);
    expect(await check(member.email, second, asked + CODE_LIFETIME_MS - 1)).toMatchObject({ status: "signed_in" });
  });

  it("refuses the sixth try even with the right code", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const code = await emailedCode(member.email);
    for (let attempt = 0; attempt < 5; attempt++) expect(await check(member.email, wrongCode(code))).toEqual({ status: "refused" });
    expect(await check(member.email, code)).toEqual({ status: "refused" });
    expect(await sessionCount(member.id)).toBe(0);
  });

  it("allows the right code on the fifth try", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const code = await emailedCode(member.email);
    for (let attempt = 0; attempt < 4; attempt++) await check(member.email, wrongCode(code));
    expect(await check(member.email, code)).toMatchObject({ status: "signed_in" });
  });

  it("keeps one live code per email in a browser: a new request from it replaces the earlier code", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const first = await emailedCode(member.email);
    await ask(member.email);
    const second = await emailedCode(member.email);
    // One chance in a million the two codes are the same; then there is nothing to refuse.
    if (first !== second) expect(await check(member.email, first)).toEqual({ status: "refused" });
    expect(await check(member.email, second)).toMatchObject({ status: "signed_in" });
  });

  it("binds the code to the browser that asked: a stranger's wrong tries and requests from other browsers neither burn nor replace it", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const code = await emailedCode(member.email);
    // A stranger, from one network, with a browser of their own and with new ones, guesses and asks again and again.
    const network = uniqueClientAddress();
    const stranger = newBrowser();
    expect(await askForCode(stranger, member.email, { address: network })).toEqual({ status: "sent" });
    for (let attempt = 0; attempt < 6; attempt++)
      expect(await checkCode(stranger, member.email, wrongCode(code), { address: network })).toEqual({ status: "refused" });
    for (let round = 0; round < 3; round++) {
      const another = newBrowser();
      expect(await askForCode(another, member.email, { address: network })).toEqual({ status: "sent" });
      expect(await checkCode(another, member.email, wrongCode(code), { address: network })).toEqual({ status: "refused" });
    }
    expect(stranger.cookie).not.toBe(browser.cookie);
    // The member's code, the first one emailed, still signs in from the member's browser.
    expect(await check(member.email, code)).toMatchObject({ status: "signed_in", memberId: member.id });
  });

  it("refuses the right code without the browser's cookie, or with another browser's, and the code still works after", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const code = await emailedCode(member.email);
    expect(await checkCode(newBrowser(), member.email, code)).toEqual({ status: "refused" });
    const other = newBrowser();
    await askForCode(other, `nobody.${crypto.randomUUID()}@example.com`);
    expect(await checkCode(other, member.email, code)).toEqual({ status: "refused" });
    expect(await checkCode({ cookie: "ember_code_browser=not-one-we-set" }, member.email, code)).toEqual({ status: "refused" });
    expect(await sessionCount(member.id)).toBe(0);
    for (let attempt = 0; attempt < 4; attempt++) await check(member.email, wrongCode(code));
    expect(await check(member.email, code)).toMatchObject({ status: "signed_in" });
  });

  it("keeps the browser's well-formed cookie value on a new request, and replaces one it could not have set", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const first = browser.cookie;
    expect(first).toMatch(/^ember_code_browser=[A-Za-z0-9_-]{43}$/);
    await ask(member.email);
    expect(browser.cookie).toBe(first);
    const tampered: CodeBrowser = { cookie: "ember_code_browser=short" };
    await askForCode(tampered, member.email);
    expect(tampered.cookie).toMatch(/^ember_code_browser=[A-Za-z0-9_-]{43}$/);
  });

  it("sets the code's cookie as __Host-, HttpOnly, Secure, SameSite=Lax, Path=/ for 10 minutes in production, and clears it at sign-in", async () => {
    const member = await createTestMember();
    const production = {
      ...env,
      ENVIRONMENT: "production" as const,
      // The settings production refuses to start without (worker/config.ts); no SMS is sent here.
      TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
      CARD_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) }),
    } as unknown as Env;
    const contextWith = (cookie?: string) => {
      const ctx = createExecutionContext();
      const request = new Request("https://example.com/auth", {
        method: "POST",
        headers: { "CF-Connecting-IP": uniqueClientAddress(), ...(cookie ? { Cookie: cookie } : {}) },
      });
      return { context: createRequestContext(production, ctx, request), settle: () => waitOnExecutionContext(ctx) };
    };
    const asking = contextWith();
    const asked = await requestSignInCode(asking.context, { email: member.email });
    await asking.settle();
    if (asked.status !== "sent") throw new Error(`the code request answered ${asked.status}`);
    expect(asked.setCookie).toMatch(/^__Host-ember_code_browser=[A-Za-z0-9_-]{43}; /);
    expect(attributes(asked.setCookie)).toEqual(["HttpOnly", "Max-Age=600", "Path=/", "SameSite=Lax", "Secure"]);
    const code = await emailedCode(member.email);
    const cookie = asked.setCookie.split(";")[0]!;
    // The development name is not read in production.
    const unprefixed = contextWith(cookie.replace("__Host-", ""));
    expect(await checkSignInCode(unprefixed.context, { email: member.email, code })).toEqual({ status: "refused" });
    const checking = contextWith(cookie);
    const result = await checkSignInCode(checking.context, { email: member.email, code });
    await checking.settle();
    if (result.status !== "signed_in") throw new Error(`the check answered ${result.status}`);
    expect(result.clearCookie.startsWith("__Host-ember_code_browser=; ")).toBe(true);
    expect(attributes(result.clearCookie)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("tells a suspended member the membership is paused only after the right code, and starts no session", async () => {
    const member = await createTestMember({ status: "suspended" });
    expect(await ask(member.email)).toEqual({ status: "sent" });
    expect(await outboxCount(member.email)).toBe(1);
    const code = await emailedCode(member.email);
    expect(await check(member.email, wrongCode(code))).toEqual({ status: "refused" });
    expect(await check(member.email, code)).toEqual({ status: "paused" });
    expect(await sessionCount(member.id)).toBe(0);
  });

  it("emails no one for an unknown or invited email, and no code opens those", async () => {
    const invited = await createTestMember({ status: "invited" });
    const unknown = `nobody.${crypto.randomUUID()}@example.com`;
    expect(await ask(invited.email)).toEqual({ status: "sent" });
    expect(await ask(unknown)).toEqual({ status: "sent" });
    expect(await outboxCount(invited.email)).toBe(0);
    expect(await outboxCount(unknown)).toBe(0);
    expect(await check(invited.email, "123456")).toEqual({ status: "refused" });
    expect(await sessionCount(invited.id)).toBe(0);
  });
});
