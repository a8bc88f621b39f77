import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  SESSION_LIFETIME_MS,
  createMemberSession,
  destroyMemberSession,
  readMemberSession,
  renewMemberSessionIfDue,
} from "#worker/features/sign-in/member-session.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

/** A member's session from sign-in to sign-out, against the real KV simulator. */
const DAY = 24 * 60 * 60 * 1000;
const production = { ...env, ENVIRONMENT: "production" as const };

/** The request a browser sends back after receiving this Set-Cookie. */
const requestWith = (setCookie: string) =>
  new Request("http://example.com/members", { headers: { Cookie: `theme=dark; ${setCookie.split(";")[0]}` } });

const attributes = (setCookie: string) => setCookie.split("; ").slice(1).sort();

describe("createMemberSession", () => {
  it("starts a session that the cookie it sets resolves to, for 30 days", async () => {
    const now = Date.now();
    const { token, setCookie } = await createMemberSession(env, "m_create", now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readMemberSession(requestWith(setCookie), env, now)).toEqual({
      memberId: "m_create",
      createdAt: now,
      expiresAt: now + 30 * DAY,
    });
  });

  it("stores only the token's SHA-256 in KV, with a TTL so KV forgets it", async () => {
    const now = Date.now();
    const { token } = await createMemberSession(env, "m_stored", now);
    expect(await env.SESSIONS.get(`session:${token}`)).toBeNull();
    const stored = await env.SESSIONS.getWithMetadata(`session:${await sha256Hex(token)}`);
    expect(JSON.parse(stored.value!)).toEqual({ memberId: "m_stored", createdAt: now, expiresAt: now + SESSION_LIFETIME_MS });
    const listed = await env.SESSIONS.list({ prefix: `session:${await sha256Hex(token)}` });
    expect(listed.keys[0]?.expiration).toBeGreaterThanOrEqual(Math.floor((Date.now() + 30 * DAY) / 1000) - 5);
  });

  it("gives every sign-in a new token", async () => {
    const first = await createMemberSession(env, "m_twice");
    const second = await createMemberSession(env, "m_twice");
    expect(second.token).not.toBe(first.token);
  });

  it("sets an HttpOnly, Secure, Lax, site-wide cookie of 30 days named ember_session in development", async () => {
    const { token, setCookie } = await createMemberSession(env, "m_dev");
    expect(setCookie.startsWith(`ember_session=${token}; `)).toBe(true);
    expect(attributes(setCookie)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("names the cookie __Host-ember_session in production, without a Domain", async () => {
    const { token, setCookie } = await createMemberSession(production, "m_prod");
    expect(setCookie.startsWith(`__Host-ember_session=${token}; `)).toBe(true);
    expect(attributes(setCookie)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
    expect(await readMemberSession(requestWith(setCookie), production)).toMatchObject({ memberId: "m_prod" });
    expect(await readMemberSession(requestWith(setCookie.replace("__Host-", "")), production)).toBeNull();
  });
});

describe("readMemberSession", () => {
  it("is anonymous once the 30 days are over", async () => {
    const start = Date.now();
    const { setCookie } = await createMemberSession(env, "m_expired", start);
    expect(await readMemberSession(requestWith(setCookie), env, start + 30 * DAY - 1)).not.toBeNull();
    expect(await readMemberSession(requestWith(setCookie), env, start + 30 * DAY)).toBeNull();
  });
});

describe("renewMemberSessionIfDue", () => {
  it("leaves a session alone while at least half its lifetime remains", async () => {
    const start = Date.now();
    const { setCookie } = await createMemberSession(env, "m_fresh", start);
    for (const elapsed of [0, DAY, 15 * DAY]) {
      const now = start + elapsed;
      const session = (await readMemberSession(requestWith(setCookie), env, now))!;
      expect(await renewMemberSessionIfDue(requestWith(setCookie), env, session, now)).toBeNull();
    }
    expect(await readMemberSession(requestWith(setCookie), env, start + 30 * DAY)).toBeNull();
  });

  it("renews the same token for a full 30 days once less than half remains", async () => {
    const start = Date.now();
    const { token, setCookie } = await createMemberSession(env, "m_renew", start);
    const now = start + 15 * DAY + 1;
    const session = (await readMemberSession(requestWith(setCookie), env, now))!;
    const renewal = await renewMemberSessionIfDue(requestWith(setCookie), env, session, now);
    expect(renewal).toBe(setCookie);
    expect(renewal?.startsWith(`ember_session=${token}; `)).toBe(true);
    expect(await readMemberSession(requestWith(setCookie), env, now + 30 * DAY - 1)).toEqual({
      memberId: "m_renew",
      createdAt: start,
      expiresAt: now + 30 * DAY,
    });
  });

  it("does not bring back a session signed out during the request", async () => {
    const start = Date.now();
    const { setCookie } = await createMemberSession(env, "m_raced", start);
    const now = start + 20 * DAY;
    const session = (await readMemberSession(requestWith(setCookie), env, now))!;
    await destroyMemberSession(requestWith(setCookie), env);
    expect(await renewMemberSessionIfDue(requestWith(setCookie), env, session, now)).toBeNull();
    expect(await readMemberSession(requestWith(setCookie), env, now)).toBeNull();
  });
});

describe("destroyMemberSession", () => {
  it("deletes the session server-side, so replaying the old cookie is anonymous", async () => {
    const { token, setCookie } = await createMemberSession(env, "m_signout");
    const clearing = await destroyMemberSession(requestWith(setCookie), env);
    expect(await env.SESSIONS.get(`session:${await sha256Hex(token)}`)).toBeNull();
    expect(await readMemberSession(requestWith(setCookie), env)).toBeNull();
    expect(clearing.startsWith("ember_session=; ")).toBe(true);
    expect(attributes(clearing)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("clears the __Host- cookie in production, and only this session", async () => {
    const kept = await createMemberSession(production, "m_two_devices");
    const ended = await createMemberSession(production, "m_two_devices");
    const clearing = await destroyMemberSession(requestWith(ended.setCookie), production);
    expect(clearing.startsWith("__Host-ember_session=; ")).toBe(true);
    expect(await readMemberSession(requestWith(ended.setCookie), production)).toBeNull();
    expect(await readMemberSession(requestWith(kept.setCookie), production)).toMatchObject({ memberId: "m_two_devices" });
  });

  it("still clears the cookie when there is no session to delete", async () => {
    const clearing = await destroyMemberSession(new Request("http://example.com/auth/sign-out"), env);
    expect(clearing).toBe("ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});
