import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  LAST_SEEN_PRECISION_MS,
  SESSION_LIFETIME_MS,
  endMemberSession,
  loadSignedInMember,
  renewMemberSessionIfDue,
  startMemberSession,
} from "#worker/features/sign-in/member-session.ts";
import { deleteExpiredRecords } from "#worker/features/operations/data-retention.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";

/** A member's session from sign-in to sign-out, in D1 (docs/security.md#sessions). */
const DAY = 24 * 60 * 60 * 1000;
const production = { ...env, ENVIRONMENT: "production" as const };
const signInRequest = new Request("http://example.com/auth", {
  headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1" },
});

/** The request a browser sends back after receiving this Set-Cookie. */
const requestWith = (setCookie: string) =>
  new Request("http://example.com/members", { headers: { Cookie: `theme=dark; ${setCookie.split(";")[0]}` } });

const attributes = (setCookie: string) => setCookie.split("; ").slice(1).sort();

async function started(memberId: string, now = Date.now(), environment: Pick<Env, "DB" | "ENVIRONMENT"> = env) {
  const session = await startMemberSession(environment, signInRequest, memberId, "code", now);
  if (!session) throw new Error("no session");
  return session;
}

const storedRows = (memberId: string) =>
  env.DB.prepare("SELECT * FROM member_sessions WHERE member_id = ?").bind(memberId).all<Record<string, unknown>>();

