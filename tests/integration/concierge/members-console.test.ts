import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import {
  doorCheckIns,
  duesLedger,
  lockerAssignments,
  memberInvitations,
  memberNotes,
  memberPasskeys,
  members,
  memberSessions,
  outbox,
  securityEvents,
} from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as membersPage from "#app/features/concierge/routes/members.tsx";
import * as memberPage from "#app/features/concierge/routes/member.tsx";
import * as memberPhoto from "#app/features/concierge/routes/member-photo.ts";
import { photoAnswer } from "#app/features/concierge/member-answers.ts";
import { createWorkerApp } from "#worker/app.ts";
import { listMembers, loadMemberRecord } from "#worker/features/concierge/member-records.ts";
import { setMemberStatus } from "#worker/features/members/members.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { tokenInEmail } from "#tests/integration/support/concierge-fixtures.ts";
import { actionExecutionContext, answerOf, routerContext, SITE_ORIGIN } from "#tests/integration/fuzz/fuzz-bodies.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { requestContext } from "#app/context.ts";

/**
 * The console's Members section (docs/product-rules.md#members) in workerd against the real D1 and
 * R2: who may reach each route and action (the real Worker, with sessions), the list's search and
 * filters, and each action's effect and audit event, as React Router calls the action once the
 * console layout's requireConcierge has run.
 */
const database = getDatabase(env.DB);

beforeEach(async () => {
  await database.batch([
    database.delete(members),
    database.delete(memberSessions),
    database.delete(memberInvitations),
    database.delete(memberPasskeys),
    database.delete(memberNotes),
    database.delete(lockerAssignments),
    database.delete(duesLedger),
    database.delete(doorCheckIns),
    database.delete(outbox),
    database.delete(securityEvents),
  ]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let created = 0;
async function member(fields: Partial<typeof members.$inferInsert> = {}) {
  created += 1;
  const row = {
    id: crypto.randomUUID(),
    email: `roster${created}@example.com`,
    name: `Member ${created}`,
    tier: "business" as const,
    status: "active" as const,
    ...fields,
  };
  await database.insert(members).values(row);
  return row;
}
const concierge = (name = "Elena Marsh") => member({ role: "concierge", name });

const row = (id: string) => env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>();
const audited = async () =>
  (
    await env.DB.prepare("SELECT event_type, user_id, metadata FROM security_events ORDER BY id").all<{
      event_type: string;
      user_id: string;
      metadata: string;
    }>()
  ).results.map((event) => ({
    eventType: event.event_type,
    userId: event.user_id,
    details: (JSON.parse(event.metadata) as { details: Record<string, unknown> }).details,
  }));

/** The member page's action as the concierge `by` sends it (a FormData body: text fields and files). */
async function submit(by: { id: string; email: string; name: string }, memberId: string, fields: Record<string, string | File>) {
  const signedIn: SignedInMember = { id: by.id, email: by.email, name: by.name, tier: "business", role: "concierge" };
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, signedIn);
  const body = new FormData();
  // A note's or a tier's form, freshly shown, carries its own key (docs/product-rules.md#a-form-is-one-intent).
  const sent = fields.intent === "note" || fields.intent === "change-tier" ? { formKey: crypto.randomUUID(), ...fields } : fields;
  for (const [name, value] of Object.entries(sent)) body.append(name, value);
  const path = `/concierge/members/${memberId}`;
  const request = new Request(`${SITE_ORIGIN}${path}`, { method: "POST", body, headers: { Origin: SITE_ORIGIN } });
  context.set(requestContext, createRequestContext(env, execution.ctx, request));
  const answer = await answerOf(async () =>
    memberPage.action({
      request,
      url: new URL(request.url),
      pattern: "/concierge/members/:id",
      params: { id: memberId },
      context,
    } as never),
  );
  await execution.settle();
  return answer;
}

/** The photo upload's action (its own route) as the concierge `by` sends it: the outcome its redirect names. */
async function uploadPhoto(by: { id: string; email: string; name: string }, memberId: string, photo: File): Promise<string | null> {
  const signedIn: SignedInMember = { id: by.id, email: by.email, name: by.name, tier: "business", role: "concierge" };
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, signedIn);
  const body = new FormData();
  body.append("photo", photo);
  const path = `/concierge/members/${memberId}/photo`;
  const request = new Request(`${SITE_ORIGIN}${path}`, { method: "POST", body, headers: { Origin: SITE_ORIGIN } });
  context.set(requestContext, createRequestContext(env, execution.ctx, request));
  const answer = await answerOf(async () =>
    memberPhoto.action({
      request,
      url: new URL(request.url),
      pattern: "/concierge/members/:id/photo",
      params: { id: memberId },
      context,
    } as never),
  );
  await execution.settle();
  expect(answer.status).toBe(303);
  return answer.headers.get("Location");
}
const photoOutcome = (memberId: string, outcome: string) => `/concierge/members/${memberId}?photo=${outcome}#photo-title`;

/** The smallest PNG there is (1×1). */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (character) => character.charCodeAt(0),
);
const png = (bytes: Uint8Array<ArrayBuffer> = PNG) => new File([bytes], "photo.png", { type: "image/png" });

