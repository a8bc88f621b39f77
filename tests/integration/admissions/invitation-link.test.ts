import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { approveInvitationRequest } from "#worker/features/admissions/admissions.ts";
import { activatePaidOffer } from "#worker/features/dues/offer-activation.ts";
import { workerConfig } from "#worker/config.ts";
import {
  INVITATION_LIFETIME_MS,
  confirmInvitation,
  consumeInvitationForGoogle,
  findOpenInvitation,
  newInvitationLink,
} from "#worker/features/admissions/invitation-links.ts";
import { loadSignedInMember, startMemberSession } from "#worker/features/sign-in/member-session.ts";
import {
  clearAdmissionTables,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
  tokenInEmail,
} from "#tests/integration/support/concierge-fixtures.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";

/** Single-use invitation links against the real D1. */
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
  env.DB.prepare("SELECT status, email_confirmed_at, google_subject FROM members WHERE id = ?")
    .bind(id)
    .first<{ status: string; email_confirmed_at: string | null; google_subject: string | null }>();

const confirm = (token: string, now = createdAt + 60_000) => confirmInvitation(env.DB, token, now);

/** A passkey on the member's membership, as registration stores it. */
async function addPasskey(memberId: string) {
  await env.DB.prepare(
    "INSERT INTO member_passkeys (id, member_id, name, public_key, counter, device_type, backed_up, created_at) VALUES (?, ?, 'Chrome on macOS', 'pk', 0, 'multiDevice', 1, ?)",
  )
    .bind(`credential-${crypto.randomUUID()}`, memberId, createdAt)
    .run();
}

const passkeyCount = async (memberId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM member_passkeys WHERE member_id = ?").bind(memberId).first<{ n: number }>())!.n;

/** A request from the browser that holds this session cookie. */
const requestWith = (cookie: string) => new Request("https://emberandoak.test/members", { headers: { Cookie: cookie } });

describe("a link from a paid offer", () => {
  it("shows the member's name, confirms their email, makes them active, and works once", async () => {
    const concierge = await insertMember({ role: "concierge" });
    const request = await insertInvitationRequest({ name: "Avery Hale" });
    const offer = await approveInvitationRequest(
      { env, config: workerConfig(env), signingKey: testSigningKey() },
      { requestId: request.id, conciergeId: concierge.id, tier: "business", note: null, now: createdAt },
    );
    if (!offer.ok) throw new Error("approval refused");
    const approval = await activatePaidOffer(env.DB, {
      requestId: request.id,
      method: "cash",
      externalId: `recorded-${request.id}`,
      amountCents: 189_700,
      occurredAt: new Date(createdAt).toISOString(),
      paidThrough: new Date(createdAt + 90 * 86_400_000).toISOString(),
      siteUrl: "https://emberandoak.test",
      signingKey: testSigningKey(),
      now: createdAt,
    });
    if (!approval.ok) throw new Error("payment refused");
    const { body } = (await env.DB.prepare("SELECT body FROM outbox WHERE id = ?").bind(approval.outboxId).first<{ body: string }>())!;
    const token = await tokenInEmail(body);

    expect(await findOpenInvitation(env.DB, token, createdAt + 60_000)).toEqual({ memberId: approval.memberId, memberName: "Avery Hale" });
    expect(await confirm(token)).toBe(approval.memberId);
    expect(await memberRow(approval.memberId)).toEqual({
      status: "active",
      email_confirmed_at: new Date(createdAt + 60_000).toISOString(),
      google_subject: null,
    });

    expect(await findOpenInvitation(env.DB, token, createdAt + 120_000)).toBeNull();
    expect(await confirm(token, createdAt + 120_000)).toBeNull();
    expect((await memberRow(approval.memberId))!.email_confirmed_at).toBe(new Date(createdAt + 60_000).toISOString());
    expect(await env.DB.prepare("SELECT used_at FROM member_invitations").first()).toEqual({
      used_at: new Date(createdAt + 60_000).toISOString(),
    });
  });
});

describe("confirmInvitation", () => {
  it("lets exactly one of ten concurrent confirmations through", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    // The same millisecond for all ten: the single use must not depend on timestamps differing.
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(results.filter((result) => result !== null)).toEqual([member.id]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS used FROM member_invitations WHERE used_at IS NOT NULL").first()).toEqual({ used: 1 });
  });

  it("opens until just before 7 days have passed, and not at 7 days", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await findOpenInvitation(env.DB, token, createdAt + INVITATION_LIFETIME_MS - 1)).not.toBeNull();
    expect(await findOpenInvitation(env.DB, token, createdAt + INVITATION_LIFETIME_MS)).toBeNull();
    expect(await confirm(token, createdAt + INVITATION_LIFETIME_MS)).toBeNull();
    expect(await memberRow(member.id)).toMatchObject({ status: "invited", email_confirmed_at: null });
    expect(await confirm(token, createdAt + INVITATION_LIFETIME_MS - 1)).toBe(member.id);
  });

  it("refuses a wrong, malformed or empty token without touching any member", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    const wrong = (await newInvitationLink()).token;
    for (const candidate of [wrong, token.slice(0, -1), `${token}x`, "", "../../etc/passwd", token.toUpperCase()]) {
      if (candidate === token) continue;
      expect(await findOpenInvitation(env.DB, candidate, createdAt)).toBeNull();
      expect(await confirm(candidate)).toBeNull();
    }
    expect(await memberRow(member.id)).toMatchObject({ status: "invited", email_confirmed_at: null });
  });

  it("refuses a suspended member's link, leaving them suspended, with their passkeys", async () => {
    const member = await insertMember({ status: "suspended" });
    await addPasskey(member.id);
    const token = await linkFor(member.id);
    expect(await findOpenInvitation(env.DB, token, createdAt)).toBeNull();
    expect(await confirm(token)).toBeNull();
    expect(await memberRow(member.id)).toMatchObject({ status: "suspended", email_confirmed_at: null });
    expect(await env.DB.prepare("SELECT used_at FROM member_invitations").first()).toEqual({ used_at: null });
    expect(await passkeyCount(member.id)).toBe(1);
  });

  it("lets an active member back in through a new link (the operator's way back for a locked-out member)", async () => {
    const member = await insertMember({ status: "active" });
    expect(await confirm(await linkFor(member.id), createdAt + 60_000)).toBe(member.id);
    expect(await confirm(await linkFor(member.id), createdAt + 120_000)).toBe(member.id);
    expect((await memberRow(member.id))!.email_confirmed_at).toBe(new Date(createdAt + 120_000).toISOString());
  });
});

