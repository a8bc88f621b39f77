import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const post = (path: string, headers: Record<string, string>) =>
  exports.default.fetch(`http://example.com${path}`, { method: "POST", headers, body: "x=1" });

describe("the same-origin check (CSRF)", () => {
  it.each(["/api/health", "/memberships"])("refuses a POST to %s from another origin with 403", async (path) => {
    const response = await post(path, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site request refused" });
  });

  it("refuses a POST without an Origin header", async () => {
    expect((await post("/memberships", {})).status).toBe(403);
  });

  it("refuses an origin that only starts like ours", async () => {
    expect((await post("/memberships", { Origin: "http://example.com.evil.example" })).status).toBe(403);
  });

  it("lets a same-origin POST through to its handler", async () => {
    const response = await post("/memberships", { Origin: "http://example.com" });
    expect(response.status).toBe(200);
  });

  it("never blocks GET", async () => {
    const response = await exports.default.fetch("http://example.com/memberships", { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });
});