describe("the list", () => {
  it("finds by name or email, case-insensitively, and filters by tier, status, dues and locker", async () => {
    const okafor = await member({ name: "Ruth Okafor", email: "ruth@okafor.example", tier: "platinum" });
    const hale = await member({ name: "Avery Hale", email: "avery@hale.example", status: "suspended", duesStatus: "lapsed" });
    const reyes = await member({
      name: "Jordan Reyes",
      email: "jr@example.com",
      status: "invited",
      duesStatus: "past_due",
      tier: "kickback",
    });
    await database
      .insert(lockerAssignments)
      .values({ id: crypto.randomUUID(), lockerId: "business-P-01", memberId: okafor.id, status: "active" });
    const ids = async (filters: Parameters<typeof listMembers>[1]) => (await listMembers(env.DB, filters)).rows.map((found) => found.id);

    expect(await ids({ q: "OKAFOR", page: 1 })).toEqual([okafor.id]);
    expect(await ids({ q: "HALE.example", page: 1 })).toEqual([hale.id]);
    expect(await ids({ tier: "kickback", page: 1 })).toEqual([reyes.id]);
    expect(await ids({ status: "suspended", page: 1 })).toEqual([hale.id]);
    expect(await ids({ dues: "past_due", page: 1 })).toEqual([reyes.id]);
    expect(await ids({ locker: "has", page: 1 })).toEqual([okafor.id]);
    expect(await ids({ locker: "none", page: 1 })).toEqual([hale.id, reyes.id]);
    expect(await ids({ page: 1 })).toEqual([hale.id, reyes.id, okafor.id]);
    const listed = await listMembers(env.DB, { locker: "has", page: 1 });
    expect(listed).toMatchObject({ total: 1, rows: [{ lockerNumber: "P-01", lockerLounge: "business" }] });
  });

  it("reads a page at a time with the count of every match", async () => {
    for (let index = 0; index < 30; index += 1) await member({ name: `Page Member ${String(index).padStart(2, "0")}` });
    const first = await listMembers(env.DB, { q: "page member", page: 1 });
    const second = await listMembers(env.DB, { q: "page member", page: 2 });
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(25);
    expect(second.rows.map((found) => found.name)).toEqual([
      "Page Member 25",
      "Page Member 26",
      "Page Member 27",
      "Page Member 28",
      "Page Member 29",
    ]);
  });
});

