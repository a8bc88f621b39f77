import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { lockerAssignments, lockerRequests, lockerWaitlist, members, outbox, securityEvents } from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as consoleLockers from "#app/features/lockers/routes/console-lockers.tsx";
import { createWorkerApp } from "#worker/app.ts";
import {
  listOpenLockerRequests,
  lockerOccupancy,
  lockerWaitlists,
  searchLockerCandidates,
} from "#worker/features/lockers/locker-console.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { actionArgs, actionExecutionContext, answerOf, routerContext } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * /concierge/lockers (docs/product-rules.md#lockers, Staff) against the real D1 and its inventory
 * (migrations/0009): occupancy, waitlists and requests, 'Assign locker' and 'Mark done', as React
 * Router calls the action once the console layout's requireConcierge has run, and the page through
 * the real Worker for who may see it.
 */
const database = getDatabase(env.DB);
const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  await database.batch([
    database.delete(lockerAssignments),
    database.delete(lockerWaitlist),
    database.delete(lockerRequests),
    database.delete(members),
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
    email: `locker${created}@example.com`,
    name: `Member ${created}`,
    tier: "business" as const,
    status: "active" as const,
    ...fields,
  };
  await database.insert(members).values(row);
  return row;
}
const concierge = (name = "Elena Marsh") => member({ role: "concierge", name });

async function assignment(memberId: string, lockerId: string, status: "offered" | "active" | "grace" | "holding", extra = {}) {
  const id = crypto.randomUUID();
  await database.insert(lockerAssignments).values({
    id,
    memberId,
    lockerId,
    status,
    ...(status === "offered"
      ? { offeredAt: iso(Date.now()), offerExpiresAt: iso(Date.now() + 7 * DAY_MS) }
      : { startedAt: iso(Date.now()) }),
    ...extra,
  });
  return id;
}
const waiting = (memberId: string, lockerClass: "shelf" | "private" | "cedar", joinedAt: string) =>
  database.insert(lockerWaitlist).values({ memberId, lockerClass, joinedAt });

/** Every live row of the lockers, as `lockerId: memberId status`. */
async function liveLockers(): Promise<Record<string, string>> {
  const rows = await env.DB.prepare(
    "SELECT locker_id, member_id, status FROM locker_assignments WHERE status <> 'ended' ORDER BY locker_id",
  ).all<{
    locker_id: string;
    member_id: string;
    status: string;
  }>();
  return Object.fromEntries(rows.results.map((row) => [row.locker_id, `${row.member_id} ${row.status}`]));
}
const waitlistOf = async () =>
  (await env.DB.prepare("SELECT member_id FROM locker_waitlist ORDER BY joined_at").all<{ member_id: string }>()).results.map(
    (row) => row.member_id,
  );
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
    details: (JSON.parse(event.metadata) as { details: unknown }).details,
  }));

/** The page's action as the concierge `by` sends the form. */
async function submit(by: { id: string; email: string; name: string }, fields: Record<string, string>) {
  const signedIn: SignedInMember = { id: by.id, email: by.email, name: by.name, tier: "business", role: "concierge" };
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, signedIn);
  const answer = await answerOf(async () =>
    consoleLockers.action(actionArgs("/concierge/lockers", { kind: "urlencoded", pairs: Object.entries(fields) }, context, {})),
  );
  await execution.settle();
  return answer;
}

