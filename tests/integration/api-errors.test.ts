import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { AppBindings } from "../../worker/app-bindings";
import { handleUnexpectedApiError } from "../../worker/api/errors";

describe("the API's error handler", () => {
  it("answers a generic JSON 500 without the error's details, and logs it once", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = new Hono<AppBindings>();
    app.onError(handleUnexpectedApiError);
    app.get("/explodes", () => {
      throw new Error("secret internal detail at db.ts:42");
    });

    const response = await app.request("/explodes");

    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: "Internal server error" });
    expect(body).not.toContain("secret");
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
