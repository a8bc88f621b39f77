import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { cardDevices, doorCheckIns, doorGuestCheckIns, guestVisits, members, outbox, securityEvents } from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as consoleLockers from "#app/features/lockers/routes/console-lockers.tsx";
import * as consoleGuests from "#app/features/guests/routes/console-guests.tsx";
import * as doorPage from "#app/features/door/routes/door.tsx";
import * as doorList from "#app/features/door/routes/door-list.ts";
import * as doorCheckInsRoute from "#app/features/door/routes/door-check-ins.ts";
import * as doorPhoto from "#app/features/door/routes/door-photo.ts";
import type { DoorCheckIn, DoorEvening, DoorList, DoorSyncAnswer } from "#app/features/door/door-list.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { createWorkerApp } from "#worker/app.ts";
import { storeMemberPhoto } from "#worker/features/card/member-photos.ts";
import { clubCardPublicJwk } from "#worker/features/card/club-card-key.ts";
import { importClubPublicKey } from "#app/features/card/member-credential.ts";
import { openDoorList } from "#app/features/door/signed-list.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { register, uniqueGuest } from "#tests/integration/guests/guest-fixtures.ts";

/**
 * The door (docs/product-rules.md#door) through the real Worker and the real route modules: who
 * may reach it (door staff and concierges; a member, a visitor and, on the console, a door-only
 * account get the site's 404), the status list, check-ins synced once, guests added at the door
 * counting against the allowance, and concurrent syncs decided by the database.
 */
const database = getDatabase(env.DB);
const ORIGIN = "http://localhost:8787";

beforeEach(async () => {
  await database.batch([
    database.delete(doorGuestCheckIns),
    database.delete(doorCheckIns),
    database.delete(guestVisits),
    database.delete(cardDevices),
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
    email: `door${created}@example.com`,
    name: `Member ${created}`,
    tier: "business" as const,
    status: "active" as const,
    ...fields,
  };
  await database.insert(members).values(row);
  return row;
}
const cookieOf = async (account: { id: string }) => (await signedInAs(account)).cookie;

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const build: ServerBuild = {
  entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    door: { id: "door", parentId: "root", path: "door", module: doorPage as RouteModule },
    "door-list": { id: "door-list", parentId: "root", path: "door/list", module: doorList as RouteModule },
    "door-check-ins": { id: "door-check-ins", parentId: "root", path: "door/check-ins", module: doorCheckInsRoute as RouteModule },
    "door-photo": { id: "door-photo", parentId: "root", path: "door/photos/:memberId", module: doorPhoto as RouteModule },
    concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
    lockers: { id: "lockers", parentId: "concierge", path: "lockers", module: consoleLockers as RouteModule },
    guests: { id: "guests", parentId: "concierge", path: "guests", module: consoleGuests as RouteModule },
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
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

function sync(cookie: string, checkIns: DoorCheckIn[]) {
  return send("/door/check-ins", cookie, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ checkIns }),
  });
}
/** /door/list as the door opens it: signed with the club's card key, opened with its public half. */
async function openedList(cookie: string): Promise<DoorList> {
  const signed = (await (await send("/door/list", cookie)).json()) as { list: string; signature: string };
  expect(Object.keys(signed).sort()).toEqual(["list", "signature"]);
  const list = await openDoorList(await importClubPublicKey(clubCardPublicJwk(env)), signed);
  expect(list, "signed by the club's card key").not.toBeNull();
  return list!;
}

async function answersOf(response: Response): Promise<DoorSyncAnswer[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { answers: DoorSyncAnswer[] }).answers;
}

function checkIn(memberId: string, fields: Partial<DoorCheckIn> = {}): DoorCheckIn {
  return {
    id: crypto.randomUUID(),
    memberId,
    lounge: "business",
    checkedInAt: new Date().toISOString(),
    method: "card",
    offline: true,
    guests: [],
    ...fields,
  };
}
const doorGuest = (name: string) => ({ id: crypto.randomUUID(), name });
const today = () => portlandDay(new Date());
const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<Record<string, unknown>>()
  ).results;

