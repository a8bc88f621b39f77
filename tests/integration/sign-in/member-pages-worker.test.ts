import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import * as memberArea from "#app/features/member-area/routes/member-area.tsx";
import * as members from "#app/features/member-area/routes/members.tsx";
import * as media from "#app/features/member-area/routes/media.tsx";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as devices from "#app/features/sign-in/routes/devices.tsx";
import * as googleCallback from "#app/features/sign-in/routes/google-callback.tsx";
import { createWorkerApp } from "#worker/app.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * Member and concierge pages through the real Worker (worker/app.ts) and React Router's real
 * request handler, with the real route modules of those pages and their middleware. Only the
 * root route and the HTML rendering are stand-ins (the build's document is proved in Chromium),
 * so both kinds of request a browser makes are covered: the document (`/media`) and, on
 * client-side navigation, its data request (`/media.data?_routes=…`).
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
// A route module's own types are narrower than the build's (its loader's arguments, say).
const route = (id: string, module: object, path?: string, parentId = "root") => ({ id, parentId, path, module: module as RouteModule });

const build: ServerBuild = {
  entry: {
    module: {
      default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "member-area": route("member-area", memberArea),
    members: route("members", members, "members", "member-area"),
    devices: route("devices", devices, "members/devices", "member-area"),
    media: route("media", media, "media", "member-area"),
    concierge: route("concierge", consoleLayout, "concierge"),
    "google-callback": route("google-callback", googleCallback, "auth/google/callback"),
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

async function get(path: string, cookie = "", workerEnv: Env = env): Promise<Response> {
  const context = createExecutionContext();
  const response = await app.fetch(
    new Request(`http://localhost:8787${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    workerEnv,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

async function signedInMember(role: "member" | "concierge" = "member") {
  const member = await createTestMember({ role });
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return (await signedInAs(member)).cookie;
}

describe("member and concierge answers are never stored by a browser or shared cache", () => {
  it("member pages and their data requests answer Cache-Control: private, no-store", async () => {
    const cookie = await signedInMember();
    for (const path of ["/members", "/members/devices", "/media", "/media.data?_routes=routes%2Fmedia", "/members/devices.data"]) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("so do the redirects to /auth that a visitor gets, page or data request", async () => {
    for (const path of ["/members", "/media.data"]) {
      const response = await get(path);
      expect([302, 202], path).toContain(response.status);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("the concierge console and its data requests", async () => {
    const concierge = await signedInMember("concierge");
    for (const path of ["/concierge", "/concierge.data"]) {
      const response = await get(path, concierge);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    expect((await get("/concierge", await signedInMember())).status).toBe(404);
  });
});

describe("a session that ends during client-side navigation", () => {
  it("sends the member to /auth remembering the page, never its data URL", async () => {
    const cases: [string, string][] = [
      ["/media.data?_routes=routes%2Fmedia", "/media"],
      ["/members/devices.data?_routes=member-area%2Cdevices", "/members/devices"],
      ["/members.data?tab=events&_routes=members", "/members?tab=events"],
    ];
    for (const [dataUrl, page] of cases) {
      const response = await get(dataUrl, `ember_session=${"x".repeat(43)}`);
      expect(response.status, dataUrl).toBe(202);
      const body = await response.text();
      expect(body, dataUrl).toContain(`/auth?${new URLSearchParams({ redirectTo: page })}`);
      expect(body, dataUrl).not.toContain(".data");
      expect(body, dataUrl).not.toContain("_routes");
    }
  });

  it("a document request still remembers its path and query as they were", async () => {
    const response = await get("/media?download=crest%20pack");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?${new URLSearchParams({ redirectTo: "/media?download=crest%20pack" })}`);
  });
});

describe("the Google callback with a malformed OAuth cookie", () => {
  const googleEnv = {
    ...env,
    GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "google-secret",
  } as unknown as Env;

  it.each(["%E0%A4%A", "%", "%ZZ", "%C0%80"])("answers the uniform 400 for a state cookie of %j, not a 500", async (value) => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const response = await get(
      "/auth/google/callback?code=4%2F0Atest&state=a-state-google-sent-back",
      `google_oauth_state=${value}; google_oauth_verifier=${value}; google_oauth_redirect=${value}`,
      googleEnv,
    );
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("ember_session="))).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