describe("a used link ends every session the member had and removes their passkeys", () => {
  const uses = {
    confirmInvitation: (token: string, now: number) => confirmInvitation(env.DB, token, now),
    consumeInvitationForGoogle: (token: string, now: number) => consumeInvitationForGoogle(env.DB, token, "google-sub-sessions", now),
  };

  for (const [name, use] of Object.entries(uses)) {
    it(`${name}: a session from before no longer loads, no passkey is left; a session started a millisecond later loads`, async () => {
      const member = await insertMember({ status: "active" });
      const other = await insertMember({ status: "active" });
      await Promise.all([addPasskey(member.id), addPasskey(member.id), addPasskey(other.id)]);
      const now = Date.now();
      const token = await linkFor(member.id, now - 120_000);
      const earlier = await signedInAs(member, { now: now - 60_000 });
      expect(await loadSignedInMember(requestWith(earlier.cookie), env, now)).not.toBeNull();

      expect(await use(token, now)).toBe(member.id);
      // The operator's way back in is a fresh start: a passkey lost with a device opens nothing now.
      expect(await passkeyCount(member.id)).toBe(0);
      expect(await passkeyCount(other.id)).toBe(1);
      expect(await loadSignedInMember(requestWith(earlier.cookie), env, now + 2)).toBeNull();
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ?").bind(member.id).first()).toEqual({
        n: 0,
      });
      // A session stamped with the confirmation's own millisecond is refused: the page starts at now + 1.
      const request = new Request("https://emberandoak.test/invitation");
      expect(await startMemberSession(env, request, member.id, "invitation", now)).toBeNull();
      const fresh = await startMemberSession(env, request, member.id, "invitation", now + 1);
      expect(fresh).not.toBeNull();
      const loaded = await loadSignedInMember(requestWith(fresh!.setCookie.split(";")[0]!), env, now + 2);
      expect(loaded?.session).toMatchObject({ memberId: member.id, method: "invitation", createdAt: now + 1 });
    });
  }
});

describe("consumeInvitationForGoogle", () => {
  it("links the Google account, confirms the email, makes the member active, and works once", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub-1", createdAt + 1)).toBe(member.id);
    expect(await memberRow(member.id)).toEqual({
      status: "active",
      email_confirmed_at: new Date(createdAt + 1).toISOString(),
      google_subject: "google-sub-1",
    });
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub-2", createdAt + 2)).toBeNull();
    expect(await confirm(token)).toBeNull();
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
    expect(await memberRow(member.id)).toEqual({ status: "invited", email_confirmed_at: null, google_subject: null });
    expect(await confirm(token)).toBe(member.id);
  });

  it("refuses an expired link", async () => {
    const member = await insertMember({ status: "invited" });
    const token = await linkFor(member.id);
    expect(await consumeInvitationForGoogle(env.DB, token, "google-sub", createdAt + INVITATION_LIFETIME_MS)).toBeNull();
  });
});
