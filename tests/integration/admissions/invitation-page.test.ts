import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import { action, loader } from "#app/features/admissions/routes/invitation.tsx";
import { invitationUrl, newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { answerOf } from "#tests/integration/fuzz/fuzz-bodies.ts";
import { clearAdmissionTables, insertMember } from "#tests/integration/support/concierge-fixtures.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * The invitation page (docs/security.md#invitation-links): the emailed link carries its token after
 * `#`, so the token reaches the Worker only in a form body and then an HttpOnly cookie, never in a
 * request URL, which Workers Logs would keep.
 */
const origin = "https://emberandoak.test";
const INVALID_LINK = "This invitation link is no longer valid. Ask the concierge for a new one.";
let token = "";

beforeEach(async () => {
  await clearAdmissionTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
  const invited = await insertMember({ status: "invited", name: "Avery Hale" });
  const link = await newInvitationLink();
  await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
    .bind(link.tokenHash, invited.id, link.expiresAt)
    .run();
  token = link.token;
});
afterEach(() => vi.restoreAllMocks());

function pageArgs(request: Request) {
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context };
}

const post = (fields: Record<string, string>, cookie?: string) =>
  answerOf(async () =>
    action(
      pageArgs(
        new Request(`${origin}/invitation`, {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
          body: new URLSearchParams(fields),
        }),
      ),
    ),
  );

const load = (cookie?: string) =>
  answerOf(async () => loader(pageArgs(new Request(`${origin}/invitation`, { headers: cookie ? { Cookie: cookie } : {} }))));

/** The cookie a browser would send back from a Set-Cookie header. */
const cookieFrom = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

describe("the invitation page", () => {
  it("emails a link whose token is after '#', so it is never part of a request URL", () => {
    const link = new URL(invitationUrl(origin, token));
    expect(link.pathname).toBe("/invitation");
    expect(link.search).toBe("");
    expect(link.hash).toBe(`#${token}`);
  });

  it("opens the posted link into an HttpOnly, Strict cookie, then confirms the email through it and signs the member in", async () => {
    const opened = await post({ intent: "open", link: invitationUrl(origin, token) });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/invitation");
    const setCookie = opened.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^ember_invitation=[A-Za-z0-9_-]{43}; Max-Age=1800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);

    const page = await load(cookieFrom(setCookie));
    expect(page.data).toEqual({ stage: "welcome", memberName: "Avery Hale", google: false });

    const confirmed = await post({ intent: "confirm" }, cookieFrom(setCookie));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/invitation");
    const cookies = confirmed.headers.getSetCookie();
    expect(cookies).toContainEqual(expect.stringMatching(/^ember_invitation=; Max-Age=0; Path=\/;/));
    const session = cookies.find((cookie) => cookie.startsWith("ember_session="));
    expect(session).toMatch(/^ember_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(
      await env.DB.prepare("SELECT status, email_confirmed_at IS NOT NULL AS confirmed FROM members WHERE name = 'Avery Hale'").first(),
    ).toEqual({ status: "active", confirmed: 1 });

    // The next screen: signed in through the link, the member is offered a passkey or codes.
    expect((await load(cookieFrom(session!))).data).toEqual({ stage: "confirmed", memberName: "Avery Hale" });

    // Used once: the same cookie now opens nothing, and the page clears it.
    const again = await load(cookieFrom(setCookie));
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ stage: "invalid" });
    expect(again.headers.get("Set-Cookie")).toMatch(/^ember_invitation=; Max-Age=0/);
  });

  it("ends the sessions a member had before confirming through a new link", async () => {
    const member = await insertMember({ status: "active", name: "Blair Moss" });
    const earlier = await signedInAs(member);
    expect((await load(earlier.cookie)).data).toEqual({ stage: "open" });
    const link = await newInvitationLink();
    await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
      .bind(link.tokenHash, member.id, link.expiresAt)
      .run();
    const opened = await post({ intent: "open", link: link.token });
    const confirmed = await post({ intent: "confirm" }, cookieFrom(opened.headers.get("Set-Cookie")));
    expect(confirmed.status).toBe(303);
    const session = confirmed.headers.getSetCookie().find((cookie) => cookie.startsWith("ember_session="));
    expect((await load(cookieFrom(session!))).data).toEqual({ stage: "confirmed", memberName: "Blair Moss" });
    const rows = await env.DB.prepare("SELECT method FROM member_sessions WHERE member_id = ?").bind(member.id).all();
    expect(rows.results).toEqual([{ method: "invitation" }]);
    expect(await loadSignedInMember(new Request(`${origin}/members`, { headers: { Cookie: earlier.cookie } }), env)).toBeNull();
  });

  it("accepts the token alone, as a member without scripts might paste it", async () => {
    expect((await post({ intent: "open", link: `  ${token} ` })).status).toBe(303);
  });

  it("answers an unknown link, a missing cookie and a forged cookie with the one invalid-link message", async () => {
    for (const answer of [
      await post({ intent: "open", link: `${origin}/invitation#${"x".repeat(43)}` }),
      await post({ intent: "open", link: "not a link" }),
      await post({ intent: "confirm" }),
      await post({ intent: "confirm" }, `ember_invitation=${"y".repeat(43)}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ ok: false, error: INVALID_LINK });
    }
    expect(await env.DB.prepare("SELECT status FROM members WHERE name = 'Avery Hale'").first()).toEqual({ status: "invited" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions").first()).toEqual({ n: 0 });
  });

  it("asks for the link when the page is opened without one", async () => {
    expect((await load()).data).toEqual({ stage: "open" });
  });
});
