import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInWithPassword } from "#worker/features/sign-in/password-sign-in.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { readMemberSession } from "#worker/features/sign-in/member-session.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";

/**
 * Email and password sign-in against the real D1 and KV. Test members are hashed with 100,000
 * iterations (fast), but an unknown email costs the full 600,000-iteration work by design, hence
 * the long timeout.
 */
let clientAddress = "";

async function signIn(email: string, password: string, address = clientAddress) {
  const context = createExecutionContext();
  const result = await signInWithPassword(
    createRequestContext(
      env,
      context,
      new Request("http://example.com/auth", { method: "POST", headers: { "CF-Connecting-IP": address } }),
    ),
    { email, password },
  );
  await waitOnExecutionContext(context);
  return result;
}

beforeEach(async () => {
  clientAddress = uniqueClientAddress();
  await env.DB.prepare("DELETE FROM security_events").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("signInWithPassword", { timeout: 90_000 }, () => {
  it("signs an active member in with a new session cookie that resolves to them", async () => {
    const member = await createTestMember();
    const result = await signIn(` ${member.email.toUpperCase()} `, member.password);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.setCookie).toMatch(/^ember_session=[A-Za-z0-9_-]{43}; /);
    const cookie = result.setCookie.split(";")[0]!;
    expect(await readMemberSession(new Request("http://example.com/", { headers: { Cookie: cookie } }), env)).toMatchObject({
      memberId: member.id,
    });

    const again = await signIn(member.email, member.password);
    expect(again.ok && again.setCookie.split(";")[0]).not.toBe(cookie);
    const events = await env.DB.prepare("SELECT event_type, user_id FROM security_events WHERE event_type = 'authn_login_success'").all();
    expect(events.results).toContainEqual({ event_type: "authn_login_success", user_id: member.id });
  });

  it("answers a wrong password, an unknown email, a suspended or an invited member the same way", async () => {
    const active = await createTestMember();
    const suspended = await createTestMember({ status: "suspended" });
    const invited = await createTestMember({ status: "invited", password: null });
    const results = [
      await signIn(active.email, "wrong password entirely"),
      await signIn("nobody@example.com", active.password),
      await signIn(suspended.email, suspended.password),
      await signIn(invited.email, "anything at all"),
    ];
    expect(results).toEqual(Array(4).fill({ ok: false, reason: "invalid" }));
    const failures = await env.DB.prepare("SELECT COUNT(*) AS n FROM security_events WHERE event_type = 'authn_login_fail'").first<{
      n: number;
    }>();
    expect(failures!.n).toBe(4);
    const logged = JSON.stringify((await env.DB.prepare("SELECT * FROM security_events").all()).results);
    expect(logged).not.toContain(active.password);
    expect(logged).not.toContain("wrong password entirely");
  });

  it("allows 5 attempts per account per 15 minutes, strictly, even from many addresses at once", async () => {
    const member = await createTestMember();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => signIn(member.email, "wrong password entirely", uniqueClientAddress())),
    );
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.reason === "rate_limited")).toHaveLength(3);
    expect((await signIn(member.email, member.password, uniqueClientAddress())).ok).toBe(false);
  });

  it("limits one address to 10 attempts per 15 minutes across accounts", async () => {
    const others = await Promise.all(Array.from({ length: 10 }, () => createTestMember()));
    for (const other of others) expect(await signIn(other.email, "wrong password")).toEqual({ ok: false, reason: "invalid" });
    const member = await createTestMember();
    expect(await signIn(member.email, member.password)).toMatchObject({ ok: false, reason: "rate_limited" });
  });

  it("counts unknown emails too, so the limit says nothing about who is a member", async () => {
    for (let attempt = 0; attempt < 5; attempt++) await signIn("ghost@example.com", "x", uniqueClientAddress());
    expect(await signIn("ghost@example.com", "x", uniqueClientAddress())).toMatchObject({ ok: false, reason: "rate_limited" });
  });

  it("forgets an account's failed attempts once the member signs in", async () => {
    const member = await createTestMember();
    for (let attempt = 0; attempt < 4; attempt++) await signIn(member.email, "wrong", uniqueClientAddress());
    expect((await signIn(member.email, member.password, uniqueClientAddress())).ok).toBe(true);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(member.email, "wrong", uniqueClientAddress());
    expect((await signIn(member.email, member.password, uniqueClientAddress())).ok).toBe(true);
  });
});