describe("who may reach the door", () => {
  it("door staff and concierges get the page and its data, never cached", async () => {
    for (const role of ["door", "concierge"] as const) {
      const cookie = await cookieOf(await member({ role }));
      const page = await send("/door.data", cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const list = await send("/door/list", cookie);
      expect(list.status).toBe(200);
      expect(list.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await send("/door/check-ins", cookie)).status).toBe(200);
    }
  });

  it("a member and a visitor get the 404 on every door route, and their check-ins store nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const plain = await member();
    const withPhoto = await member();
    await storeMemberPhoto(env, withPhoto.id, new File([pngBytes()], "me.png"));
    for (const cookie of [await cookieOf(plain), ""]) {
      for (const path of ["/door", "/door.data", "/door/list", "/door/check-ins", `/door/photos/${withPhoto.id}`]) {
        expect((await send(path, cookie)).status, path).toBe(404);
      }
      expect((await sync(cookie, [checkIn(plain.id)])).status).toBe(404);
    }
    expect(await rows("SELECT id FROM door_check_ins")).toEqual([]);
  });

  it("a door-only account gets the 404 on the console (requireConcierge admits concierges alone)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cookie = await cookieOf(await member({ role: "door" }));
    for (const path of ["/concierge", "/concierge.data", "/concierge/lockers", "/concierge/guests"]) {
      expect((await send(path, cookie)).status, path).toBe(404);
    }
    const post = await send("/concierge/lockers", cookie, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "assign", memberId: "x", lockerId: "business-P-05" }).toString(),
    });
    expect(post.status).toBe(404);
  });

  it("door staff get a member's photo, private and never cached; no photo is a 404", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const pictured = await member();
    await storeMemberPhoto(env, pictured.id, new File([pngBytes()], "me.png"));
    const photo = await send(`/door/photos/${pictured.id}`, cookie);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/png");
    expect(photo.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await send(`/door/photos/${(await member()).id}`, cookie)).status).toBe(404);
  });
});

