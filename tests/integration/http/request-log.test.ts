import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createWorkerApp } from "#worker/app.ts";

/**
 * The Worker's own request line (worker/http/request-log.ts) and the unexpected-error log never
 * hold a calendar feed's secret (docs/security.md#calendar-feeds), through the real Worker app
 * around a stand-in page handler.
 */
const SECRET = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr";

const app = createWorkerApp(async (request) => {
  if (new URL(request.url).searchParams.has("fail")) throw new Error("the page handler failed");
  return new Response("BEGIN:VCALENDAR", { headers: { "Content-Type": "text/calendar; charset=utf-8" } });
});

let log: MockInstance<typeof console.log>;
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function get(path: string): Promise<Response> {
  const context = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost:8787${path}`), env, context);
  await waitOnExecutionContext(context);
  return response;
}

const logged = () => log.mock.calls.map((call) => call.map(String).join(" "));

describe("the request log", () => {
  it("writes one JSON line per request: method, path, status and milliseconds", async () => {
    const response = await get("/memberships?utm_source=newsletter");
    expect(response.status).toBe(200);
    expect(logged()).toHaveLength(1);
    expect(JSON.parse(logged()[0]!)).toEqual({ method: "GET", path: "/memberships", status: 200, ms: expect.any(Number) });
  });

  it.each([
    [`/calendar/${SECRET}.ics`, "/calendar/[secret].ics"],
    [`/Calendar/${SECRET}.ICS`, "/calendar/[secret].ics"],
    [`//calendar/${SECRET}.ics`, "/calendar/[secret].ics"],
    [`/%63alendar/${SECRET}.ics`, "/calendar/[secret].ics"],
    [`/calendar/${SECRET}`, "/calendar/[secret]"],
  ])("writes a feed request %s without its secret", async (path, written) => {
    await get(path);
    expect(logged()).toHaveLength(1);
    expect(logged()[0]).not.toContain(SECRET);
    expect(JSON.parse(logged()[0]!)).toMatchObject({ method: "GET", path: written, status: 200 });
  });

  it("logs an unexpected error on a feed request without its secret, and its request line with the 500", async () => {
    const response = await get(`/calendar/${SECRET}.ics?fail=1`);
    expect(response.status).toBe(500);
    expect(errors).toHaveBeenCalledWith("unexpected error", "GET", "/calendar/[secret].ics", expect.any(Error));
    expect(errors.mock.calls.flat().map(String).join(" ")).not.toContain(SECRET);
    expect(JSON.parse(logged()[0]!)).toMatchObject({ path: "/calendar/[secret].ics", status: 500 });
  });
});
