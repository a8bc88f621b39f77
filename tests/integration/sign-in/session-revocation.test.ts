import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { getDatabase } from "#db/client.ts";
import { cardDevices } from "#db/schema.ts";
import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { requireMember } from "#app/features/sign-in/require-member.server.ts";
import { action as devicesAction, loader as devicesLoader } from "#app/features/sign-in/routes/devices.tsx";
import { confirmInvitation, replaceInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { setMemberStatus } from "#worker/features/members/members.ts";
import { removeMemberPasskey } from "#worker/features/sign-in/member-passkeys.ts";
import {
  endEveryMemberSession,
  endOneMemberSession,
  listMemberSessions,
  loadSignedInMember,
  startMemberSession,
} from "#worker/features/sign-in/member-session.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { createTestMember, signedInAs, type TestMember } from "#tests/integration/support/member-fixtures.ts";

/**
 * Every way a member's sessions end (docs/security.md#sessions): the member's "sessions valid
 * after" time, read by the same D1 query that loads the member on every members-only request,
 * and the session rows themselves. Each case signs the member in on two devices first.
 */
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1";

const requestWith = (cookie: string) => new Request("http://example.com/members", { headers: { Cookie: cookie } });
const isSignedIn = async (cookie: string) => (await loadSignedInMember(requestWith(cookie), env)) !== null;

async function onTwoDevices(member: TestMember) {
  return { laptop: await signedInAs(member, { userAgent: LAPTOP }), phone: await signedInAs(member, { userAgent: PHONE }) };
}

async function addPasskey(memberId: string, id: string, name = "iCloud Keychain") {
  await env.DB.prepare(
    "INSERT INTO member_passkeys (id, member_id, name, public_key, counter, device_type, backed_up, created_at) VALUES (?, ?, ?, 'pk', 0, 'multiDevice', 1, ?)",
  )
    .bind(id, memberId, name, Date.now())
    .run();
}

const securityEvents = async (memberId: string) =>
  (
    await env.DB.prepare("SELECT event_type, severity FROM security_events WHERE user_id = ? ORDER BY id")
      .bind(memberId)
      .all<{ event_type: string; severity: string }>()
  ).results;

describe("ending every session", () => {
  it("suspension ends every session at once", async () => {
    const member = await createTestMember();
    const { laptop, phone } = await onTwoDevices(member);
    await setMemberStatus(env.DB, member.id, "suspended");
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(false);
  });

  it("reactivation does not bring back a session from before the suspension; a new sign-in works", async () => {
    const member = await createTestMember();
    const { laptop } = await onTwoDevices(member);
    const row = await env.DB.prepare("SELECT * FROM member_sessions WHERE token_hash = ?")
      .bind(await sha256Hex(laptop.token))
      .first();
    const start = Date.now();
    await setMemberStatus(env.DB, member.id, "suspended", start + 1);
    await setMemberStatus(env.DB, member.id, "active", start + 2);
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    // Even with its row put back (a copy restored, a delete that never ran), the old session stays dead.
    const columns = Object.keys(row!);
    await env.DB.prepare(`INSERT INTO member_sessions (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...Object.values(row!))
      .run();
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    const fresh = await signedInAs(member, { now: start + 3 });
    expect(await isSignedIn(fresh.cookie)).toBe(true);
  });

  it("an operator's clock running ahead does not shut the reactivated member out: the database's clock dates the change", async () => {
    const member = await createTestMember();
    const realNow = Date.now();
    // The operator command runs on the operator's computer, an hour ahead here.
    const ahead = vi.spyOn(Date, "now").mockReturnValue(realNow + 60 * 60_000);
    await setMemberStatus(env.DB, member.id, "suspended");
    await setMemberStatus(env.DB, member.id, "active");
    ahead.mockRestore();
    const { sessions_valid_after: validAfter } = (await env.DB.prepare("SELECT sessions_valid_after FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ sessions_valid_after: number }>())!;
    expect(Math.abs(validAfter - realNow)).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await isSignedIn((await signedInAs(member)).cookie)).toBe(true);
  });

  it("never moves the 'sessions valid after' time backwards", async () => {
    const member = await createTestMember();
    const later = Date.now() + 60_000;
    await env.DB.prepare("UPDATE members SET sessions_valid_after = ? WHERE id = ?").bind(later, member.id).run();
    await endEveryMemberSession(env, member.id, later - 30_000);
    await setMemberStatus(env.DB, member.id, "active", later - 20_000);
    expect(await env.DB.prepare("SELECT sessions_valid_after FROM members WHERE id = ?").bind(member.id).first()).toEqual({
      sessions_valid_after: later,
    });
  });

  it("refuses a session row dated at or before the member's 'sessions valid after' time, even if it is still stored", async () => {
    const member = await createTestMember();
    const now = Date.now();
    const { cookie } = await signedInAs(member, { now });
    await env.DB.prepare("UPDATE members SET sessions_valid_after = ? WHERE id = ?").bind(now, member.id).run();
    expect(await isSignedIn(cookie)).toBe(false);
    await env.DB.prepare("UPDATE members SET sessions_valid_after = ? WHERE id = ?")
      .bind(now - 1, member.id)
      .run();
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("'sign out of all devices' ends every session, this one included, and clears this cookie", async () => {
    const member = await createTestMember();
    const { laptop, phone } = await onTwoDevices(member);
    const clearing = await endEveryMemberSession(env, member.id);
    expect(clearing).toBe("ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await listMemberSessions(env.DB, member.id)).toEqual([]);
  });

  it("confirming the email through a new invitation link ends every earlier session", async () => {
    const member = await createTestMember();
    const { laptop, phone } = await onTwoDevices(member);
    const link = await replaceInvitationLink(env.DB, member.id);
    const now = Date.now();
    expect(await confirmInvitation(env.DB, link.token, now)).toBe(member.id);
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    // The session the link starts begins after that moment.
    expect(await isSignedIn((await signedInAs(member, { method: "invitation", now: now + 1 })).cookie)).toBe(true);
  });

  it("a sign-in racing a suspension leaves no session: the insert itself checks the member", async () => {
    const member = await createTestMember();
    const now = Date.now();
    // The sign-in checked the member a moment ago (active); the suspension lands before its session is written.
    await setMemberStatus(env.DB, member.id, "suspended", now);
    expect(await startMemberSession(env, requestWith(""), member.id, "code", now)).toBeNull();
    // Even in the suspension's own millisecond, once the member is active again, no session dated then opens.
    await env.DB.prepare("UPDATE members SET status = 'active' WHERE id = ?").bind(member.id).run();
    expect(await startMemberSession(env, requestWith(""), member.id, "code", now)).toBeNull();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ?").bind(member.id).first())!.n).toBe(0);
  });
});

describe("removing a passkey", () => {
  it("ends every other session and keeps this device signed in with a new session, in one batch", async () => {
    const member = await createTestMember();
    const { laptop, phone } = await onTwoDevices(member);
    await addPasskey(member.id, "credential-to-remove");
    const setCookie = await removeMemberPasskey(
      env,
      new Request("http://example.com/", { headers: { "User-Agent": LAPTOP } }),
      {
        memberId: member.id,
        method: "passkey",
      },
      "credential-to-remove",
    );
    expect(setCookie).toMatch(/^ember_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(setCookie!.split(";")[0]!)).toBe(true);
    expect((await listMemberSessions(env.DB, member.id)).map((session) => session.device)).toEqual(["Chrome on macOS"]);
    expect(await env.DB.prepare("SELECT id FROM member_passkeys WHERE member_id = ?").bind(member.id).first()).toBeNull();
  });

  it("changes nothing for a passkey that is not the member's", async () => {
    const [member, other] = [await createTestMember(), await createTestMember()];
    const { laptop } = await onTwoDevices(member);
    await addPasskey(other.id, "someone-elses-credential");
    expect(await removeMemberPasskey(env, requestWith(""), { memberId: member.id, method: "code" }, "someone-elses-credential")).toBeNull();
    expect(await isSignedIn(laptop.cookie)).toBe(true);
    expect(await env.DB.prepare("SELECT id FROM member_passkeys WHERE id = 'someone-elses-credential'").first()).not.toBeNull();
  });
});

describe("ending one session", () => {
  it("ends that device only, and never another member's session", async () => {
    const [member, other] = [await createTestMember(), await createTestMember()];
    const { laptop, phone } = await onTwoDevices(member);
    const othersSession = await signedInAs(other);
    const [otherListed] = await listMemberSessions(env.DB, other.id);
    expect(await endOneMemberSession(env, member.id, otherListed!.id)).toBe(false);
    expect(await isSignedIn(othersSession.cookie)).toBe(true);

    const phoneListed = (await listMemberSessions(env.DB, member.id)).find((session) => session.device === "Safari on iPhone")!;
    expect(await endOneMemberSession(env, member.id, phoneListed.id)).toBe(true);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(true);
  });
});

/**
 * The "Sign-in & devices" page as React Router runs it: requireMember (which reads the session
 * from the cookie), the club rules step, then the route's loader or action.
 */
interface PageAnswer {
  status: number;
  outcome?: unknown;
  location?: string | null;
  setCookies: string[];
  cacheControl: string | null;
}

async function devicesPage(cookie: string, form?: Record<string, string>, path = "/members/devices"): Promise<PageAnswer> {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie, "User-Agent": LAPTOP },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const execution = createExecutionContext();
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, execution, request));
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  let outcome: unknown;
  let status = 200;
  let headers = new Headers();
  const answer = await Promise.resolve(
    requireMember(args, async () => {
      await checkClubRulesAcceptance(args, async () => new Response());
      const result = (await (form ? devicesAction(args) : devicesLoader(args))) as DataWithResponseInit<ActionResult> | unknown;
      if (result && typeof result === "object" && "init" in result) {
        const { data, init } = result as DataWithResponseInit<ActionResult>;
        outcome = data;
        status = init?.status ?? 200;
        headers = new Headers(init?.headers);
      } else outcome = result;
      return new Response(null, { status, headers });
    }),
  ).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  await waitOnExecutionContext(execution);
  const response = answer as Response;
  return {
    status: response.status,
    outcome,
    location: response.headers.get("Location"),
    setCookies: response.headers.getSetCookie(),
    cacheControl: response.headers.get("Cache-Control"),
  };
}

async function memberWithRules() {
  const member = await createTestMember();
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM security_events").run();
});
afterEach(() => vi.restoreAllMocks());

describe("the Sign-in & devices page", () => {
  it("lists the member's live sessions, marking this device, and their passkeys; private, never stored", async () => {
    const member = await memberWithRules();
    const { laptop } = await onTwoDevices(member);
    await addPasskey(member.id, "credential-1", "Work laptop");
    await signedInAs(await createTestMember());
    const page = await devicesPage(laptop.cookie);
    expect(page.cacheControl).toBe("private, no-store");
    const { sessions, passkeys } = page.outcome as {
      sessions: { device: string; method: string; current: boolean; firstSeen: string }[];
      passkeys: { name: string; synced: boolean; lastUsed: string | null }[];
    };
    expect(
      sessions.map(({ device, method, current }) => ({ device, method, current })).sort((a, b) => a.device.localeCompare(b.device)),
    ).toEqual([
      { device: "Chrome on macOS", method: "with an emailed code", current: true },
      { device: "Safari on iPhone", method: "with an emailed code", current: false },
    ]);
    expect(sessions[0]!.firstSeen).toMatch(/\d{4} at \d{1,2}:\d{2} [AP]M P[SD]T$/);
    expect(passkeys).toEqual([expect.objectContaining({ name: "Work laptop", synced: true, lastUsed: null })]);
  });

  it("lists the member's live cards beside the sessions; 'Sign out of all devices' on the page revokes them", async () => {
    const member = await memberWithRules();
    const { laptop } = await onTwoDevices(member);
    const card = (label: string, revokedAt: string | null) => ({
      id: crypto.randomUUID(),
      memberId: member.id,
      publicKey: "k",
      label,
      expiresAt: "2030-01-01T00:00:00.000Z",
      revokedAt,
    });
    await getDatabase(env.DB)
      .insert(cardDevices)
      .values([card("Safari on iPhone", null), card("Chrome on Android", new Date().toISOString())]);
    const page = await devicesPage(laptop.cookie);
    expect((page.outcome as { cards: { label: string; added: string }[] }).cards).toEqual([
      { id: expect.any(String), label: "Safari on iPhone", added: expect.stringMatching(/\d{4}$/) },
    ]);
    const signedOut = await devicesPage(laptop.cookie, { intent: "end-every-session" });
    expect(signedOut).toMatchObject({ status: 303, location: "/auth" });
    const live = await env.DB.prepare("SELECT id FROM card_devices WHERE member_id = ? AND revoked_at IS NULL").bind(member.id).all();
    expect(live.results).toEqual([]);
  });

  it("offers 'Add a passkey' only to a session begun in the last 10 minutes; an older one signs in again first", async () => {
    const member = await memberWithRules();
    const recent = await signedInAs(member, { userAgent: LAPTOP, now: Date.now() - 9 * 60_000 });
    const older = await signedInAs(member, { userAgent: LAPTOP, now: Date.now() - 11 * 60_000 });
    expect((await devicesPage(recent.cookie)).outcome).toMatchObject({ canChangePasskeys: true });
    expect((await devicesPage(older.cookie)).outcome).toMatchObject({ canChangePasskeys: false });

    // /auth sends a signed-in member straight on, so "Sign in again" ends this session first.
    const answer = await devicesPage(older.cookie, { intent: "sign-in-again" });
    expect(answer).toMatchObject({ status: 303, location: "/auth?redirectTo=%2Fmembers%2Fdevices", cacheControl: "private, no-store" });
    expect(answer.setCookies).toEqual(["ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"]);
    expect(await isSignedIn(older.cookie)).toBe(false);
    expect(await isSignedIn(recent.cookie)).toBe(true);
  });

  it("signs out another device and logs it; this device stays in", async () => {
    const member = await memberWithRules();
    const { laptop, phone } = await onTwoDevices(member);
    const phoneId = (await listMemberSessions(env.DB, member.id)).find((session) => session.device === "Safari on iPhone")!.id;
    const answer = await devicesPage(laptop.cookie, { intent: "end-session", sessionId: phoneId });
    // Post/redirect/get: the page loads again by a GET, which says what was done.
    expect(answer).toMatchObject({ status: 303, location: "/members/devices?done=device-signed-out", setCookies: [] });
    expect((await devicesPage(laptop.cookie, undefined, answer.location!)).outcome).toMatchObject({
      confirmation: { ok: true, toast: { title: "Device signed out" } },
    });
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await isSignedIn(laptop.cookie)).toBe(true);
    expect(await securityEvents(member.id)).toEqual([{ event_type: "session_terminated", severity: "low" }]);
  });

  it("answers 404 for another member's session, which stays signed in", async () => {
    const member = await memberWithRules();
    const { laptop } = await onTwoDevices(member);
    const other = await createTestMember();
    const othersSession = await signedInAs(other);
    const [listed] = await listMemberSessions(env.DB, other.id);
    const answer = await devicesPage(laptop.cookie, { intent: "end-session", sessionId: listed!.id });
    expect(answer).toMatchObject({ status: 404, outcome: { ok: false, error: "That device is already signed out." } });
    expect(await isSignedIn(othersSession.cookie)).toBe(true);
  });

  it("signs out of all devices: every session ends, the cookie is cleared and the member goes to /auth", async () => {
    const member = await memberWithRules();
    const { laptop, phone } = await onTwoDevices(member);
    const answer = await devicesPage(laptop.cookie, { intent: "end-every-session" });
    expect(answer).toMatchObject({ status: 303, location: "/auth", cacheControl: "private, no-store" });
    expect(answer.setCookies).toEqual(["ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"]);
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await securityEvents(member.id)).toEqual([{ event_type: "session_terminated", severity: "medium" }]);
  });

  it("signing out this device from the list goes to /auth and clears the cookie", async () => {
    const member = await memberWithRules();
    const { laptop, phone } = await onTwoDevices(member);
    const laptopId = (await listMemberSessions(env.DB, member.id)).find((session) => session.device === "Chrome on macOS")!.id;
    const answer = await devicesPage(laptop.cookie, { intent: "end-session", sessionId: laptopId });
    expect(answer).toMatchObject({ status: 303, location: "/auth" });
    expect(answer.setCookies).toEqual(["ember_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax"]);
    expect(await isSignedIn(phone.cookie)).toBe(true);
  });

  it("renames a passkey of the member's, refuses a bad name with 400 and another member's passkey with 404", async () => {
    const member = await memberWithRules();
    const { laptop } = await onTwoDevices(member);
    await addPasskey(member.id, "credential-2", "Chrome on macOS");
    const other = await createTestMember();
    await addPasskey(other.id, "credential-3", "Theirs");

    const renamed = await devicesPage(laptop.cookie, { intent: "rename-passkey", passkeyId: "credential-2", name: "  Study iMac " });
    expect(renamed).toMatchObject({ status: 303, location: "/members/devices?done=passkey-renamed&passkey=credential-2" });
    expect((await devicesPage(laptop.cookie, undefined, renamed.location!)).outcome).toMatchObject({
      confirmation: { ok: true, toast: { title: "Passkey renamed", description: 'It is now "Study iMac".' } },
    });
    // Only the member's own passkey's name is ever shown from the address.
    expect(
      (await devicesPage(laptop.cookie, undefined, "/members/devices?done=passkey-renamed&passkey=credential-3")).outcome,
    ).toMatchObject({
      confirmation: null,
    });
    const bad = await devicesPage(laptop.cookie, { intent: "rename-passkey", passkeyId: "credential-2", name: "<script>" });
    expect(bad).toMatchObject({
      status: 400,
      outcome: { form: "passkey:credential-2", ok: false, fieldErrors: { name: expect.any(String) } },
    });
    const theirs = await devicesPage(laptop.cookie, { intent: "rename-passkey", passkeyId: "credential-3", name: "Mine now" });
    expect(theirs).toMatchObject({ status: 404, outcome: { ok: false, error: "That passkey is no longer on your membership." } });
    const names = await env.DB.prepare(
      "SELECT id, name FROM member_passkeys WHERE id IN ('credential-2', 'credential-3') ORDER BY id",
    ).all();
    expect(names.results).toEqual([
      { id: "credential-2", name: "Study iMac" },
      { id: "credential-3", name: "Theirs" },
    ]);
    expect(await securityEvents(member.id)).toEqual([{ event_type: "passkey_renamed", severity: "low" }]);
  });

  it("refuses to remove a passkey from a session older than 10 minutes, so an old (perhaps stolen) session cannot trade itself for a recent one", async () => {
    const member = await memberWithRules();
    const older = await signedInAs(member, { userAgent: LAPTOP, now: Date.now() - 11 * 60_000 });
    const phone = await signedInAs(member, { userAgent: PHONE });
    await addPasskey(member.id, "credential-5");
    const answer = await devicesPage(older.cookie, { intent: "remove-passkey", passkeyId: "credential-5" });
    expect(answer).toMatchObject({
      status: 403,
      outcome: {
        form: "passkey:credential-5",
        ok: false,
        error: "To remove a passkey, sign in again first: only a sign-in from the last 10 minutes can remove one.",
      },
    });
    expect(answer.setCookies).toEqual([]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM member_passkeys WHERE id = 'credential-5'").first<{ n: number }>())!.n).toBe(1);
    expect(await isSignedIn(older.cookie)).toBe(true);
    expect(await isSignedIn(phone.cookie)).toBe(true);
    expect(await securityEvents(member.id)).toEqual([]);
  });

  it("removes a passkey: other devices are signed out, this one gets a new session cookie and stays in", async () => {
    const member = await memberWithRules();
    const { laptop, phone } = await onTwoDevices(member);
    await addPasskey(member.id, "credential-4");
    const answer = await devicesPage(laptop.cookie, { intent: "remove-passkey", passkeyId: "credential-4" });
    // Post/redirect/get with the new cookie: the page then loads with this device's new session.
    expect(answer).toMatchObject({ status: 303, location: "/members/devices?done=passkey-removed", cacheControl: "private, no-store" });
    expect(answer.setCookies).toHaveLength(1);
    const fresh = answer.setCookies[0]!.split(";")[0]!;
    const after = await devicesPage(fresh, undefined, answer.location!);
    expect(after).toMatchObject({
      status: 200,
      outcome: { confirmation: { ok: true, toast: { title: "Passkey removed" } }, passkeys: [] },
    });
    expect(await isSignedIn(fresh)).toBe(true);
    expect(await isSignedIn(laptop.cookie)).toBe(false);
    expect(await isSignedIn(phone.cookie)).toBe(false);
    expect(await securityEvents(member.id)).toEqual([{ event_type: "passkey_removed", severity: "medium" }]);
  });

  it("refuses bodies that name no known intent or a malformed id with 400, changing nothing", async () => {
    const member = await memberWithRules();
    const { laptop, phone } = await onTwoDevices(member);
    for (const form of [
      { intent: "end-all" } as Record<string, string>,
      { intent: "end-session", sessionId: "not-a-uuid" },
      { intent: "remove-passkey", passkeyId: "a b" },
    ]) {
      expect((await devicesPage(laptop.cookie, form)).status).toBe(400);
    }
    expect(await isSignedIn(laptop.cookie)).toBe(true);
    expect(await isSignedIn(phone.cookie)).toBe(true);
  });

  it("sends a visitor without a session to /auth, remembering the page, with nothing cached", async () => {
    const answer = await devicesPage("");
    expect(answer).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fmembers%2Fdevices", cacheControl: "private, no-store" });
  });
});
