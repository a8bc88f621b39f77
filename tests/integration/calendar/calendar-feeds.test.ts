import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { getDatabase } from "#db/client.ts";
import {
  calendarBookings,
  calendarFeeds,
  calendarListings,
  calendarSessions,
  meetingRoomBookings,
  members,
  securityEvents,
} from "#db/schema.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import type { TierSlug } from "#app/features/site/tier-entitlements.ts";
import * as memberArea from "#app/features/member-area/routes/member-area.tsx";
import * as devices from "#app/features/sign-in/routes/devices.tsx";
import * as memberCalendar from "#app/features/calendar/routes/member-calendar.tsx";
import * as calendarFeed from "#app/features/calendar/routes/calendar-feed.ts";
import * as eventFile from "#app/features/calendar/routes/member-event-file.ts";
import * as courseFile from "#app/features/calendar/routes/member-course-file.ts";
import * as roomFile from "#app/features/calendar/routes/member-meeting-room-file.ts";
import { createWorkerApp } from "#worker/app.ts";
import { encodeBase64Url } from "#worker/shared/base64.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { createCalendarFeed, readCalendarFeed, revokeCalendarFeed } from "#worker/features/calendar/calendar-feeds.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { createDuesMember } from "#tests/integration/dues/dues-fixtures.ts";

/**
 * The calendar files and the private feed (docs/product-rules.md#calendar-files-and-the-private-feed,
 * docs/security.md#calendar-feeds) through the real Worker and React Router's request handler, with
 * the real route modules. The stand-in document answers the route data as JSON, so a form's answer
 * can be read as the page would show it.
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const route = (id: string, module: object, path?: string, parentId = "root") => ({ id, parentId, path, module: module as RouteModule });

const build: ServerBuild = {
  entry: {
    module: {
      default: (_request, status, headers, routerContext) =>
        new Response(
          JSON.stringify({
            actionData: routerContext.staticHandlerContext.actionData,
            loaderData: routerContext.staticHandlerContext.loaderData,
          }),
          {
            status,
            headers,
          },
        ),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "member-area": route("member-area", memberArea),
    devices: route("devices", devices, "members/devices", "member-area"),
    "member-calendar": route("member-calendar", memberCalendar, "members/calendar", "member-area"),
    "event-file": route("event-file", eventFile, "members/events/:id.ics", "member-area"),
    "course-file": route("course-file", courseFile, "members/academy/:id.ics", "member-area"),
    "room-file": route("room-file", roomFile, "members/meeting-rooms/:reservationId.ics", "member-area"),
    "calendar-feed": route("calendar-feed", calendarFeed, "calendar/:file"),
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
const origin = "http://localhost:8787";
const host = "localhost";
const database = () => getDatabase(env.DB);
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

async function fetchPath(path: string, { cookie = "", form }: { cookie?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const context = createExecutionContext();
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const init: RequestInit = form
    ? { method: "POST", body: new URLSearchParams(form), headers: { ...headers, Origin: origin } }
    : { headers };
  const response = await app.fetch(new Request(`${origin}${path}`, init), env, context);
  await waitOnExecutionContext(context);
  return response;
}

async function member(tier: TierSlug = "business") {
  const row = await createDuesMember({ tier });
  await acceptRules(env.DB, row.id, RULES_VERSION);
  return { ...row, cookie: (await signedInAs(row)).cookie };
}

let listings = 0;
async function listing(
  values: { startsAt: number; hours?: number } & Partial<Omit<typeof calendarListings.$inferInsert, "startsAt" | "endsAt">>,
) {
  listings += 1;
  const { kind = "event", category = kind === "event" ? "tasting-night" : "foundations", startsAt, hours = 3, ...rest } = values;
  const id = `feed-test-${listings}-${crypto.randomUUID().slice(0, 8)}`;
  await database()
    .insert(calendarListings)
    .values({
      id,
      kind,
      category,
      title: `Listing ${listings}`,
      description: "Three aged cognacs; bring a friend's appetite.",
      lounge: "kickback",
      startsAt: iso(startsAt),
      endsAt: iso(startsAt + hours * HOUR_MS),
      capacity: 20,
      opensAt: iso(startsAt - 30 * DAY_MS),
      closesAt: iso(startsAt - DAY_MS),
      ...rest,
    });
  return id;
}

async function sessions(listingId: string, starts: number[]) {
  await database()
    .insert(calendarSessions)
    .values(starts.map((start) => ({ listingId, startsAt: iso(start), endsAt: iso(start + 2 * HOUR_MS) })));
}

async function book(
  listingId: string,
  memberId: string,
  status: "confirmed" | "waitlisted" | "cancelled",
  extra: Partial<typeof calendarBookings.$inferInsert> = {},
) {
  await database()
    .insert(calendarBookings)
    .values({
      id: crypto.randomUUID(),
      listingId,
      memberId,
      status,
      confirmedAt: status === "waitlisted" ? null : iso(Date.now() - DAY_MS),
      ...(status === "cancelled" ? { cancelledAt: iso(Date.now() - HOUR_MS), cancelledBy: "member" as const } : {}),
      ...extra,
    });
}

let roomHourOffset = 0;
/** A reservation of `hours` consecutive hours of a room, on a day of its own (no two tests share a room hour). */
async function reserveRoom(memberId: string, hours: number, status: "booked" | "cancelled" = "booked") {
  roomHourOffset += 1;
  const reservationId = crypto.randomUUID();
  // 10 am Portland (PST) on a day far enough ahead that no other test's hour is the same.
  const first = Date.parse("2027-01-04T18:00:00.000Z") + roomHourOffset * 7 * DAY_MS;
  await database()
    .insert(meetingRoomBookings)
    .values(
      Array.from({ length: hours }, (_, index) => ({
        id: crypto.randomUUID(),
        room: "alder" as const,
        memberId,
        startsAt: iso(first + index * HOUR_MS),
        day: iso(first).slice(0, 10),
        reservationId,
        status,
        ...(status === "cancelled" ? { cancelledAt: iso(Date.now()), cancelledBy: "member" as const } : {}),
      })),
    );
  return { reservationId, first };
}