describe("the status list", () => {
  it("holds every member's standing, the revoked cards and today's expected guests with each host's count", async () => {
    const staff = await member({ role: "door", name: "Door Staff" });
    const cookie = await cookieOf(staff);
    const host = await member({ name: "Ada Host", tier: "kickback" });
    const suspended = await member({ name: "Sam Suspended", status: "suspended" });
    const lapsed = await member({ name: "Lee Lapsed", duesStatus: "lapsed" });
    await storeMemberPhoto(env, host.id, new File([pngBytes()], "me.png"));
    const guest = uniqueGuest();
    const registered = await register(
      { id: host.id, email: host.email, name: host.name, tier: "kickback", role: "member" },
      { day: today(), guestName: guest },
    );
    expect(registered.ok).toBe(true);
    await database.insert(cardDevices).values([
      {
        id: crypto.randomUUID(),
        memberId: host.id,
        publicKey: "k",
        label: "Old phone",
        expiresAt: "2030-01-01T00:00:00.000Z",
        revokedAt: new Date().toISOString(),
      },
      { id: crypto.randomUUID(), memberId: host.id, publicKey: "k", label: "Phone", expiresAt: "2030-01-01T00:00:00.000Z" },
    ]);

    const list = await openedList(cookie);
    expect(Date.parse(list.syncedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(list.day).toBe(today());
    // Door accounts are staff: none is on the list the door admits by.
    expect(list.members.some((entry) => entry.id === staff.id)).toBe(false);
    const byName = Object.fromEntries(list.members.map((entry) => [entry.name, entry]));
    expect(byName["Ada Host"]).toMatchObject({
      tier: "kickback",
      status: "active",
      duesStatus: "active",
      hasPhoto: true,
      guestsToday: 1,
      guestDaysUsedUp: false,
    });
    expect(byName["Sam Suspended"]).toMatchObject({ id: suspended.id, status: "suspended", hasPhoto: false });
    expect(byName["Lee Lapsed"]).toMatchObject({ id: lapsed.id, duesStatus: "lapsed" });
    expect(list.revokedCardIds).toHaveLength(1);
    expect(list.expectedGuests).toEqual([
      { id: expect.any(String), hostMemberId: host.id, guestName: guest, lounge: "kickback", checkedIn: false },
    ]);
    // Its guest checked in, the list says so.
    await answersOf(
      await sync(cookie, [
        checkIn(host.id, { lounge: "kickback", guests: [{ id: crypto.randomUUID(), guestVisitId: list.expectedGuests[0]!.id }] }),
      ]),
    );
    const after = await openedList(cookie);
    expect(after.expectedGuests[0]!.checkedIn).toBe(true);
  });
});

describe("check-ins synced from the door", () => {
  it("stores a check-in the club would have refused (suspended, revoked or another's card) and flags it high for the concierge", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const suspended = await member({ status: "suspended" });
    const holder = await member();
    const other = await member();
    const revoked = crypto.randomUUID();
    const live = crypto.randomUUID();
    await database.insert(cardDevices).values([
      {
        id: revoked,
        memberId: holder.id,
        publicKey: "k",
        label: "Lost phone",
        expiresAt: "2030-01-01T00:00:00.000Z",
        revokedAt: new Date().toISOString(),
      },
      { id: live, memberId: other.id, publicKey: "k", label: "Phone", expiresAt: "2030-01-01T00:00:00.000Z" },
    ]);
    const good = checkIn(other.id, { cardId: live });
    const doubtful = [
      checkIn(suspended.id, { method: "search" }),
      checkIn(holder.id, { cardId: revoked }),
      checkIn(holder.id, { cardId: live }),
    ];
    const answers = await answersOf(await sync(cookie, [good, ...doubtful]));
    expect(answers.map((answer) => answer.outcome)).toEqual(["stored", "stored", "stored", "stored"]);
    const flagged = await rows(
      "SELECT severity, description, metadata FROM security_events WHERE event_type = 'door_check_in_questioned' ORDER BY id",
    );
    expect(flagged.map((event) => [event.severity, event.description])).toEqual([
      ["high", "checked in at the door, but the membership is suspended"],
      ["high", "checked in at the door, but the card was revoked"],
      ["high", "checked in at the door, but the card is another member's"],
    ]);
    expect(flagged.map((event) => JSON.parse(String(event.metadata)).details.checkInId)).toEqual(doubtful.map((entry) => entry.id));
  });

  it("are stored once however often they are sent, each audited with the staff member and the member", async () => {
    const staff = await member({ role: "door", name: "Door Staff" });
    const cookie = await cookieOf(staff);
    const arriving = await member({ name: "Ada Arrives" });
    const queue = [checkIn(arriving.id), checkIn(arriving.id, { method: "search", offline: false })];
    expect((await answersOf(await sync(cookie, queue))).map((answer) => answer.outcome)).toEqual(["stored", "stored"]);
    expect((await answersOf(await sync(cookie, queue))).map((answer) => answer.outcome)).toEqual(["already-stored", "already-stored"]);
    expect(await rows("SELECT member_id, staff_member_id, day FROM door_check_ins")).toEqual([
      { member_id: arriving.id, staff_member_id: staff.id, day: today() },
      { member_id: arriving.id, staff_member_id: staff.id, day: today() },
    ]);
    const audited = await rows("SELECT user_id, metadata AS details FROM security_events WHERE event_type = 'door_check_in'");
    expect(audited).toHaveLength(2);
    expect(audited[0]!.user_id).toBe(staff.id);
    expect(JSON.parse(String(audited[0]!.details)).details).toMatchObject({ memberId: arriving.id, lounge: "business" });

    const evening = (await (await send("/door/check-ins", cookie)).json()) as DoorEvening;
    expect(evening.occupancy.find((row) => row.lounge === "business")).toEqual({ lounge: "business", members: 1, guests: 0 });
    expect(evening.checkIns.map((row) => row.memberName)).toEqual(["Ada Arrives", "Ada Arrives"]);
  });

  it("refuses what it cannot store, with the reason, and a bad batch stores nothing", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const arriving = await member();
    const [unknown, future] = await answersOf(
      await sync(cookie, [
        checkIn("no-such-member"),
        checkIn(arriving.id, { checkedInAt: new Date(Date.now() + 3_600_000).toISOString() }),
      ]),
    );
    expect(unknown).toMatchObject({ outcome: "refused", reason: "not a member of the club" });
    expect(future).toMatchObject({ outcome: "refused", reason: "the device's clock is wrong" });
    const bad = await sync(cookie, [checkIn(arriving.id), { ...checkIn(arriving.id), lounge: "attic" as "business" }]);
    expect(bad.status).toBe(400);
    expect(await rows("SELECT id FROM door_check_ins")).toEqual([]);
  });

  it("count guests added at the door against the host's allowance, and keep a refused one on the record", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const host = await member({ name: "Ada Host" });
    const [first, second] = await answersOf(
      await sync(cookie, [
        checkIn(host.id, { guests: [doorGuest("Grace Hopper")] }),
        checkIn(host.id, { guests: [doorGuest("Alan Turing")] }),
      ]),
    );
    expect(first!.guests.map((guest) => guest.outcome)).toEqual(["stored"]);
    expect(second!.guests).toEqual([{ id: expect.any(String), outcome: "refused", reason: "the host's guests for today are used up" }]);
    expect(await rows("SELECT guest_name FROM guest_visits WHERE host_member_id = ? AND status = 'expected'", host.id)).toEqual([
      { guest_name: "Grace Hopper" },
    ]);
    expect(
      await rows("SELECT guest_name, guest_visit_id IS NULL AS unlinked, refused_on_sync FROM door_guest_check_ins ORDER BY guest_name"),
    ).toEqual([
      { guest_name: "Alan Turing", unlinked: 1, refused_on_sync: "the host's guests for today are used up" },
      { guest_name: "Grace Hopper", unlinked: 0, refused_on_sync: null },
    ]);
    // The door's guest used the day's allowance: registering another today is refused.
    const later = await register(
      { id: host.id, email: host.email, name: host.name, tier: "business", role: "member" },
      { day: today(), guestName: uniqueGuest() },
    );
    expect(later).toEqual({ ok: false, reason: "day-full" });
  });
});

