import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "#worker/features/sign-in/password.ts";
import { approveInvitationRequest } from "#worker/features/admissions/admissions.ts";
import {
  INVITATION_LIFETIME_MS,
  acceptInvitationWithPassword,
  consumeInvitationForGoogle,
  findOpenInvitation,
  newInvitationLink,
} from "#worker/features/admissions/invitation-links.ts";
import {
  clearAdmissionTables,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
  tokenInEmail,
} from "#tests/integration/support/concierge-fixtures.ts";

/** Single-use invitation links against the real D1. */
/**
 * PBKDF2 in JavaScript takes seconds per hash under the test runner, so these tests store a
 * stand-in "hash" that names the password; one test takes the real path (hashPassword, with the
 * fewest iterations it accepts) end to end.
 */
const standInHash = async (password: string) => `stand-in:${password}`;
const createdAt = Date.parse("2026-11-21T18:00:00.000Z");

beforeEach(async () => {
  await clearAdmissionTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A link for a member, stored the way the approval and the scripts store it. */
async function linkFor(memberId: string, now = createdAt): Promise<string> {
  const link = await newInvitationLink(now);
  await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
    .bind(link.tokenHash, memberId, link.expiresAt)
    .run();
  return link.token;
}

const memberRow = (id: string) =>
  env.DB.prepare("SELECT status, password_hash, google_subject FROM members WHERE id = ?")
    .bind(id)
    .first<{ status: string; password_hash: string | null; google_subject: string | null }>();

const accept = (token: string, password: string, now = createdAt + 60_000) =>
  acceptInvitationWithPassword(env.DB, token, password, { now, hash: standInHash });

describe("a link from an approval", () => {
  it("shows the member's name, sets the password (hashPassword), makes them active, and works once", async () => {
    const concierge = await insertMember({ role: "concierge" });
    const request = await insertInvitationRequest({ name: "Avery Hale" });
    const approval = await approveInvitationRequest(env.DB, {
      requestId: request.id,
      conciergeId: concierge.id,
      tier: "business",
      note: null,
      siteUrl: "https://emberandoak.test",
      signingKey: testSigningKey(),
      now: createdAt,
    });
    if (!approval.ok) throw new Error("approval refused");
    const { body } = (await env.DB.prepare("SELECT body FROM outbox").first<{ body: string }>())!;
    const token = await tokenInEmail(body);

    expect(await findOpenInvitation(env.DB, token, createdAt + 60_000)).toEqual({ memberId: approval.memberId, memberName: "Avery Hale" });
    const hash = (password: string) => hashPassword(password, 100_000);
    expect(await acceptInvitationWithPassword(env.DB, token, "a long enough passphrase", { now: createdAt + 60_000, hash })).toBe(
      approval.memberId,
    );
    const member = await memberRow(approval.memberId);
    expect(member!.status).toBe("active");
    expect(member!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword("a long enough passphrase", member!.password_hash!)).toBe(true);

    expect(await findOpenInvitation(env.DB, token, createdAt + 120_000)).toBeNull();
    expect(await accept(token, "another long passphrase", createdAt + 120_000)).toBeNull();
    expect((await memberRow(approval.memberId))!.password_hash).toBe(member!.password_hash);
    expect(await env.DB.prepare("SELECT used_at FROM member_invitations").first()).toEqual({
      used_at: new Date(createdAt + 60_000).toISOString(),
    });
  }, 120_000);
});

describe("acceptInvitationWithPassword", () => {
  it("lets exactly one of ten concurrent uses of a link through, and keeps that one's password", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    const passwords = Array.from({ length: 10 }, (_, index) => `concurrent passphrase ${index}`);
    // The same millisecond for all ten: the single use must not depend on timestamps differing.
    const results = await Promise.all(passwords.map((password) => accept(token, password)));
    const winners = results.flatMap((result, index) => (result === null ? [] : [index]));
    expect(winners).toHaveLength(1);
    expect(results[winners[0]!]).toBe(member.id);
    expect((await memberRow(member.id))!.password_hash).toBe(`stand-in:${passwords[winners[0]!]}`);
  });

  it("opens until just before 7 days have passed, and not at 7 days", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await findOpenInvitation(env.DB, token, createdAt + INVITATION_LIFETIME_MS - 1)).not.toBeNull();
    expect(await findOpenInvitation(env.DB, token, createdAt + INVITATION_LIFETIME_MS)).toBeNull();
    expect(await accept(token, "a long enough passphrase", createdAt + INVITATION_LIFETIME_MS)).toBeNull();
    expect(await memberRow(member.id)).toMatchObject({ status: "invited", password_hash: null });
    expect(await accept(token, "a long enough passphrase", createdAt + INVITATION_LIFETIME_MS - 1)).toBe(member.id);
  });

  it("refuses a wrong, malformed or empty token without touching any member", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    const wrong = (await newInvitationLink()).token;
    for (const candidate of [wrong, token.slice(0, -1), `${token}x`, "", "../../etc/passwd", token.toUpperCase()]) {
      if (candidate === token) continue;
      expect(await findOpenInvitation(env.DB, candidate, createdAt)).toBeNull();
      expect(await accept(candidate, "a long enough passphrase")).toBeNull();
    }
    expect(await memberRow(member.id)).toMatchObject({ status: "invited", password_hash: null });
  });

  it("refuses a suspended member's link, leaving them suspended", async () => {
    const member = await insertMember({ status: "suspended" });
    const token = await linkFor(member.id);
    expect(await findOpenInvitation(env.DB, token, createdAt)).toBeNull();
    expect(await accept(token, "a long enough passphrase")).toBeNull();
    expect(await memberRow(member.id)).toMatchObject({ status: "suspended", password_hash: null });
    expect(await env.DB.prepare("SELECT used_at FROM member_invitations").first()).toEqual({ used_at: null });
  });

  it("replaces an active member's password through a new link (the operator's reset)", async () => {
    const member = await insertMember({ status: "active" });
    expect(await accept(await linkFor(member.id), "the first passphrase")).toBe(member.id);
    expect(await accept(await linkFor(member.id), "the second passphrase")).toBe(member.id);
    expect((await memberRow(member.id))!.password_hash).toBe("stand-in:the second passphrase");
  });
});

describe("consumeInvitationForGoogle", () => {
  it("links the Google account instead of a password, makes the member active, and works once", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub-1", createdAt + 1)).toBe(member.id);
    expect(await memberRow(member.id)).toEqual({ status: "active", password_hash: null, google_subject: "google-sub-1" });
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub-2", createdAt + 2)).toBeNull();
    expect(await accept(token, "a long enough passphrase")).toBeNull();
    expect((await memberRow(member.id))!.google_subject).toBe("google-sub-1");
  });

  it("lets exactly one of ten concurrent uses through", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => consumeInvitationForGoogle(env.DB, token, `google-sub-${index}`, createdAt + 1)),
    );
    expect(results.filter((result) => result !== null)).toEqual([member.id]);
  });

  it("refuses a Google account that belongs to another member, and the link stays usable", async () => {
    await insertMember({ googleSubject: "taken-sub" });
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await consumeInvitationForGoogle(env.DB, token, "taken-sub", createdAt + 1)).toBeNull();
    expect(await memberRow(member.id)).toEqual({ status: "invited", password_hash: null, google_subject: null });
    expect(await accept(token, "a long enough passphrase")).toBe(member.id);
  });

  it("refuses an expired link", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub", createdAt + INVITATION_LIFETIME_MS)).toBeNull();
  });
});