/** The events of a calendar file as a calendar app reads them (ical.js), by UID. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(
    calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      return [event.uid, { event, status: component.getFirstPropertyValue("status") }] as const;
    }),
  );
}

async function feedAddress(memberId: string) {
  const { token } = await createCalendarFeed(env.DB, memberId, Date.now());
  return `/calendar/${token}.ics`;
}

describe("the private feed", () => {
  it("holds the member's own confirmed bookings, every session of a term and their room hours, in club time; nothing of anyone else", async () => {
    const owner = await member("platinum");
    const other = await member("platinum");
    const now = Date.now();
    const event = await listing({ startsAt: now + 5 * DAY_MS, title: "Cedar and Cognac" });
    const recent = await listing({ startsAt: now - 20 * DAY_MS });
    const old = await listing({ startsAt: now - 40 * DAY_MS });
    const waitlisted = await listing({ startsAt: now + 6 * DAY_MS });
    const othersOnly = await listing({ startsAt: now + 7 * DAY_MS });
    const term = await listing({ kind: "course", startsAt: now + 10 * DAY_MS, title: "Foundations, winter" });
    await sessions(term, [now + 10 * DAY_MS, now + 17 * DAY_MS, now + 24 * DAY_MS]);
    for (const id of [event, recent, old]) await book(id, owner.id, "confirmed");
    await book(term, owner.id, "confirmed");
    await book(waitlisted, owner.id, "waitlisted");
    await book(othersOnly, other.id, "confirmed");
    await book(event, other.id, "confirmed");
    const own = await reserveRoom(owner.id, 2);
    const theirs = await reserveRoom(other.id, 1);

    const response = await fetchPath(await feedAddress(owner.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.has("Content-Disposition")).toBe(false);
    const text = await response.text();

    // RFC 5545: CRLF line ends, no line over 75 octets; the club's zone, defined in the file.
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain("\r\nX-WR-TIMEZONE:America/Los_Angeles\r\n");
    expect(text).toContain("\r\nBEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n");
    expect(text).toMatch(/\r\nDTSTART;TZID=America\/Los_Angeles:\d{8}T\d{6}\r\n/);

    const events = eventsOf(text);
    expect([...events.keys()].sort()).toEqual(
      [
        `event-${event}@${host}`,
        `event-${recent}@${host}`,
        `course-${term}-1@${host}`,
        `course-${term}-2@${host}`,
        `course-${term}-3@${host}`,
        `meeting-room-${own.reservationId}@${host}`,
      ].sort(),
    );
    expect(events.get(`event-${event}@${host}`)!.event.summary).toBe("Cedar and Cognac");
    expect(events.get(`event-${event}@${host}`)!.status).toBe("CONFIRMED");
    expect(events.get(`course-${term}-2@${host}`)!.event.summary).toBe("Foundations, winter (session 2 of 3)");
    const room = events.get(`meeting-room-${own.reservationId}@${host}`)!.event;
    expect(room.summary).toBe("Alder Room, Ember & Oak Society");
    expect(room.startDate.toJSDate().toISOString()).toBe(iso(own.first));
    expect(room.endDate.toJSDate().toISOString()).toBe(iso(own.first + 2 * HOUR_MS));
    expect(text).not.toContain(theirs.reservationId);
    expect(text).not.toContain(othersOnly);
    expect(text).not.toContain(waitlisted);
    expect(text).not.toContain(owner.name);
    expect(text).not.toContain(owner.email);
  });

  it("marks a booking or a listing cancelled after it was confirmed, and leaves out a cancelled waitlist place", async () => {
    const owner = await member();
    const now = Date.now();
    const cancelledByMember = await listing({ startsAt: now + 3 * DAY_MS, createdAt: iso(now - 10 * DAY_MS) });
    const cancelledByStaff = await listing({ startsAt: now + 4 * DAY_MS, status: "cancelled", cancelledAt: iso(now - HOUR_MS) });
    const rebooked = await listing({ startsAt: now + 5 * DAY_MS });
    const leftWaitlist = await listing({ startsAt: now + 6 * DAY_MS });
    await book(cancelledByMember, owner.id, "cancelled");
    await book(cancelledByStaff, owner.id, "cancelled", { cancelledBy: "listing" });
    await book(rebooked, owner.id, "cancelled", { createdAt: iso(now - 3 * DAY_MS) });
    await book(rebooked, owner.id, "confirmed", { createdAt: iso(now - DAY_MS) });
    await book(leftWaitlist, owner.id, "cancelled", { confirmedAt: null });
    const room = await reserveRoom(owner.id, 1, "cancelled");

    const events = eventsOf((await readCalendarFeed(env.DB, (await createCalendarFeed(env.DB, owner.id, now)).token, origin, now))!);
    expect(events.get(`event-${cancelledByMember}@${host}`)!.status).toBe("CANCELLED");
    expect(events.get(`event-${cancelledByStaff}@${host}`)!.status).toBe("CANCELLED");
    expect(events.get(`event-${rebooked}@${host}`)!.status).toBe("CONFIRMED");
    expect(events.get(`meeting-room-${room.reservationId}@${host}`)!.status).toBe("CANCELLED");
    expect(events.has(`event-${leftWaitlist}@${host}`)).toBe(false);
    // A change raises the SEQUENCE, so an app updates the event it holds.
    expect(events.get(`event-${cancelledByMember}@${host}`)!.event.sequence).toBeGreaterThan(0);
  });

  it("cancelled and booked again: SEQUENCE and DTSTAMP move on from the cancellation, so the app shows the booking", async () => {
    const owner = await member();
    const now = Date.now();
    const listingId = await listing({ startsAt: now + 5 * DAY_MS, createdAt: iso(now - 10 * DAY_MS) });
    await book(listingId, owner.id, "cancelled", {
      createdAt: iso(now - 5 * DAY_MS),
      confirmedAt: iso(now - 5 * DAY_MS),
      cancelledAt: iso(now - 2 * DAY_MS),
    });
    const { token } = await createCalendarFeed(env.DB, owner.id, now);
    const read = async () => eventsOf((await readCalendarFeed(env.DB, token, origin, now))!).get(`event-${listingId}@${host}`)!;
    const cancelled = await read();
    expect(cancelled.status).toBe("CANCELLED");

    await book(listingId, owner.id, "confirmed", { createdAt: iso(now - HOUR_MS), confirmedAt: iso(now - HOUR_MS) });
    const rebooked = await read();
    expect(rebooked.status).toBe("CONFIRMED");
    expect(rebooked.event.sequence).toBeGreaterThan(cancelled.event.sequence);
    const stamp = (entry: typeof cancelled) => entry.event.component.getFirstPropertyValue("dtstamp")!.toString();
    expect(stamp(rebooked) > stamp(cancelled)).toBe(true);
  });

  it("a replaced or stopped address, a suspended member's, and anything else under /calendar answer the same 404", async () => {
    const owner = await member();
    const first = await feedAddress(owner.id);
    expect((await fetchPath(first)).status).toBe(200);
    const second = await feedAddress(owner.id);
    expect(second).not.toBe(first);
    expect((await fetchPath(first)).status).toBe(404);
    expect((await fetchPath(second)).status).toBe(200);

    const token = second.slice("/calendar/".length, -".ics".length);
    for (const path of [
      `/calendar/${token}`,
      `/calendar/${token}.ics.txt`,
      `/calendar/${token}x.ics`,
      "/calendar/.ics",
      "/calendar/feed.ics",
    ]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(await response.text(), path).toBe("Not Found");
    }

    await database().update(members).set({ status: "suspended" }).where(eq(members.id, owner.id));
    expect((await fetchPath(second)).status).toBe(404);
    await database().update(members).set({ status: "active" }).where(eq(members.id, owner.id));
    expect((await fetchPath(second)).status).toBe(200);

    expect(await revokeCalendarFeed(env.DB, owner.id)).toBe(true);
    expect((await fetchPath(second)).status).toBe(404);
    expect(await revokeCalendarFeed(env.DB, owner.id)).toBe(false);
  });

  it("a copy of calendar_feeds opens no feed: only the secret's SHA-256 is stored", async () => {
    const owner = await member();
    const address = await feedAddress(owner.id);
    const token = address.slice("/calendar/".length, -".ics".length);
    const rows = await database().select().from(calendarFeeds).where(eq(calendarFeeds.memberId, owner.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const stored = rows[0]!.tokenHash;
    const storedBytes = Uint8Array.from(stored.match(/../g)!, (pair) => parseInt(pair, 16));
    for (const guess of [stored, stored.slice(0, 43), encodeBase64Url(storedBytes)]) {
      expect((await fetchPath(`/calendar/${guess}.ics`)).status, guess).toBe(404);
    }
  });

  it("records when an app last read it, at most once an hour", async () => {
    const owner = await member();
    const now = Date.parse("2027-02-01T18:00:00.000Z");
    const { token } = await createCalendarFeed(env.DB, owner.id, now);
    const lastRead = async () =>
      (await database().select().from(calendarFeeds).where(eq(calendarFeeds.memberId, owner.id)).get())!.lastReadAt;
    expect(await lastRead()).toBeNull();
    await readCalendarFeed(env.DB, token, origin, now);
    expect(await lastRead()).toBe(iso(now));
    await readCalendarFeed(env.DB, token, origin, now + 30 * 60_000);
    expect(await lastRead()).toBe(iso(now));
    await readCalendarFeed(env.DB, token, origin, now + HOUR_MS);
    expect(await lastRead()).toBe(iso(now + HOUR_MS));
  });
});

describe("the members' calendar files", () => {
  it("an event's file for a tier that includes it; a 404 for a tier that does not, another kind's id or none", async () => {
    const dinner = await listing({ category: "master-blender-dinner", startsAt: Date.now() + 9 * DAY_MS, title: "Master blender dinner" });
    const business = await member("business");
    const response = await fetchPath(`/members/events/${dinner}.ics`, { cookie: business.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ember-and-oak-event.ics"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const events = eventsOf(await response.text());
    expect(events.get(`event-${dinner}@${host}`)!.event.summary).toBe("Master blender dinner");

    const kickback = await member("kickback");
    expect((await fetchPath(`/members/events/${dinner}.ics`, { cookie: kickback.cookie })).status).toBe(404);
    expect((await fetchPath(`/members/academy/${dinner}.ics`, { cookie: business.cookie })).status).toBe(404);
    expect((await fetchPath(`/members/events/no-such-event.ics`, { cookie: business.cookie })).status).toBe(404);
    // A visitor is sent to sign in.
    expect((await fetchPath(`/members/events/${dinner}.ics`)).status).toBe(302);
  });

  it("a course term's file has every session, for a tier that includes the course", async () => {
    const start = Date.parse("2027-03-07T02:00:00.000Z");
    // Sessions on each side of the clocks going forward (March 14, 2027): 6 pm PST, then 7 pm PDT.
    const term = await listing({ kind: "course", category: "humidor-craft", startsAt: start, title: "Humidor Craft" });
    await sessions(term, [start, Date.parse("2027-03-15T02:00:00.000Z")]);
    const platinum = await member("platinum");
    const response = await fetchPath(`/members/academy/${term}.ics`, { cookie: platinum.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("\r\nDTSTART;TZID=America/Los_Angeles:20270306T180000\r\n");
    expect(text).toContain("\r\nDTSTART;TZID=America/Los_Angeles:20270314T190000\r\n");
    const events = eventsOf(text);
    expect(events.size).toBe(2);
    expect(events.get(`course-${term}-2@${host}`)!.event.summary).toBe("Humidor Craft (session 2 of 2)");
    expect((await fetchPath(`/members/academy/${term}.ics`, { cookie: (await member("business")).cookie })).status).toBe(404);
  });

  it("a meeting-room reservation's file is its member's alone", async () => {
    const owner = await member("business");
    const { reservationId, first } = await reserveRoom(owner.id, 3);
    const response = await fetchPath(`/members/meeting-rooms/${reservationId}.ics`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const room = eventsOf(await response.text()).get(`meeting-room-${reservationId}@${host}`)!.event;
    expect(room.startDate.toJSDate().toISOString()).toBe(iso(first));
    expect(room.endDate.toJSDate().toISOString()).toBe(iso(first + 3 * HOUR_MS));
    expect(room.location).toBe("Alder Room, Business Lounge, Downtown, near Pioneer Courthouse Square, Portland, Oregon");
    const other = await member("business");
    expect((await fetchPath(`/members/meeting-rooms/${reservationId}.ics`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe("/members/calendar and /members/devices", () => {
  const eventsOfMember = async (memberId: string) =>
    (await database().select().from(securityEvents).where(eq(securityEvents.userId, memberId)).orderBy(securityEvents.id).all())
      .filter((event) => event.eventType.startsWith("calendar_feed"))
      .map((event) => [event.eventType, event.severity]);

  it("shows the address once, in the answer that made it; later visits say when it was read, never the address", async () => {
    const owner = await member();
    const page = async () =>
      (await (await fetchPath("/members/calendar", { cookie: owner.cookie })).json()) as { loaderData: Record<string, unknown> };
    expect((await page()).loaderData["member-calendar"]).toMatchObject({ feed: null });

    const made = await fetchPath("/members/calendar", { cookie: owner.cookie, form: { intent: "make-feed" } });
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = ((await made.json()) as { actionData: Record<string, { address: string }> }).actionData["member-calendar"]!;
    expect(answer.address).toMatch(new RegExp(`^${origin}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const address = new URL(answer.address).pathname;
    expect((await fetchPath(address)).status).toBe(200);

    const later = await fetchPath("/members/calendar", { cookie: owner.cookie });
    const body = await later.text();
    expect(body).not.toContain(address);
    expect(JSON.parse(body)).toMatchObject({ loaderData: { "member-calendar": { feed: { lastRead: expect.any(String) } } } });

    const replaced = await fetchPath("/members/calendar", { cookie: owner.cookie, form: { intent: "make-feed" } });
    const second = ((await replaced.json()) as { actionData: Record<string, { address: string }> }).actionData["member-calendar"]!.address;
    expect(second).not.toBe(answer.address);
    expect((await fetchPath(address)).status).toBe(404);

    const stopped = await fetchPath("/members/calendar", { cookie: owner.cookie, form: { intent: "stop-feed" } });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ actionData: { "member-calendar": { toast: { title: "Calendar feed stopped" } } } });
    expect((await fetchPath(new URL(second).pathname)).status).toBe(404);
    expect((await fetchPath("/members/calendar", { cookie: owner.cookie, form: { intent: "stop-feed" } })).status).toBe(404);

    expect(await eventsOfMember(owner.id)).toEqual([
      ["calendar_feed_created", "low"],
      ["calendar_feed_replaced", "medium"],
      ["calendar_feed_revoked", "low"],
    ]);
  });

  it("'Sign-in & devices' shows the feed while there is one and stops it", async () => {
    const owner = await member();
    const devicesData = async () =>
      (
        (await (await fetchPath("/members/devices", { cookie: owner.cookie })).json()) as {
          loaderData: { devices: { calendarFeed: unknown } };
        }
      ).loaderData.devices.calendarFeed;
    expect(await devicesData()).toBeNull();
    const address = await feedAddress(owner.id);
    expect(await devicesData()).toEqual({ lastRead: null });

    const stopped = await fetchPath("/members/devices", { cookie: owner.cookie, form: { intent: "stop-calendar-feed" } });
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("Location")).toBe("/members/devices?done=calendar-feed-stopped");
    expect((await fetchPath(address)).status).toBe(404);
    expect(await devicesData()).toBeNull();
    expect(await eventsOfMember(owner.id)).toEqual([["calendar_feed_revoked", "low"]]);
  });

  it("no form names a member: another member's feed is untouched by this one's Stop", async () => {
    const owner = await member();
    const other = await member();
    const theirs = await feedAddress(other.id);
    expect((await fetchPath("/members/calendar", { cookie: owner.cookie, form: { intent: "stop-feed", memberId: other.id } })).status).toBe(
      404,
    );
    expect((await fetchPath(theirs)).status).toBe(200);
  });
});