describe("the club re-checks what the door decided", () => {
  it("stores a check-in at a lounge the member's tier does not open and flags it high, in words; its guests are refused", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const kickback = await member({ tier: "kickback", name: "Kit Kickback" });
    const registered = await register(
      { id: kickback.id, email: kickback.email, name: kickback.name, tier: "kickback", role: "member" },
      { day: today(), guestName: "Grace Hopper", lounge: "kickback" },
    );
    expect(registered.ok).toBe(true);
    const visitId = registered.ok ? registered.visit.id : "";
    const atPlatinum = checkIn(kickback.id, {
      lounge: "platinum",
      method: "search",
      guests: [{ id: crypto.randomUUID(), guestVisitId: visitId }, doorGuest("Alan Turing")],
    });
    const [answer] = await answersOf(await sync(cookie, [atPlatinum]));
    expect(answer!.outcome).toBe("stored");
    const notAllowed = "the host may not bring guests (membership or lounge)";
    expect(answer!.guests.map((guest) => [guest.outcome, guest.reason])).toEqual([
      ["refused", notAllowed],
      ["refused", notAllowed],
    ]);
    const flagged = await rows("SELECT severity, description, metadata FROM security_events WHERE event_type = 'door_check_in_questioned'");
    expect(flagged.map((event) => [event.severity, event.description])).toEqual([
      ["high", "checked in at the door, but the Kickback membership does not open the Platinum Lounge"],
    ]);
    expect(JSON.parse(String(flagged[0]!.metadata)).details.checkInId).toBe(atPlatinum.id);
    // Neither guest counts as a visit at the Platinum Lounge: the registered one is still expected, unlinked, and no visit was made.
    expect(await rows("SELECT guest_name, lounge FROM guest_visits WHERE host_member_id = ? AND status = 'expected'", kickback.id)).toEqual(
      [{ guest_name: "Grace Hopper", lounge: "kickback" }],
    );
    expect(await rows("SELECT guest_visit_id IS NULL AS unlinked, refused_on_sync FROM door_guest_check_ins")).toEqual([
      { unlinked: 1, refused_on_sync: notAllowed },
      { unlinked: 1, refused_on_sync: notAllowed },
    ]);
    // At a lounge the tier opens, nothing is questioned.
    await answersOf(await sync(cookie, [checkIn(kickback.id, { lounge: "kickback", method: "search" })]));
    expect(await rows("SELECT id FROM security_events WHERE event_type = 'door_check_in_questioned'")).toHaveLength(1);
  });

  it("a door guest whose name breaks the guest-name rule is kept without the name, refused and flagged; nothing as typed is stored", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const host = await member({ name: "Ada Host" });
    const typed = "<img src=x onerror=alert(1)>\u202e";
    const entry = checkIn(host.id, { guests: [doorGuest(typed)] });
    const [answer] = await answersOf(await sync(cookie, [entry]));
    expect(answer!.guests).toEqual([
      {
        id: entry.guests[0]!.id,
        outcome: "refused",
        reason: "the name breaks the guest-name rule (letters, spaces, hyphens and apostrophes): ask it again and tell the concierge",
      },
    ]);
    expect(await rows("SELECT guest_name, guest_visit_id FROM door_guest_check_ins")).toEqual([
      { guest_name: "Guest (name not recorded)", guest_visit_id: null },
    ]);
    expect(await rows("SELECT id FROM guest_visits")).toEqual([]);
    const flagged = await rows("SELECT severity, description, metadata FROM security_events WHERE event_type = 'door_guest_name_refused'");
    expect(flagged.map((event) => [event.severity, event.description])).toEqual([
      ["high", "a guest added at the door was kept without their name: it broke the guest-name rule"],
    ]);
    const everything = JSON.stringify([await rows("SELECT * FROM door_guest_check_ins"), await rows("SELECT * FROM security_events")]);
    expect(everything).not.toContain("onerror");
    expect(everything).not.toContain("\u202e");
    // Synced again, it is stored once.
    const [again] = await answersOf(await sync(cookie, [entry]));
    expect(again!.guests.map((guest) => guest.outcome)).toEqual(["already-stored"]);
  });
});

