import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { handleUnexpectedError } from "#worker/http/errors.ts";

function appThatExplodes() {
  const app = new Hono<AppBindings>();
  app.onError(handleUnexpectedError);
  app.get("*", () => {
    throw new Error("secret internal detail at db.ts:42");
  });
  return app;
}

describe("the Worker's error handler", () => {
  it("answers the API with a generic JSON 500 without the error's details, and logs it once", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await appThatExplodes().request("/api/explodes");
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: "Internal server error" });
    expect(body).not.toContain("secret");
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("answers a page with a plain apology, no details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await appThatExplodes().request("/memberships");
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Something went wrong on our side. Please try again in a moment.");
    log.mockRestore();
  });
});
