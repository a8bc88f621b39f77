import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

const post = (path: string, headers: Record<string, string>) =>
  exports.default.fetch(`http://example.com${path}`, { method: "POST", headers, body: "x=1" });

describe("the same-origin check (CSRF)", () => {
  it.each(["/api/health", "/memberships"])("refuses a POST to %s from another origin with 403", async (path) => {
    const response = await post(path, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site request refused" });
  });

  it("logs a refusal as malicious_csrf, without the foreign origin's address, and not once per request of a flood", async () => {
    const headers = { Origin: "https://evil.example", "CF-Connecting-IP": uniqueClientAddress() };
    for (let request = 0; request < 25; request++) expect((await post("/members", headers)).status).toBe(403);
    // Ten of each floodable type per network and window, then nothing (docs/security.md#logging).
    const events = await vi.waitFor(async () => {
      const rows = await env.DB.prepare(
        "SELECT event_type, severity, description, metadata FROM security_events WHERE metadata ->> '$.details.path' = '/members' ORDER BY id",
      ).all<Record<string, string>>();
      expect(rows.results).toHaveLength(10);
      return rows.results;
    });
    expect(events[0]).toMatchObject({
      event_type: "malicious_csrf",
      severity: "medium",
      description: "state-changing request from another origin refused",
    });
    expect(JSON.parse(events[0]!.metadata!).details).toEqual({ method: "POST", path: "/members" });
    expect(JSON.parse(events[9]!.metadata!).details).toHaveProperty("laterEventsNotLoggedUntil");
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

  it("exempts only the payment webhook, which the provider's servers post without an Origin (its signature authenticates)", async () => {
    const webhook = await post("/api/payments/webhook", {});
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).toEqual({ error: "Invalid signature" });
    for (const path of ["/api/payments/webhook/x", "/api/payments", "/api/payments/webhook2"])
      expect((await post(path, {})).status).toBe(403);
  });

  it("never blocks GET", async () => {
    const response = await exports.default.fetch("http://example.com/memberships", { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });
});
