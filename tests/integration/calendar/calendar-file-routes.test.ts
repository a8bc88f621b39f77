import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import routeConfig from "#app/routes.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { addDays, loungeOpensOn } from "#app/features/calendar/meeting-room-hours.ts";
import * as memberArea from "#app/features/member-area/routes/member-area.tsx";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as eventFile from "#app/features/calendar/routes/member-event-file.ts";
import * as courseFile from "#app/features/calendar/routes/member-course-file.ts";
import * as roomFile from "#app/features/calendar/routes/member-meeting-room-file.ts";
import * as rosterCsv from "#app/features/calendar/routes/console-roster-csv.ts";
import { createWorkerApp } from "#worker/app.ts";
import { bookMeetingRoom } from "#worker/features/calendar/meeting-rooms.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { createListing } from "#tests/integration/calendar/calendar-fixtures.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * The calendar's file routes, whose last segment is a param with an extension (`:id.ics`,
 * `:id.csv`), through the real Worker and React Router's real matching of the real route table
 * (app/routes.ts): each answers its own file, and a detail page's `:id` (`/members/events/:id`,
 * `/concierge/events/:id`) never takes `<id>.ics` or `<id>.csv`. The file routes and the layouts
 * above them are the real modules; every other route is a stand-in that answers its own id, so a
 * request that matched the wrong route says which.
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

const realModules: Record<string, object> = {
  "features/member-area/routes/member-area.tsx": memberArea,
  "features/concierge/routes/console.tsx": consoleLayout,
  "features/calendar/routes/member-event-file.ts": eventFile,
  "features/calendar/routes/member-course-file.ts": courseFile,
  "features/calendar/routes/member-meeting-room-file.ts": roomFile,
  "features/calendar/routes/console-roster-csv.ts": rosterCsv,
};
const STAND_IN = "text/x-stand-in-route";

/** The build's routes from the route table, with React Router's ids (the file without its extension, unless given). */
function buildRoutes(entries: RouteConfigEntry[], parentId: string, routes: ServerBuild["routes"]): ServerBuild["routes"] {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
    const standIn = { loader: () => new Response(id, { headers: { "Content-Type": STAND_IN } }) };
    routes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: (realModules[entry.file] ?? standIn) as RouteModule,
    };
    buildRoutes(entry.children ?? [], id, routes);
  }
  return routes;
}

const build: ServerBuild = {
  entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
  routes: buildRoutes(await routeConfig, "root", { root: { id: "root", path: "", module: { default: () => null } } }),
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

async function get(path: string, cookie: string): Promise<Response> {
  const context = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost:8787${path}`, { headers: { Cookie: cookie } }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function signedIn(role: "member" | "concierge") {
  const member = await createTestMember({ role });
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return { id: member.id, cookie: (await signedInAs(member)).cookie };
}

describe("the calendar's file routes through the Worker", () => {
  it("answer each file with its own content type, and the detail pages' :id takes none of them", async () => {
    const [member, concierge] = await Promise.all([signedIn("member"), signedIn("concierge")]);
    const [event, term] = await Promise.all([
      createListing(),
      createListing({ kind: "course", category: "foundations", lounge: "business", title: "Foundations" }),
    ]);
    let day = addDays(portlandDay(new Date()), 3);
    while (!loungeOpensOn(day)) day = addDays(day, 1);
    const room = await bookMeetingRoom(env.DB, { memberId: member.id, room: "alder", day, startHour: 10, hours: 1, now: Date.now() });
    if (!room.ok) throw new Error(`the room booking was refused: ${room.reason}`);

    const calendarFile = "text/calendar; charset=utf-8";
    const csv = "text/csv; charset=utf-8";
    for (const [path, cookie, contentType] of [
      [`/members/events/${event.id}.ics`, member.cookie, calendarFile],
      [`/members/academy/${term.id}.ics`, member.cookie, calendarFile],
      [`/members/meeting-rooms/${room.reservationId}.ics`, member.cookie, calendarFile],
      [`/concierge/events/${event.id}.csv`, concierge.cookie, csv],
      [`/concierge/academy/${term.id}.csv`, concierge.cookie, csv],
    ] as const) {
      const response = await get(path, cookie);
      expect(response.headers.get("Content-Type"), `${path}: ${response.status} ${await response.clone().text()}`).toBe(contentType);
      expect(response.status, path).toBe(200);
    }

    // Without the extension, the detail routes (stand-ins here) answer.
    expect(await (await get(`/members/events/${event.id}`, member.cookie)).text()).toBe("features/calendar/routes/member-event");
    expect(await (await get(`/concierge/events/${event.id}`, concierge.cookie)).text()).toBe("concierge-event");
  });
});