describe("a member's record", () => {
  it("reads the member, their sponsor, who admitted them, their locker and notes with their authors (names kept apart)", async () => {
    const staff = await concierge("Elena Marsh");
    const sponsor = await member({ name: "Ruth Okafor" });
    const requestId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, sponsor_member_id, sponsor_answer) VALUES (?, 'Avery Hale', 'avery@example.com', 'Hale Timber', 'Ruth Okafor', 'Hello', 0.9, ?, 'yes')",
    )
      .bind(requestId, sponsor.id)
      .run();
    const target = await member({ name: "Avery Hale", invitationRequestId: requestId, admittedBy: staff.id });
    await database
      .insert(lockerAssignments)
      .values({ id: crypto.randomUUID(), lockerId: "business-P-01", memberId: target.id, status: "active" });
    await submit(staff, target.id, { intent: "note", note: "Prefers the patio." });
    const record = await loadMemberRecord(env.DB, target.id, "2026-11-24");
    expect(record).toMatchObject({
      member: { name: "Avery Hale" },
      sponsorName: "Ruth Okafor",
      sponsorAnswer: "yes",
      admittedByName: "Elena Marsh",
      locker: { number: "P-01", lounge: "business", status: "active" },
      notes: [{ note: "Prefers the patio.", authorName: "Elena Marsh" }],
    });
    expect(await loadMemberRecord(env.DB, "nobody", "2026-11-24")).toBeNull();
  });
});

