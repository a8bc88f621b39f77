import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_LIFETIME_MS, checkSignInCode, newSignInCode, requestSignInCode } from "#worker/features/sign-in/email-codes.ts";
import { findMemberById } from "#worker/features/members/members.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";
import { codeContext, emailedCode, outboxCount, sessionCount, wrongCode } from "./email-codes-support.ts";

/** Emailed sign-in codes: their life (10 minutes, once, 5 tries), how they are kept, and who is told what. */
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

async function ask(email: string, now?: number) {
  const { context, settle } = codeContext();
  const result = await requestSignInCode(context, { email }, now);
  await settle();
  return result;
}

async function check(email: string, code: string, now?: number) {
  const { context, settle } = codeContext();
  const result = await checkSignInCode(context, { email, code }, now);
  await settle();
  return result;
}

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

  it("keeps one live code per email: a new request replaces the earlier code", async () => {
    const member = await createTestMember();
    await ask(member.email);
    const first = await emailedCode(member.email);
    await ask(member.email);
    const second = await emailedCode(member.email);
    // One chance in a million the two codes are the same; then there is nothing to refuse.
    if (first !== second) expect(await check(member.email, first)).toEqual({ status: "refused" });
    expect(await check(member.email, second)).toMatchObject({ status: "signed_in" });
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
