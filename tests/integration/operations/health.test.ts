import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkStorage } from "#worker/features/operations/storage-health.ts";

describe("GET /api/health", () => {
  it("answers ok after touching D1 and KV", async () => {
    const response = await exports.default.fetch("http://example.com/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ ok: true, d1: true, kv: true });
  });

  it("reports D1 as down when a query fails, without failing the KV check", async () => {
    const brokenD1 = {
      prepare: () => ({ first: () => Promise.reject(new Error("D1_ERROR: no such database")) }),
    } as unknown as D1Database;
    expect(await checkStorage({ DB: brokenD1, SESSIONS: env.SESSIONS })).toEqual({ d1: false, kv: true });
  });

  it("reports KV as down when a read fails", async () => {
    const brokenKv = { get: () => Promise.reject(new Error("KV unavailable")) } as unknown as KVNamespace;
    expect(await checkStorage({ DB: env.DB, SESSIONS: brokenKv })).toEqual({ d1: true, kv: false });
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404", async () => {
    const response = await exports.default.fetch("http://example.com/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
