import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { workerConfig } from "#worker/config.ts";
import { finishGoogleSignIn, googleClient, startGoogleSignIn } from "#worker/features/sign-in/google-sign-in.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import { newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { fakeGoogleTokenEndpoint } from "#tests/fakes/google-oauth.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";

/** 'Continue with Google' with Google's token endpoint faked. */
const googleEnv = () =>
  ({ ...env, GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "google-secret" }) as unknown as Env;

/** Starts a sign-in like the browser does and returns the callback request Google would send. */
function callback(options: { state?: string; cookies?: (cookies: string[]) => string[]; invitation?: string } = {}) {
  const start = startGoogleSignIn(googleClient(workerConfig(googleEnv()))!, {
    invitation: options.invitation ?? null,
    redirectTo: "/rewards?x=1",
  });
  const state = new URL(start.url).searchParams.get("state")!;
  const cookies = (options.cookies ?? ((all) => all))(start.cookies).map((cookie) => cookie.split(";")[0]);
  return new Request(`http://example.com/auth/google/callback?code=4%2F0Atest&state=${options.state ?? state}`, {
    headers: { Cookie: cookies.join("; ") },
  });
}

async function finish(request: Request) {
  const context = createExecutionContext();
  const result = await finishGoogleSignIn(createRequestContext(googleEnv(), context, request));
  await waitOnExecutionContext(context);
  return result;
}

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("Google sign-in", { timeout: 30_000 }, () => {
  it("sends the member to Google with PKCE (S256), state, and 10-minute HttpOnly cookies", () => {
    const start = startGoogleSignIn(googleClient(workerConfig(googleEnv()))!, {});
    const url = new URL(start.url);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:8787/auth/google/callback");
    expect(url.searchParams.get("scope")).toBe("openid email");
    for (const cookie of start.cookies) expect(cookie).toMatch(/; Max-Age=600; Path=\/auth\/google; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("signs in the active member whose verified Google email it is, links the account, and returns to the page", async () => {
    const member = await createTestMember();
    const exchanges = fakeGoogleTokenEndpoint({ sub: "google-sub-1", email: member.email, email_verified: true });
    const result = await finish(callback());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.redirectTo).toBe("/rewards?x=1");
    expect(exchanges[0]).toMatchObject({ grant_type: "authorization_code", code: "4/0Atest" });
    expect(exchanges[0]!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const session = result.setCookies.find((cookie) => cookie.startsWith("ember_session="))!.split(";")[0]!;
    expect((await loadSignedInMember(new Request("http://example.com/", { headers: { Cookie: session } }), env))?.session).toMatchObject({
      memberId: member.id,
      method: "google",
    });
    expect(await env.DB.prepare("SELECT google_subject FROM members WHERE id = ?").bind(member.id).first()).toEqual({
      google_subject: "google-sub-1",
    });
    expect(result.setCookies.filter((cookie) => cookie.startsWith("google_oauth_"))).toHaveLength(4);
  });

  it("signs in by the linked Google account even when the email changed", async () => {
    const member = await createTestMember({ googleSubject: "google-sub-2" });
    fakeGoogleTokenEndpoint({ sub: "google-sub-2", email: "another@gmail.com", email_verified: true });
    expect(await finish(callback())).toMatchObject({ ok: true, memberId: member.id });
  });

  it.each([
    ["a state that does not match", { state: "forged-state" }, { sub: "x", email: "x@example.com", email_verified: true }],
    [
      "no state cookie",
      { cookies: (all: string[]) => all.filter((cookie) => !cookie.startsWith("google_oauth_state")) },
      { sub: "x", email: "x@example.com", email_verified: true },
    ],
    [
      "no verifier cookie",
      { cookies: (all: string[]) => all.filter((cookie) => !cookie.startsWith("google_oauth_verifier")) },
      { sub: "x", email: "x@example.com", email_verified: true },
    ],
  ])("refuses %s without asking Google", async (_case, options, claims) => {
    const exchanges = fakeGoogleTokenEndpoint(claims);
    const result = await finish(callback(options));
    expect(result.ok).toBe(false);
    expect(exchanges).toEqual([]);
    expect(result.setCookies.some((cookie) => cookie.startsWith("ember_session="))).toBe(false);
  });

  it("refuses an email that belongs to no member, an unverified email, and a suspended member", async () => {
    const suspended = await createTestMember({ status: "suspended" });
    const member = await createTestMember();
    for (const claims of [
      { sub: "google-sub-3", email: "stranger@gmail.com", email_verified: true },
      { sub: "google-sub-4", email: member.email, email_verified: false },
      { sub: "google-sub-5", email: suspended.email, email_verified: true },
    ]) {
      vi.restoreAllMocks();
      fakeGoogleTokenEndpoint(claims);
      expect((await finish(callback())).ok).toBe(false);
    }
    expect(
      await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM members WHERE google_subject IN ('google-sub-3','google-sub-4','google-sub-5')",
      ).first(),
    ).toEqual({ n: 0 });
  });

  it("links Google to a new member through their invitation link, once", async () => {
    const invited = await createTestMember({ status: "invited" });
    const link = await newInvitationLink();
    await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
      .bind(link.tokenHash, invited.id, link.expiresAt)
      .run();
    fakeGoogleTokenEndpoint({ sub: "google-sub-6", email: "a-different-address@gmail.com", email_verified: true });

    expect(await finish(callback({ invitation: link.token }))).toMatchObject({ ok: true, memberId: invited.id });
    expect(await env.DB.prepare("SELECT status, google_subject FROM members WHERE id = ?").bind(invited.id).first()).toEqual({
      status: "active",
      google_subject: "google-sub-6",
    });
    expect((await finish(callback({ invitation: link.token }))).ok).toBe(false);
  });

  it("starts the invited member's session even when the link is used and the session starts in the same millisecond", async () => {
    const invited = await createTestMember({ status: "invited" });
    const link = await newInvitationLink();
    await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
      .bind(link.tokenHash, invited.id, link.expiresAt)
      .run();
    fakeGoogleTokenEndpoint({ sub: "google-sub-7", email: "another-one@gmail.com", email_verified: true });
    const request = callback({ invitation: link.token });
    // The clock does not move during the callback: the link is used and the session begins at one reading of it.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now);
    const result = await finish(request);
    expect(result).toMatchObject({ ok: true, memberId: invited.id });
    if (!result.ok) return;
    const session = result.setCookies.find((cookie) => cookie.startsWith("ember_session="))!.split(";")[0]!;
    const loaded = await loadSignedInMember(new Request("http://example.com/", { headers: { Cookie: session } }), env, now + 2);
    expect(loaded?.session).toMatchObject({ memberId: invited.id, method: "invitation", createdAt: now + 1 });
  });

  it.each([
    ["Google refusing the code", Response.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 })],
    ["a network failure", new TypeError("fetch failed")],
    ["an answer without an ID token", Response.json({ access_token: "x", token_type: "Bearer" })],
  ])("fails uniformly on %s", async (_case, answer) => {
    fakeGoogleTokenEndpoint(answer);
    const result = await finish(callback());
    expect(result).toEqual({ ok: false, paused: false, setCookies: expect.any(Array) });
  });
});