describe("what the console shows", () => {
  it("counts each lounge's lockers by class: held, offered, in grace or holding, and free", async () => {
    const [a, b, c, d] = await Promise.all([member(), member(), member(), member({ tier: "kickback" })]);
    await assignment(a.id, "business-P-01", "active");
    await assignment(b.id, "business-P-02", "offered");
    await assignment(c.id, "business-P-03", "grace", { graceEndsAt: iso(Date.now() + DAY_MS) });
    await assignment(d.id, "kickback-S-001", "holding", { holdUntil: iso(Date.now() + DAY_MS) });
    await database
      .insert(lockerAssignments)
      .values({ id: crypto.randomUUID(), memberId: a.id, lockerId: "business-P-04", status: "ended" });

    expect(await lockerOccupancy(env.DB)).toEqual([
      { lounge: "kickback", lockerClass: "shelf", total: 48, held: 0, offered: 0, lapsing: 1, free: 47 },
      { lounge: "kickback", lockerClass: "private", total: 8, held: 0, offered: 0, lapsing: 0, free: 8 },
      { lounge: "business", lockerClass: "private", total: 24, held: 1, offered: 1, lapsing: 1, free: 21 },
      { lounge: "platinum", lockerClass: "cedar", total: 12, held: 0, offered: 0, lapsing: 0, free: 12 },
    ]);
  });

  it("lists each class's waitlist first in line first, and the open requests oldest first", async () => {
    const [first, second, lapsed] = await Promise.all([
      member({ name: "Avery First" }),
      member({ name: "Blair Second", tier: "platinum" }),
      member({ name: "Casey Lapsed", duesStatus: "lapsed" }),
    ]);
    await waiting(second.id, "private", "2026-11-02T00:00:00.000Z");
    await waiting(lapsed.id, "private", "2026-11-01T00:00:00.000Z");
    await waiting(first.id, "private", "2026-11-01T12:00:00.000Z");
    const lists = await lockerWaitlists(env.DB);
    expect(lists.shelf).toEqual([]);
    expect(lists.private.map((row) => [row.name, row.tier, row.mayHoldLocker])).toEqual([
      ["Casey Lapsed", "business", false],
      ["Avery First", "business", true],
      ["Blair Second", "platinum", true],
    ]);

    await assignment(first.id, "business-P-09", "active");
    await database.insert(lockerRequests).values([
      { id: "r-new", memberId: first.id, lockerId: "business-P-09", kind: "restock", createdAt: "2026-11-03T00:00:00.000Z" },
      {
        id: "r-old",
        memberId: first.id,
        lockerId: "business-P-09",
        kind: "humidity",
        note: "Wrappers cracking",
        createdAt: "2026-11-02T00:00:00.000Z",
      },
      { id: "r-done", memberId: first.id, lockerId: "business-P-09", kind: "pull", status: "done", createdAt: "2026-11-01T00:00:00.000Z" },
    ]);
    expect(await listOpenLockerRequests(env.DB, 50)).toEqual([
      expect.objectContaining({
        id: "r-old",
        kind: "humidity",
        note: "Wrappers cracking",
        memberName: "Avery First",
        lockerNumber: "P-09",
        lounge: "business",
      }),
      expect.objectContaining({ id: "r-new", kind: "restock", note: null }),
    ]);
  });
});

describe("the member search", () => {
  it("finds members who may hold a locker by name or email, as typed, with their lockers and place in line", async () => {
    const avery = await member({ name: "Avery Hale", email: "avery_hale@example.com" });
    await member({ name: "Avery Lapsed", duesStatus: "lapsed" });
    await member({ name: "Avery Gone", status: "suspended" });
    await member({ name: "Averyx", email: "averyxhale@example.com" });
    await assignment(avery.id, "business-P-02", "active");
    await assignment(avery.id, "platinum-C-03", "offered");
    await waiting(avery.id, "cedar", iso(Date.now()));
    expect(await searchLockerCandidates(env.DB, "AVERY_")).toEqual([
      {
        id: avery.id,
        name: "Avery Hale",
        email: "avery_hale@example.com",
        tier: "business",
        lockers: expect.arrayContaining([
          { lounge: "business", lockerClass: "private", number: "P-02", status: "active", nameplate: null },
          { lounge: "platinum", lockerClass: "cedar", number: "C-03", status: "offered", nameplate: null },
        ]),
        waitingFor: "cedar",
      },
    ]);
    expect((await searchLockerCandidates(env.DB, "avery")).map((found) => found.name)).toEqual(["Avery Hale", "Averyx"]);
  });
});

