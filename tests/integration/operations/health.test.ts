import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { checkStorage } from "#worker/features/operations/storage-health.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

const MINUTE = 60_000;
const health = () => exports.default.fetch("http://example.com/api/health");

/** A message stored `minutesAgo` minutes ago, in `status`. */
async function storeMessage(status: string, minutesAgo: number, channel: "email" | "sms" = "email") {
  await env.DB.prepare(
    "INSERT INTO outbox (channel, recipient, subject, body, status, created_at) VALUES (?, 'avery@example.com', 's', 'b', ?, ?)",
  )
    .bind(channel, status, new Date(Date.now() - minutesAgo * MINUTE).toISOString())
    .run();
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM outbox").run();
});

describe("GET /api/health", () => {
  it("answers ok after touching D1 and KV, with nothing waiting to be delivered", async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      ok: true,
      d1: true,
      kv: true,
      deliveries: { oldestUndeliveredMinutes: null, needAttention: 0 },
      reasons: [],
    });
  });

  it("stays ok while the oldest undelivered message is younger than DELIVERY_ALERT_MINUTES (15 by default)", async () => {
    await storeMessage("pending", 1);
    await storeMessage("failed", 14, "sms");
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, deliveries: { oldestUndeliveredMinutes: 14, needAttention: 0 }, reasons: [] });
  });

  it.each(["pending", "sending", "failed"])(
    "answers 503 naming the reason when a %s message has waited longer than that",
    async (status) => {
      await storeMessage("sent", 1);
      await storeMessage(status, 16);
      const response = await health();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        ok: false,
        d1: true,
        kv: true,
        deliveries: { oldestUndeliveredMinutes: 16, needAttention: 0 },
        reasons: ["a message has waited 16 minutes to be delivered (the limit is 15): email or SMS is not getting out"],
      });
    },
  );

  it("answers 503 with the count of emails that need attention in the concierge console", async () => {
    await storeMessage("needs_attention", 180);
    await storeMessage("needs_attention", 200);
    const response = await health();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      ok: false,
      deliveries: { oldestUndeliveredMinutes: 200, needAttention: 2 },
      reasons: [
        "a message has waited 200 minutes to be delivered (the limit is 15): email or SMS is not getting out",
        "2 emails need attention in the concierge console: the retries gave up on them",
      ],
    });
  });

  it("takes its limit from DELIVERY_ALERT_MINUTES when the environment sets it", async () => {
    await storeMessage("failed", 40);
    const context = createExecutionContext();
    const response = await worker.fetch(new Request("http://example.com/api/health"), { ...env, DELIVERY_ALERT_MINUTES: "60" }, context);
    await waitOnExecutionContext(context);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, deliveries: { oldestUndeliveredMinutes: 40 }, reasons: [] });
    expect((await health()).status).toBe(503);
  });

  it("counts emails that need attention without alarming while none has waited longer than the limit", async () => {
    await storeMessage("needs_attention", 2);
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, deliveries: { oldestUndeliveredMinutes: 2, needAttention: 1 }, reasons: [] });
  });

  it("does not count messages that are done: sent, rejected, abandoned, or an SMS that expired longer ago than that", async () => {
    for (const status of ["sent", "rejected", "abandoned"]) await storeMessage(status, 10_000);
    // Stored 31 minutes ago: it expired (past 15) and the alert's 15 minutes have gone by since.
    await storeMessage("expired", 31, "sms");
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      deliveries: { oldestUndeliveredMinutes: null, needAttention: 0 },
      reasons: [],
    });
  });

  it("answers 503 when SMS codes expired unsent within the last 15 + DELIVERY_ALERT_MINUTES minutes", async () => {
    await storeMessage("sent", 1, "sms");
    for (const minutesAgo of [16, 20, 29]) await storeMessage("expired", minutesAgo, "sms");
    const response = await health();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      d1: true,
      kv: true,
      deliveries: { oldestUndeliveredMinutes: null, needAttention: 0 },
      reasons: ["3 SMS codes expired unsent in the last 30 minutes: SMS is not getting out"],
    });
  });

  it("still sees an expired SMS when DELIVERY_ALERT_MINUTES is longer than an SMS may wait", async () => {
    await storeMessage("expired", 50, "sms");
    const context = createExecutionContext();
    const response = await worker.fetch(new Request("http://example.com/api/health"), { ...env, DELIVERY_ALERT_MINUTES: "60" }, context);
    await waitOnExecutionContext(context);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      ok: false,
      reasons: ["1 SMS code expired unsent in the last 75 minutes: SMS is not getting out"],
    });
  });

  it("reads the outbox from the index on (status, created_at) alone, never the table", async () => {
    // The statement checkDeliveries sends, with its values bound as Drizzle binds them.
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT status, min(created_at), count(*) FROM outbox
       WHERE (status IN (?, ?, ?, ?) OR (status = ? AND created_at > ?))
       GROUP BY status`,
    )
      .bind("pending", "sending", "failed", "needs_attention", "expired", new Date().toISOString())
      .all<{ detail: string }>();
    const reads = plan.results.map((step) => step.detail).filter((detail) => /^(SCAN|SEARCH)/.test(detail));
    expect(reads).toEqual([
      expect.stringContaining("USING COVERING INDEX outbox_status_created_at (status=?)"),
      // The expired SMS are read from the index only as far back as the window: a range, not all of them.
      expect.stringContaining("USING COVERING INDEX outbox_status_created_at (status=? AND created_at>?)"),
    ]);
  });

  it("reports D1 as down when a query fails, without failing the KV check", async () => {
    const brokenD1 = {
      prepare: () => ({ first: () => Promise.reject(new Error("D1_ERROR: no such database")) }),
    } as unknown as D1Database;
    expect(await checkStorage({ DB: brokenD1, RATE_LIMITS: env.RATE_LIMITS })).toEqual({ d1: false, kv: true });
  });

  it("reports KV as down when a read fails", async () => {
    const brokenKv = { get: () => Promise.reject(new Error("KV unavailable")) } as unknown as KVNamespace;
    expect(await checkStorage({ DB: env.DB, RATE_LIMITS: brokenKv })).toEqual({ d1: true, kv: false });
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