describe("concurrent syncs, decided by the database", () => {
  it("two devices syncing the same queue store each check-in and guest once", async () => {
    const cookie = await cookieOf(await member({ role: "door" }));
    const host = await member();
    const queue = [checkIn(host.id, { guests: [doorGuest("Grace Hopper")] }), checkIn((await member()).id)];
    const [one, two] = await Promise.all([sync(cookie, queue), sync(cookie, queue)]);
    const outcomes = [...(await answersOf(one)), ...(await answersOf(two))].map((answer) => answer.outcome).sort();
    expect(outcomes).toEqual(["already-stored", "already-stored", "stored", "stored"]);
    expect(await rows("SELECT count(*) AS n FROM door_check_ins")).toEqual([{ n: 2 }]);
    expect(await rows("SELECT count(*) AS n FROM door_guest_check_ins")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM guest_visits")).toEqual([{ n: 1 }]);
  });

  it("two door guests racing for the host's last place make one visit; the other is kept as refused", async () => {
    const [doorA, doorB] = [await cookieOf(await member({ role: "door" })), await cookieOf(await member({ role: "door" }))];
    const host = await member();
    const [a, b] = await Promise.all([
      sync(doorA, [checkIn(host.id, { guests: [doorGuest("Grace Hopper")] })]),
      sync(doorB, [checkIn(host.id, { guests: [doorGuest("Alan Turing")] })]),
    ]);
    const guests = [...(await answersOf(a)), ...(await answersOf(b))]
      .flatMap((answer) => answer.guests.map((guest) => guest.outcome))
      .sort();
    expect(guests).toEqual(["refused", "stored"]);
    expect(await rows("SELECT count(*) AS n FROM guest_visits WHERE host_member_id = ?", host.id)).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM door_guest_check_ins WHERE refused_on_sync IS NOT NULL")).toEqual([{ n: 1 }]);
  });

  it("a registered guest ticked on two devices is checked in once", async () => {
    const [doorA, doorB] = [await cookieOf(await member({ role: "door" })), await cookieOf(await member({ role: "door" }))];
    const host = await member();
    const registered = await register(
      { id: host.id, email: host.email, name: host.name, tier: "business", role: "member" },
      { day: today(), guestName: uniqueGuest() },
    );
    if (!registered.ok) throw new Error("not registered");
    const ticked = () => [checkIn(host.id, { guests: [{ id: crypto.randomUUID(), guestVisitId: registered.visit.id }] })];
    const [a, b] = await Promise.all([sync(doorA, ticked()), sync(doorB, ticked())]);
    const guests = [...(await answersOf(a)), ...(await answersOf(b))]
      .flatMap((answer) => answer.guests.map((guest) => guest.outcome))
      .sort();
    expect(guests).toEqual(["already-checked-in", "stored"]);
    expect(await rows("SELECT count(*) AS n FROM door_guest_check_ins")).toEqual([{ n: 1 }]);
  });
});

/** The smallest PNG there is (1×1), for a member's photo. */
function pngBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
    (character) => character.charCodeAt(0),
  );
}

describe("the camera", () => {
  it("is allowed to the door page alone: /door has camera=(self), every other page camera=()", async () => {
    const policy = async (path: string) => (await send(path, "")).headers.get("Permissions-Policy");
    expect(await policy("/door")).toBe("camera=(self), microphone=(), geolocation=()");
    for (const path of [
      "/",
      "/members",
      "/members/card",
      "/door.data",
      "/door/list",
      "/door/photos/x",
      "/doorway",
      "/concierge",
      "/auth",
      "/api/health",
    ]) {
      expect(await policy(path), path).toBe("camera=(), microphone=(), geolocation=()");
    }
  });
});