describe("'Assign locker'", () => {
  it("gives a member a free locker: held at once, assigned by the concierge, out of the waitlist, audited", async () => {
    const staff = await concierge();
    const avery = await member({ name: "Avery Hale" });
    await waiting(avery.id, "private", iso(Date.now()));
    const answer = await submit(staff, { intent: "assign", memberId: avery.id, lockerId: "business-P-05" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      form: `assign:${avery.id}`,
      ok: true,
      toast: { title: "Locker Assigned", description: "Private locker P-05, Business Lounge is now Avery Hale's." },
    });
    expect(await liveLockers()).toEqual({ "business-P-05": `${avery.id} active` });
    const row = await database.select().from(lockerAssignments).get();
    expect(row).toMatchObject({ assignedBy: staff.id, startedAt: expect.any(String) });
    expect(await waitlistOf()).toEqual([]);
    expect(await audited()).toEqual([
      {
        eventType: "locker_assigned",
        userId: staff.id,
        details: { memberId: avery.id, lockerId: "business-P-05", movedFromLockerId: null, offerEndedLockerId: null },
      },
    ]);
  });

  it("moves a member: the locker they held and their open offer end ('moved') and go to the next in line", async () => {
    const staff = await concierge();
    const mover = await member({ name: "Avery Hale", tier: "platinum" });
    const next = await member({ name: "Blair Next", email: "blair@example.com" });
    const nextCedar = await member({ name: "Casey Cedar", tier: "platinum", email: "casey@example.com" });
    await assignment(mover.id, "business-P-01", "active");
    await assignment(mover.id, "platinum-C-01", "offered");
    await waiting(next.id, "private", "2026-11-01T00:00:00.000Z");
    await waiting(nextCedar.id, "cedar", "2026-11-01T00:00:00.000Z");

    const answer = await submit(staff, { intent: "assign", memberId: mover.id, lockerId: "platinum-C-05" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: {
        description:
          "Cedar-lined locker C-05, Platinum Lounge is now Avery Hale's. Private locker P-01, Business Lounge is free again and goes to the next in line.",
      },
    });
    expect(await liveLockers()).toEqual({
      "business-P-01": `${next.id} offered`,
      "platinum-C-01": `${nextCedar.id} offered`,
      "platinum-C-05": `${mover.id} active`,
    });
    const ended = await env.DB.prepare(
      "SELECT locker_id, ended_reason FROM locker_assignments WHERE member_id = ? AND status = 'ended' ORDER BY locker_id",
    )
      .bind(mover.id)
      .all();
    expect(ended.results).toEqual([
      { locker_id: "business-P-01", ended_reason: "moved" },
      { locker_id: "platinum-C-01", ended_reason: "moved" },
    ]);
    expect(await waitlistOf()).toEqual([]);
    const emails = await env.DB.prepare("SELECT recipient FROM outbox ORDER BY recipient").all<{ recipient: string }>();
    expect(emails.results.map((email) => email.recipient)).toEqual(["blair@example.com", "casey@example.com"]);
    expect(await audited()).toEqual([
      expect.objectContaining({
        eventType: "locker_assigned",
        details: { memberId: mover.id, lockerId: "platinum-C-05", movedFromLockerId: "business-P-01", offerEndedLockerId: "platinum-C-01" },
      }),
    ]);
  });

  it("keeps the member's cedar nameplate when they move to another cedar locker", async () => {
    const staff = await concierge();
    const avery = await member({ tier: "platinum" });
    await assignment(avery.id, "platinum-C-01", "active", { nameplate: "A. Hale & Sons" });
    expect((await submit(staff, { intent: "assign", memberId: avery.id, lockerId: "platinum-C-02" })).status).toBe(200);
    expect(
      await database
        .select({ lockerId: lockerAssignments.lockerId, nameplate: lockerAssignments.nameplate })
        .from(lockerAssignments)
        .where(eq(lockerAssignments.status, "active"))
        .all(),
    ).toEqual([{ lockerId: "platinum-C-02", nameplate: "A. Hale & Sons" }]);
  });

  it("of two concierges giving the same locker at once, one wins; the other is told and nothing of theirs changes", async () => {
    const [elena, jordan] = await Promise.all([concierge("Elena Marsh"), concierge("Jordan Reyes")]);
    const [avery, blair] = await Promise.all([member(), member()]);
    await assignment(blair.id, "business-P-10", "active");
    await waiting(avery.id, "cedar", iso(Date.now()));
    const answers = await Promise.all([
      submit(elena, { intent: "assign", memberId: avery.id, lockerId: "business-P-03" }),
      submit(jordan, { intent: "assign", memberId: blair.id, lockerId: "business-P-03" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.data).toMatchObject({ ok: false, error: "Locker P-03 was just taken. Choose another." });
    const winner = answers[0]!.status === 200 ? avery : blair;
    const live = await liveLockers();
    expect(live["business-P-03"]).toBe(`${winner.id} active`);
    // The loser keeps what they had: Blair their locker, Avery their place in line.
    if (winner === avery) {
      expect(live["business-P-10"]).toBe(`${blair.id} active`);
      expect(await waitlistOf()).toEqual([]);
    } else {
      expect(live["business-P-10"]).toBeUndefined();
      expect(await waitlistOf()).toEqual([avery.id]);
    }
    expect((await audited()).map((event) => event.eventType)).toEqual(["locker_assigned"]);
  });

  it.each<[string, Record<string, string>, number]>([
    ["no locker chosen", { intent: "assign", memberId: "m", lockerId: "" }, 400],
    ["an unknown locker", { intent: "assign", memberId: "m", lockerId: "business-P-99" }, 400],
    ["a locker someone holds", { intent: "assign", memberId: "m", lockerId: "business-P-20" }, 409],
    ["an unknown member", { intent: "assign", memberId: "nobody", lockerId: "business-P-05" }, 404],
    ["no member", { intent: "assign", lockerId: "business-P-05" }, 400],
    ["another intent", { intent: "release", memberId: "m", lockerId: "business-P-05" }, 400],
  ])("refuses %s and changes nothing", async (_case, fields, status) => {
    const staff = await concierge();
    const avery = await member();
    const holder = await member();
    await assignment(avery.id, "business-P-01", "active");
    await assignment(holder.id, "business-P-20", "active");
    await waiting(avery.id, "cedar", iso(Date.now()));
    const before = await liveLockers();
    const answer = await submit(staff, { ...fields, ...(fields.memberId === "m" ? { memberId: avery.id } : {}) });
    expect(answer.status).toBe(status);
    expect(answer.data).toMatchObject({ ok: false });
    expect(await liveLockers()).toEqual(before);
    expect(await waitlistOf()).toEqual([avery.id]);
    expect(await audited()).toEqual([]);
  });

  it("refuses a member who may not hold a locker (dues lapsed)", async () => {
    const staff = await concierge();
    const lapsed = await member({ duesStatus: "lapsed" });
    const answer = await submit(staff, { intent: "assign", memberId: lapsed.id, lockerId: "business-P-05" });
    expect(answer.status).toBe(404);
    expect(await liveLockers()).toEqual({});
  });
});

describe("'Mark done'", () => {
  it("closes an open request once, records who, and is audited", async () => {
    const [elena, jordan] = await Promise.all([concierge("Elena Marsh"), concierge("Jordan Reyes")]);
    const avery = await member();
    await assignment(avery.id, "business-P-09", "active");
    await database.insert(lockerRequests).values({ id: "r-1", memberId: avery.id, lockerId: "business-P-09", kind: "pull" });
    const answers = await Promise.all([
      submit(elena, { intent: "request-done", requestId: "r-1" }),
      submit(jordan, { intent: "request-done", requestId: "r-1" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.data).toEqual({
      form: "request:r-1",
      ok: false,
      error: "This request is no longer open.",
    });
    const row = await database.select().from(lockerRequests).get();
    expect(row).toMatchObject({ status: "done", handledBy: expect.stringMatching(new RegExp(`^(${elena.id}|${jordan.id})$`)) });
    expect(await audited()).toEqual([
      {
        eventType: "locker_request_done",
        userId: row!.handledBy,
        details: { requestId: "r-1", memberId: avery.id, lockerId: "business-P-09", kind: "pull" },
      },
    ]);
  });

  it("refuses a request that does not exist, and a form without one, changing nothing", async () => {
    const staff = await concierge();
    expect((await submit(staff, { intent: "request-done", requestId: "nope" })).status).toBe(409);
    expect((await submit(staff, { intent: "request-done" })).status).toBe(400);
    expect(await audited()).toEqual([]);
  });
});

describe("who may see /concierge/lockers", () => {
  type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
  const build: ServerBuild = {
    entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
      lockers: { id: "lockers", parentId: "concierge", path: "lockers", module: consoleLockers as RouteModule },
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

  async function send(path: string, cookie: string, init: RequestInit = {}): Promise<Response> {
    const context = createExecutionContext();
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await app.fetch(new Request(`http://localhost:8787${path}`, { ...init, headers }), env, context);
    await waitOnExecutionContext(context);
    return response;
  }

  it("a concierge gets the page, never cached; a member and a visitor get the 404, and their form changes nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const staff = await concierge();
    const plain = await member();
    const staffCookie = (await signedInAs(staff)).cookie;
    const memberCookie = (await signedInAs(plain)).cookie;

    const page = await send("/concierge/lockers.data", staffCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    for (const cookie of [memberCookie, ""]) {
      expect((await send("/concierge/lockers", cookie)).status).toBe(404);
      const post = await send("/concierge/lockers", cookie, {
        method: "POST",
        headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "assign", memberId: plain.id, lockerId: "business-P-05" }).toString(),
      });
      expect(post.status).toBe(404);
    }
    expect(await liveLockers()).toEqual({});
  });

  it("shows the concierge the nameplate a member set, with the member the search finds", async () => {
    const staffCookie = (await signedInAs(await concierge())).cookie;
    const engraved = await member({ name: "Nameplate Holder", tier: "platinum" });
    await assignment(engraved.id, "platinum-C-07", "active", { nameplate: "R. Okafor & Sons" });
    const found = await send("/concierge/lockers.data?q=Nameplate%20Holder", staffCookie);
    expect(await found.text()).toContain("nameplate “R. Okafor & Sons”");
  });
});
