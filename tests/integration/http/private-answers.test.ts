import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import routeConfig from "#app/routes.ts";
import * as rootModule from "#app/root.tsx";
import { createWorkerApp } from "#worker/app.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * Every answer to a signed-in member is `Cache-Control: private, no-store` (docs/security.md#caching):
 * every route of app/routes.ts, with the real route modules and the real root loader (which puts
 * the member's id, email, name, tier and role in every page), as a document and as React Router's
 * `.data`, its redirects, the 404 and an error page. A visitor's answers keep their own caching.
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const routeModules = import.meta.glob<RouteModule>("/app/features/*/routes/*.{ts,tsx}");

/** The route table of app/routes.ts, as React Router's build lists it (ids as it makes them), and each route's address. */
async function siteRoutes(): Promise<{ routes: ServerBuild["routes"]; paths: string[] }> {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: rootModule as unknown as RouteModule } };
  const paths: string[] = [];
  async function add(entry: RouteConfigEntry, parentId: string, parentPath: string) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const load = routeModules[`/app/${entry.file}`];
    if (!load) throw new Error(`no module for ${entry.file}`);
    routes[id] = { id, parentId, path: entry.path, index: entry.index, module: await load() };
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.path !== undefined || entry.index) paths.push(`/${path}`);
    for (const child of entry.children ?? []) await add(child, id, path);
  }
  for (const entry of routeConfig) await add(entry, "root", "");
  return { routes, paths: [...new Set(paths)] };
}

/** An address for a route's path: each parameter a plausible value, the splat a page that does not exist. */
const addressOf = (path: string) => path.replace(/:[A-Za-z]+/g, "no-such-thing").replace("*", "no-such-page");

/** React Router's data request for an address (`/_.data` for the home page). */
const dataOf = (address: string) => (address === "/" ? "/_.data" : `${address}.data`);

const ORIGIN = "http://localhost:8787";
let app: ReturnType<typeof createWorkerApp>;
let paths: string[] = [];

beforeAll(async () => {
  const site = await siteRoutes();
  paths = site.paths;
  // One route beyond the table: a loader that fails, for the error page.
  site.routes["failing"] = {
    id: "failing",
    parentId: "root",
    path: "test-failing-page",
    module: {
      loader: () => {
        throw new Error("a loader that fails");
      },
      default: () => null,
    } as unknown as RouteModule,
  };
  const build: ServerBuild = {
    entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
    routes: site.routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  app = createWorkerApp(createRequestHandler(build, "production"));
});
beforeEach(() => {
  for (const level of ["info", "error", "warn"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function send(path: string, cookie: string | null): Promise<Response> {
  const context = createExecutionContext();
  const headers = new Headers({ "CF-Connecting-IP": "203.0.113.9" });
  if (cookie) headers.set("Cookie", cookie);
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { headers, redirect: "manual" }), env, context);
  await waitOnExecutionContext(context);
  await response.body?.cancel();
  return response;
}

describe("answers to a signed-in member", () => {
  it("every route of app/routes.ts, as a page and as its .data, is private, no-store", async () => {
    const { cookie } = await signedInAs(await createTestMember());
    expect(paths.length).toBeGreaterThan(80);
    expect(paths).toEqual(expect.arrayContaining(["/", "/memberships", "/members", "/concierge", "/door", "/*"]));
    const cached: string[] = [];
    const statuses = new Set<number>();
    for (const address of paths.map(addressOf)) {
      for (const path of [address, dataOf(address)]) {
        const response = await send(path, cookie);
        statuses.add(response.status);
        if (response.headers.get("Cache-Control") !== "private, no-store")
          cached.push(`${path} ${response.status} ${response.headers.get("Cache-Control")}`);
      }
    }
    expect(cached).toEqual([]);
    // The walk met pages, redirects and the 404 alike.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 302, 404]));
  });

  it("a redirect, the 404 (page and .data) and an error page are private, no-store too", async () => {
    const { cookie } = await signedInAs(await createTestMember());
    // A signed-in member asking for the sign-in page is sent on.
    const redirect = await send("/auth", cookie);
    expect(redirect.status).toBeGreaterThanOrEqual(300);
    expect(redirect.status).toBeLessThan(400);
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
    for (const path of ["/no-such-page", "/no-such-page.data"]) {
      const notFound = await send(path, cookie);
      expect(notFound.status, path).toBe(404);
      expect(notFound.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    for (const path of ["/test-failing-page", "/test-failing-page.data"]) {
      const failed = await send(path, cookie);
      expect(failed.status, path).toBe(500);
      expect(failed.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("an ended session's cookie still gets private answers (the rule reads no D1)", async () => {
    const member = await createTestMember();
    const { cookie } = await signedInAs(member);
    await env.DB.prepare("DELETE FROM member_sessions WHERE member_id = ?").bind(member.id).run();
    expect((await send("/memberships", cookie)).headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("answers to a visitor", () => {
  it("keep their own caching: public pages set none, robots.txt its hour", async () => {
    expect((await send("/", null)).headers.get("Cache-Control")).toBeNull();
    expect((await send("/memberships.data", null)).headers.get("Cache-Control")).toBeNull();
    expect((await send("/robots.txt", null)).headers.get("Cache-Control")).toBe("public, max-age=3600");
  });
});
