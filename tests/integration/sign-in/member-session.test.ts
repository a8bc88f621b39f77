import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readMemberSession } from "#worker/features/sign-in/member-session.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

const token = "a".repeat(43);
const request = (cookie?: string) => new Request("http://example.com/members", { headers: cookie ? { Cookie: cookie } : {} });

describe("readMemberSession", () => {
  it("is anonymous without a session cookie", async () => {
    expect(await readMemberSession(request(), env)).toBeNull();
  });

  it("resolves a session whose token hash is stored in KV and has not expired", async () => {
    await env.SESSIONS.put(`session:${await sha256Hex(token)}`, JSON.stringify({ memberId: "m_1", expiresAt: Date.now() + 60_000 }));
    expect(await readMemberSession(request(`theme=dark; ember_session=${token}`), env)).toMatchObject({ memberId: "m_1" });
  });

  it("never stores or looks up the raw token", async () => {
    await env.SESSIONS.put(`session:${token}`, JSON.stringify({ memberId: "m_raw", expiresAt: Date.now() + 60_000 }));
    const other = "b".repeat(43);
    await env.SESSIONS.put(`session:${other}`, JSON.stringify({ memberId: "m_raw", expiresAt: Date.now() + 60_000 }));
    expect(await readMemberSession(request(`ember_session=${other}`), env)).toBeNull();
  });

  it("is anonymous once the session has expired", async () => {
    await env.SESSIONS.put(`session:${await sha256Hex(token)}`, JSON.stringify({ memberId: "m_1", expiresAt: Date.now() - 1 }));
    expect(await readMemberSession(request(`ember_session=${token}`), env)).toBeNull();
  });

  it("ignores malformed tokens and malformed stored sessions", async () => {
    expect(await readMemberSession(request("ember_session=short"), env)).toBeNull();
    await env.SESSIONS.put(`session:${await sha256Hex(token)}`, "not json at all");
    await expect(readMemberSession(request(`ember_session=${token}`), env)).resolves.toBeNull();
  });

  it("reads only the __Host- cookie in production", async () => {
    await env.SESSIONS.put(`session:${await sha256Hex(token)}`, JSON.stringify({ memberId: "m_1", expiresAt: Date.now() + 60_000 }));
    const production = { ...env, ENVIRONMENT: "production" as const };
    expect(await readMemberSession(request(`ember_session=${token}`), production)).toBeNull();
    expect(await readMemberSession(request(`__Host-ember_session=${token}`), production)).toMatchObject({ memberId: "m_1" });
  });
});
