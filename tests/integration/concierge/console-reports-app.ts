import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as dashboard from "#app/features/concierge/routes/dashboard.tsx";
import * as auditLog from "#app/features/concierge/routes/audit-log.tsx";
import * as securityEventsRedirect from "#app/features/concierge/routes/security-events.tsx";
import * as exportsPage from "#app/features/concierge/routes/exports.tsx";
import * as exportsCsv from "#app/features/concierge/routes/exports-csv.ts";
import { createWorkerApp } from "#worker/app.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * The dashboard, audit log and exports through the real Worker and React Router's request handler,
 * with the console layout's requireConcierge in front (as app/routes.ts nests them), so the tests see
 * what a browser would: the 404 for whoever does not belong, the headers, the CSV bytes.
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const child = (id: string, path: string, module: unknown) => ({ id, parentId: "concierge", path, module: module as RouteModule });

const build: ServerBuild = {
  entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
    dashboard: child("dashboard", "dashboard", dashboard),
    "audit-log": child("audit-log", "audit-log", auditLog),
    "security-events": child("security-events", "security-events", securityEventsRedirect),
    exports: child("exports", "exports", exportsPage),
    "exports-csv": child("exports-csv", "exports/:file", exportsCsv),
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

export const ORIGIN = "http://localhost:8787";

export async function send(path: string, cookie: string, init: RequestInit = {}): Promise<Response> {
  const context = createExecutionContext();
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

/** A page's loader data, as the client-side navigation reads it (turbo-stream text). */
export async function pageData(path: string, cookie: string): Promise<string> {
  const [pathname, search = ""] = path.split("?");
  const response = await send(`${pathname}.data${search ? `?${search}` : ""}`, cookie);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

let created = 0;
export async function staffAccount(role: "member" | "door" | "concierge", fields: Partial<typeof members.$inferInsert> = {}) {
  created += 1;
  const row = {
    id: crypto.randomUUID(),
    email: `reports${created}-${role}@example.com`,
    name: `${role} ${created}`,
    tier: "business" as const,
    status: "active" as const,
    role,
    ...fields,
  };
  await getDatabase(env.DB).insert(members).values(row);
  return { ...row, cookie: (await signedInAs(row)).cookie };
}

/** Every console address this part of the console adds. */
export const reportPaths = [
  "/concierge/dashboard",
  "/concierge/audit-log",
  "/concierge/audit-log?q=x",
  "/concierge/security-events",
  "/concierge/exports",
  "/concierge/exports/members.csv",
  "/concierge/exports/check-ins.csv",
  "/concierge/exports/payments.csv",
  "/concierge/exports/bookings.csv",
  "/concierge/exports/meeting-room-bookings.csv",
];