describe("the actions", () => {
  it("suspends (ending every session: the cookie stops working) and reactivates, each audited with who and on whom", async () => {
    const staff = await concierge();
    const target = await member();
    const session = await signedInAs(target);
    expect((await submit(staff, target.id, { intent: "suspend" })).status).toBe(400);
    expect((await row(target.id))?.status).toBe("active");

    const suspended = await submit(staff, target.id, { intent: "suspend", confirmed: "yes" });
    expect(suspended.status).toBe(200);
    expect((await row(target.id))?.status).toBe("suspended");
    expect(await sessionWorks(session.cookie)).toBe(false);
    expect((await submit(staff, target.id, { intent: "suspend", confirmed: "yes" })).status).toBe(409);

    expect((await submit(staff, target.id, { intent: "reactivate" })).status).toBe(200);
    expect((await row(target.id))?.status).toBe("active");
    // No session the suspension ended comes back.
    expect(await sessionWorks(session.cookie)).toBe(false);
    expect(await audited()).toEqual([
      {
        eventType: "member_status_changed",
        userId: staff.id,
        details: { memberId: target.id, from: "active", to: "suspended", sessionsEnded: true, cardsRevoked: true },
      },
      {
        eventType: "member_status_changed",
        userId: staff.id,
        details: { memberId: target.id, from: "suspended", to: "active", sessionsEnded: true, cardsRevoked: true },
      },
    ]);
  });

  it("two concierges suspending and reactivating at once leave one consistent state, each change audited once", async () => {
    const [first, second] = [await concierge("First"), await concierge("Second")];
    const target = await member();
    const both = await Promise.all([
      submit(first, target.id, { intent: "suspend", confirmed: "yes" }),
      submit(second, target.id, { intent: "suspend", confirmed: "yes" }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await audited()).filter((event) => event.eventType === "member_status_changed")).toHaveLength(1);
    const mixed = await Promise.all([
      submit(first, target.id, { intent: "reactivate" }),
      submit(second, target.id, { intent: "reactivate" }),
    ]);
    expect(mixed.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await row(target.id);
    expect(after?.status).toBe("active");
    expect(Number(after?.sessions_valid_after)).toBeGreaterThan(0);
    expect((await audited()).filter((event) => event.eventType === "member_status_changed")).toHaveLength(2);
  });

  it("never suspends a concierge, themselves included: two suspending each other at once both get 409 and the console keeps both", async () => {
    const first = await concierge("Elena Marsh");
    const second = await concierge("Jonah Reyes");
    expect((await submit(first, first.id, { intent: "suspend", confirmed: "yes" })).status).toBe(409);
    const both = await Promise.all([
      submit(first, second.id, { intent: "suspend", confirmed: "yes" }),
      submit(second, first.id, { intent: "suspend", confirmed: "yes" }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([409, 409]);
    expect((await row(first.id))?.status).toBe("active");
    expect((await row(second.id))?.status).toBe("active");
    expect((await audited()).filter((event) => event.eventType === "member_status_changed")).toHaveLength(0);
  });

  it("the operator command's setMemberStatus still changes the status unguarded", async () => {
    const target = await member();
    expect(await setMemberStatus(env.DB, target.id, "suspended")).toBe(true);
    expect((await row(target.id))?.status).toBe("suspended");
  });

  it("sends a new sign-in link through the outbox (earlier links stop working), refused for a suspended member or one with a passkey", async () => {
    const staff = await concierge();
    const invited = await member({ status: "invited" });
    await database
      .insert(memberInvitations)
      .values({ tokenHash: "old", memberId: invited.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    const answer = await submit(staff, invited.id, { intent: "resend-link" });
    expect(answer.status).toBe(200);
    const email = await env.DB.prepare("SELECT recipient, body, status FROM outbox").first<{
      recipient: string;
      body: string;
      status: string;
    }>();
    expect(email?.recipient).toBe(invited.email);
    expect(email?.body).not.toContain("/invitation#");
    expect(await tokenInEmail(email!.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const old = await env.DB.prepare("SELECT expires_at FROM member_invitations WHERE token_hash = 'old'").first<{ expires_at: string }>();
    expect(Date.parse(old!.expires_at)).toBeLessThanOrEqual(Date.now());
    expect((await audited()).map((event) => [event.eventType, event.userId, event.details.memberId])).toEqual([
      ["member_setup_link_sent", staff.id, invited.id],
    ]);

    const suspended = await member({ status: "suspended" });
    expect((await submit(staff, suspended.id, { intent: "resend-link" })).status).toBe(409);
    const withPasskey = await member({ webauthnUserId: "handle" });
    await database.insert(memberPasskeys).values({
      id: "cred",
      memberId: withPasskey.id,
      name: "Phone",
      publicKey: "key",
      deviceType: "multiDevice",
      backedUp: true,
      createdAt: Date.now(),
    });
    expect((await submit(staff, withPasskey.id, { intent: "resend-link" })).status).toBe(409);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox").first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("changes the tier by the dues rules (an upgrade at once while there is room), audited as the concierge's; a bad tier changes nothing", async () => {
    const staff = await concierge();
    const target = await member({ tier: "kickback" });
    expect((await submit(staff, target.id, { intent: "change-tier", tier: "emperor" })).status).toBe(400);
    expect((await row(target.id))?.tier).toBe("kickback");
    const answer = await submit(staff, target.id, { intent: "change-tier", tier: "business" });
    expect(answer.status).toBe(200);
    expect((await row(target.id))?.tier).toBe("business");
    const events = await audited();
    expect(events).toContainEqual({
      eventType: "member_tier_changed_by_staff",
      userId: staff.id,
      details: { memberId: target.id, from: "kickback", to: "business", change: "upgraded" },
    });
    const lapsed = await member({ tier: "kickback", duesStatus: "lapsed" });
    expect((await submit(staff, lapsed.id, { intent: "change-tier", tier: "business" })).status).toBe(409);
    expect((await row(lapsed.id))?.tier).toBe("kickback");
  });

  it("adds and replaces a photo in R2, refuses a wrong type, a HEIC or a file over 2 MB without changing anything, and removes it", async () => {
    const staff = await concierge();
    const target = await member();
    const gif = new File(["GIF89a"], "x.gif", { type: "image/gif" });
    expect(await uploadPhoto(staff, target.id, gif)).toBe(photoOutcome(target.id, "format"));
    expect(photoAnswer("format")).toMatchObject({
      form: "photo",
      ok: false,
      fieldErrors: { photo: expect.stringContaining("JPEG, PNG or WebP") },
    });
    // An iPhone's HEIC: its ISO box header (size, "ftyp", brand "heic").
    const heic = new File([new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0])], "IMG_0042.HEIC");
    expect(await uploadPhoto(staff, target.id, heic)).toBe(photoOutcome(target.id, "heic"));
    expect(photoAnswer("heic")).toMatchObject({ fieldErrors: { photo: expect.stringMatching(/HEIC.*cannot show.*JPEG, PNG or WebP/) } });
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(PNG);
    expect(await uploadPhoto(staff, target.id, png(huge))).toBe(photoOutcome(target.id, "too-large"));
    expect(photoAnswer("too-large")).toMatchObject({ fieldErrors: { photo: expect.stringContaining("2 MB") } });
    expect(await uploadPhoto(staff, target.id, new File([], "empty.png"))).toBe(photoOutcome(target.id, "missing"));
    expect((await row(target.id))?.photo_key).toBeNull();
    expect(await audited()).toEqual([]);

    expect(await uploadPhoto(staff, target.id, png())).toBe(photoOutcome(target.id, "added"));
    expect(photoAnswer("added")).toMatchObject({ form: "photo", ok: true, toast: { title: "Photo Added" } });
    const firstKey = (await row(target.id))?.photo_key as string;
    expect(await env.MEMBER_PHOTOS.head(firstKey)).not.toBeNull();
    expect(await uploadPhoto(staff, target.id, png())).toBe(photoOutcome(target.id, "added"));
    const secondKey = (await row(target.id))?.photo_key as string;
    expect(secondKey).not.toBe(firstKey);
    expect(await env.MEMBER_PHOTOS.head(firstKey)).toBeNull();

    expect((await submit(staff, target.id, { intent: "remove-photo" })).status).toBe(400);
    expect((await submit(staff, target.id, { intent: "remove-photo", confirmed: "yes" })).status).toBe(200);
    expect((await row(target.id))?.photo_key).toBeNull();
    expect(await env.MEMBER_PHOTOS.head(secondKey)).toBeNull();
    expect((await audited()).map((event) => event.eventType)).toEqual([
      "member_photo_changed",
      "member_photo_changed",
      "member_photo_changed",
    ]);
  });

  it("grants and revokes a staff role, ending that account's sessions; a concierge cannot take away their own concierge role", async () => {
    const staff = await concierge();
    const target = await member();
    const session = await signedInAs(target);
    expect((await submit(staff, target.id, { intent: "role", role: "door", confirmed: "yes" })).status).toBe(200);
    expect((await row(target.id))?.role).toBe("door");
    expect(await sessionWorks(session.cookie)).toBe(false);
    expect((await submit(staff, target.id, { intent: "role", role: "owner", confirmed: "yes" })).status).toBe(400);
    expect((await submit(staff, target.id, { intent: "role", role: "member", confirmed: "yes" })).status).toBe(200);
    expect((await row(target.id))?.role).toBe("member");

    const selfSession = await signedInAs(staff);
    const refused = await submit(staff, staff.id, { intent: "role", role: "member", confirmed: "yes" });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ form: "role", ok: false, error: expect.stringContaining("your own concierge role") });
    expect((await row(staff.id))?.role).toBe("concierge");
    expect((await send("/concierge/members.data", selfSession.cookie)).status).toBe(200);
    expect((await audited()).map((event) => [event.eventType, event.userId, event.details.from, event.details.to])).toEqual([
      ["member_role_changed", staff.id, "member", "door"],
      ["member_role_changed", staff.id, "door", "member"],
    ]);
  });

  it("a role change by an account that is no longer a concierge changes nothing and ends no session", async () => {
    const former = await member({ name: "Former Concierge" });
    const target = await member();
    const session = await signedInAs(target);
    expect((await submit(former, target.id, { intent: "role", role: "concierge", confirmed: "yes" })).status).toBe(409);
    expect((await row(target.id))?.role).toBe("member");
    expect(await sessionWorks(session.cookie)).toBe(true);
    expect(await audited()).toEqual([]);
  });

  it("adds the note of a form once when it is sent again after its success", async () => {
    const staff = await concierge();
    const target = await member();
    const form = { intent: "note", formKey: crypto.randomUUID(), note: "Prefers the patio." };
    expect((await submit(staff, target.id, form)).status).toBe(200);
    expect(await submit(staff, target.id, form)).toMatchObject({
      status: 409,
      data: { form: "note", ok: false, error: "This note is already on their record. Nothing more was done." },
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_notes WHERE member_id = ?").bind(target.id).first()).toEqual({ n: 1 });
  });

  it("adds a note with its author and time, never an empty one, and audits it without its text", async () => {
    const staff = await concierge();
    const target = await member();
    expect((await submit(staff, target.id, { intent: "note", note: "   " })).status).toBe(400);
    expect((await submit(staff, "nobody", { intent: "note", note: "Prefers the patio." })).status).toBe(404);
    expect((await submit(staff, target.id, { intent: "note", note: "Prefers the patio." })).status).toBe(200);
    const notes = await env.DB.prepare("SELECT member_id, author_member_id, note, created_at FROM member_notes").all();
    expect(notes.results).toEqual([
      { member_id: target.id, author_member_id: staff.id, note: "Prefers the patio.", created_at: expect.any(String) },
    ]);
    const [event] = await audited();
    expect(event).toMatchObject({ eventType: "member_note_added", userId: staff.id, details: { memberId: target.id } });
    expect(JSON.stringify(event)).not.toContain("patio");
  });
});

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const build: ServerBuild = {
  entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
    list: { id: "list", parentId: "concierge", path: "members", module: membersPage as RouteModule },
    member: { id: "member", parentId: "concierge", path: "members/:id", module: memberPage as RouteModule },
    photo: { id: "photo", parentId: "concierge", path: "members/:id/photo", module: memberPhoto as RouteModule },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};
const app = createWorkerApp(createRequestHandler(build, "production"));

const sessionWorks = async (cookie: string) =>
  (await loadSignedInMember(new Request("http://localhost:8787/members", { headers: { Cookie: cookie } }), env)) !== null;

/** A request through the real Worker (its session check, CSRF check and role middleware). */
async function send(path: string, cookie: string, init: RequestInit = {}): Promise<Response> {
  const context = createExecutionContext();
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  const response = await app.fetch(new Request(`http://localhost:8787${path}`, { ...init, headers }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

describe("who may reach the Members section", () => {
  it("a visitor, a member and a door-only account get the 404 on every route and action, and change nothing; a concierge gets each", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const staff = await concierge();
    const target = await member();
    await uploadPhoto(staff, target.id, png());
    await database.delete(securityEvents);
    const door = await member({ role: "door" });
    const cookies = {
      visitor: "",
      member: (await signedInAs(await member())).cookie,
      door: (await signedInAs(door)).cookie,
    };
    const staffCookie = (await signedInAs(staff)).cookie;
    const paths = [
      "/concierge/members",
      "/concierge/members.data",
      `/concierge/members/${target.id}`,
      `/concierge/members/${target.id}/photo`,
    ];
    const actions: Record<string, string>[] = [
      { intent: "suspend", confirmed: "yes" },
      { intent: "reactivate" },
      { intent: "resend-link" },
      { intent: "change-tier", tier: "platinum" },
      { intent: "remove-photo", confirmed: "yes" },
      { intent: "role", role: "concierge", confirmed: "yes" },
      { intent: "note", note: "Let me in." },
    ];
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const path of paths) expect([who, path, (await send(path, cookie)).status]).toEqual([who, path, 404]);
      for (const fields of actions) {
        const post = await send(`/concierge/members/${target.id}`, cookie, {
          method: "POST",
          headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
        expect([who, fields.intent, post.status]).toEqual([who, fields.intent, 404]);
      }
      const upload = new FormData();
      upload.append("photo", png());
      const photoPost = await send(`/concierge/members/${target.id}/photo`, cookie, {
        method: "POST",
        headers: { Origin: "http://localhost:8787" },
        body: upload,
      });
      expect([who, "photo", photoPost.status]).toEqual([who, "photo", 404]);
    }
    const after = await row(target.id);
    expect(after).toMatchObject({ status: "active", tier: "business", role: "member" });
    expect(after?.photo_key).not.toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_notes").first()).toEqual({ n: 0 });
    expect((await audited()).filter((event) => event.eventType.startsWith("member_"))).toEqual([]);

    const list = await send("/concierge/members.data?q=member", staffCookie);
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    const pastTheEnd = await send("/concierge/members?q=member&page=9", staffCookie);
    expect(pastTheEnd.status).toBe(302);
    expect(pastTheEnd.headers.get("Location")).toBe("/concierge/members?q=member");
    expect((await send(`/concierge/members/${target.id}.data`, staffCookie)).status).toBe(200);
    expect((await send("/concierge/members/nobody.data", staffCookie)).status).toBe(404);
    const photo = await send(`/concierge/members/${target.id}/photo`, staffCookie);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/png");
    expect(photo.headers.get("Cache-Control")).toBe("private, no-store");
    const note = await send(`/concierge/members/${target.id}`, staffCookie, {
      method: "POST",
      headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "note", formKey: crypto.randomUUID(), note: "Welcome back." }).toString(),
    });
    expect(note.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_notes").first()).toEqual({ n: 1 });
  });
});

describe("the photo upload's size", () => {
  /** A JPEG of `bytes`, as a phone writes one: its EXIF (with a GPS position), then the scan (filler here). */
  const exif = [...new TextEncoder().encode("Exif\0\0GPS 45.5152N 122.6784W")];
  const jpeg = (bytes: number) => {
    const body = new Uint8Array(bytes);
    body.set([0xff, 0xd8, 0xff, 0xe1, 0, exif.length + 2, ...exif, 0xff, 0xda, 0, 2]);
    return new File([body], "IMG_0042.jpg", { type: "image/jpeg" });
  };
  const post = (path: string, cookie: string, body: FormData) =>
    send(path, cookie, { method: "POST", headers: { Origin: "http://localhost:8787" }, body });
  const form = (fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  it("takes a phone's photo of up to 2 MB on the photo route alone; every other page form keeps its 64 KB cap", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const staff = await concierge();
    const target = await member();
    const cookie = (await signedInAs(staff)).cookie;

    // 1.5 MB: a 413 before (the 64 KB cap of every page form), taken now.
    const taken = await post(`/concierge/members/${target.id}/photo`, cookie, form({ photo: jpeg(1_500_000) }));
    expect(taken.status).toBe(303);
    expect(taken.headers.get("Location")).toBe(photoOutcome(target.id, "added"));
    const stored = new Uint8Array(await (await env.MEMBER_PHOTOS.get((await row(target.id))?.photo_key as string))!.arrayBuffer());
    // Stored without the EXIF and its position (the server strips it whatever the browser did).
    expect(stored.byteLength).toBe(1_500_000 - (exif.length + 4));
    expect(new TextDecoder().decode(stored.subarray(0, 64))).not.toContain("GPS");
    expect([...stored.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xda]);

    // Just over 2 MB reaches the route, which refuses it in words; far over, the cap refuses it unread.
    const over = await post(`/concierge/members/${target.id}/photo`, cookie, form({ photo: jpeg(2 * 1024 * 1024 + 1) }));
    expect(over.headers.get("Location")).toBe(photoOutcome(target.id, "too-large"));
    const far = await post(`/concierge/members/${target.id}/photo`, cookie, form({ photo: jpeg(3 * 1024 * 1024) }));
    expect(far.status).toBe(413);
    expect(await far.text()).toBe("This photo is too large to send (the limit is 2 MB).");

    // The member page's own actions, and any other page form, keep 64 KB.
    const note = await post(`/concierge/members/${target.id}`, cookie, form({ intent: "note", note: "x".repeat(70 * 1024) }));
    expect(note.status).toBe(413);
    expect(await note.text()).toBe("This form is too large to send (the limit is 64 KB).");
    const elsewhere = await post(`/concierge/members/${target.id}`, cookie, form({ intent: "note", photo: jpeg(1_500_000) }));
    expect(elsewhere.status).toBe(413);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM member_notes").first()).toEqual({ n: 0 });
    const page = await send(`/concierge/members/${target.id}.data?photo=heic`, cookie);
    expect(await page.text()).toContain("which the club cannot show");
  });
});