describe("startMemberSession", () => {
  it("starts a session that the cookie it sets resolves to, for 30 days, describing the device", async () => {
    const member = await createTestMember();
    const now = Date.now();
    const { token, setCookie } = await started(member.id, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = await loadSignedInMember(requestWith(setCookie), env, now);
    expect(signedIn?.member.id).toBe(member.id);
    expect(signedIn?.session).toMatchObject({ memberId: member.id, method: "code", createdAt: now, expiresAt: now + 30 * DAY });
    expect((await storedRows(member.id)).results[0]).toMatchObject({ device: "Safari on iPhone" });
  });

  it("stores only the token's SHA-256, never the token", async () => {
    const member = await createTestMember();
    const { token } = await started(member.id);
    const rows = (await storedRows(member.id)).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("gives every sign-in a new token and a new row", async () => {
    const member = await createTestMember();
    const first = await started(member.id);
    const second = await started(member.id);
    expect(second.token).not.toBe(first.token);
    expect((await storedRows(member.id)).results).toHaveLength(2);
  });

  it("sets an HttpOnly, Secure, Lax, site-wide cookie of 30 days named ember_session in development", async () => {
    const member = await createTestMember();
    const { token, setCookie } = await started(member.id);
    expect(setCookie.startsWith(`ember_session=${token}; `)).toBe(true);
    expect(attributes(setCookie)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("names the cookie __Host-ember_session in production, without a Domain, and reads only that name there", async () => {
    const member = await createTestMember();
    const { token, setCookie } = await started(member.id, Date.now(), production);
    expect(setCookie.startsWith(`__Host-ember_session=${token}; `)).toBe(true);
    expect(attributes(setCookie)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
    expect(await loadSignedInMember(requestWith(setCookie), production)).not.toBeNull();
    expect(await loadSignedInMember(requestWith(setCookie.replace("__Host-", "")), production)).toBeNull();
  });

  it("starts no session for a member who is invited or suspended", async () => {
    for (const status of ["invited", "suspended"] as const) {
      const member = await createTestMember({ status });
      expect(await startMemberSession(env, signInRequest, member.id, "code")).toBeNull();
      expect((await storedRows(member.id)).results).toEqual([]);
    }
  });
});

describe("loadSignedInMember", () => {
  it("is anonymous without a cookie, with a malformed token, or with a token D1 does not know", async () => {
    const request = (cookie?: string) => new Request("http://example.com/members", { headers: cookie ? { Cookie: cookie } : {} });
    expect(await loadSignedInMember(request(), env)).toBeNull();
    expect(await loadSignedInMember(request("ember_session=short"), env)).toBeNull();
    expect(await loadSignedInMember(request(`ember_session=${"a".repeat(43)}`), env)).toBeNull();
  });

  it("does not open a session by its stored hash used as a token", async () => {
    const member = await createTestMember();
    const { token } = await started(member.id);
    const hash = await sha256Hex(token);
    expect(await loadSignedInMember(new Request("http://example.com/", { headers: { Cookie: `ember_session=${hash}` } }), env)).toBeNull();
  });

  it("is anonymous once the 30 days are over", async () => {
    const member = await createTestMember();
    const start = Date.now();
    const { setCookie } = await started(member.id, start);
    expect(await loadSignedInMember(requestWith(setCookie), env, start + 30 * DAY - 1)).not.toBeNull();
    expect(await loadSignedInMember(requestWith(setCookie), env, start + 30 * DAY)).toBeNull();
  });

  it("writes 'last seen' at most every few minutes", async () => {
    const member = await createTestMember();
    const start = Date.now();
    const { setCookie } = await started(member.id, start);
    await loadSignedInMember(requestWith(setCookie), env, start + LAST_SEEN_PRECISION_MS - 1);
    expect((await storedRows(member.id)).results[0]).toMatchObject({ last_seen_at: start });
    const later = start + LAST_SEEN_PRECISION_MS;
    expect((await loadSignedInMember(requestWith(setCookie), env, later))?.session.lastSeenAt).toBe(later);
    expect((await storedRows(member.id)).results[0]).toMatchObject({ last_seen_at: later });
  });
});

describe("renewMemberSessionIfDue", () => {
  it("leaves a session alone while at least half its lifetime remains", async () => {
    const member = await createTestMember();
    const start = Date.now();
    const { setCookie } = await started(member.id, start);
    for (const elapsed of [0, DAY, 15 * DAY]) {
      const now = start + elapsed;
      const { session } = (await loadSignedInMember(requestWith(setCookie), env, now))!;
      expect(await renewMemberSessionIfDue(requestWith(setCookie), env, session, now)).toBeNull();
    }
    expect(await loadSignedInMember(requestWith(setCookie), env, start + 30 * DAY)).toBeNull();
  });

  it("renews the same token for a full 30 days once less than half remains", async () => {
    const member = await createTestMember();
    const start = Date.now();
    const { token, setCookie } = await started(member.id, start);
    const now = start + 15 * DAY + 1;
    const { session } = (await loadSignedInMember(requestWith(setCookie), env, now))!;
    const renewal = await renewMemberSessionIfDue(requestWith(setCookie), env, session, now);
    expect(renewal).toBe(setCookie);
    expect(renewal?.startsWith(`ember_session=${token}; `)).toBe(true);
    expect((await loadSignedInMember(requestWith(setCookie), env, now + SESSION_LIFETIME_MS - 1))?.session).toMatchObject({
      createdAt: start,
      expiresAt: now + SESSION_LIFETIME_MS,
    });
  });

  it("does not bring back a session signed out during the request", async () => {
    const member = await createTestMember();
    const start = Date.now();
    const { setCookie } = await started(member.id, start);
    const now = start + 20 * DAY;
    const { session } = (await loadSignedInMember(requestWith(setCookie), env, now))!;
    await endMemberSession(requestWith(setCookie), env);
    expect(await renewMemberSessionIfDue(requestWith(setCookie), env, session, now)).toBeNull();
    expect(await loadSignedInMember(requestWith(setCookie), env, now)).toBeNull();
  });
});

describe("endMemberSession (sign-out)", () => {
  it("deletes the session's row, so replaying the old cookie is anonymous, and clears the cookie", async () => {
    const member = await createTestMember();
    const { setCookie } = await started(member.id);
    const clearing = await endMemberSession(requestWith(setCookie), env);
    expect((await storedRows(member.id)).results).toEqual([]);
    expect(await loadSignedInMember(requestWith(setCookie), env)).toBeNull();
    expect(clearing.startsWith("ember_session=; ")).toBe(true);
    expect(attributes(clearing)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("clears the __Host- cookie in production, and ends only this session", async () => {
    const member = await createTestMember();
    const kept = await started(member.id, Date.now(), production);
    const ended = await started(member.id, Date.now(), production);
    const clearing = await endMemberSession(requestWith(ended.setCookie), production);
    expect(clearing.startsWith("__Host-ember_session=; ")).toBe(true);
    expect(await loadSignedInMember(requestWith(ended.setCookie), production)).toBeNull();
    expect((await loadSignedInMember(requestWith(kept.setCookie), production))?.member.id).toBe(member.id);
  });

  it("still clears the cookie when there is no session to delete", async () => {
    const clearing = await endMemberSession(new Request("http://example.com/auth/sign-out"), env);
    expect(clearing).toBe("ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("the daily clean-up", () => {
  it("deletes expired sessions, WebAuthn challenges and sign-in codes, and keeps live ones", async () => {
    const member = await createTestMember();
    const now = Date.now();
    const old = await started(member.id, now - SESSION_LIFETIME_MS - 1);
    const live = await started(member.id, now);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO webauthn_challenges (challenge_hash, purpose, member_id, expires_at) VALUES (?, 'sign-in', NULL, ?), (?, 'sign-in', NULL, ?)",
      ).bind("expired-challenge", now - 1, "live-challenge", now + 60_000),
      env.DB.prepare(
        "INSERT INTO sign_in_codes (email_key, code_hash, attempts, expires_at, created_at) VALUES (?, 'h', 0, ?, ?), (?, 'h', 0, ?, ?)",
      ).bind("expired-code", now - 1, now - 600_001, "live-code", now + 60_000, now),
    ]);
    await deleteExpiredRecords(env.DB, now);
    const hashes = (await storedRows(member.id)).results.map((row) => row.token_hash);
    expect(hashes).toEqual([await sha256Hex(live.token)]);
    expect(hashes).not.toContain(await sha256Hex(old.token));
    const challenges = await env.DB.prepare("SELECT challenge_hash FROM webauthn_challenges WHERE challenge_hash LIKE '%-challenge'").all();
    expect(challenges.results).toEqual([{ challenge_hash: "live-challenge" }]);
    const codes = await env.DB.prepare("SELECT email_key FROM sign_in_codes WHERE email_key LIKE '%-code'").all();
    expect(codes.results).toEqual([{ email_key: "live-code" }]);
  });
});
