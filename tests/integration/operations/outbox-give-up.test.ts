import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDueOutboxMessages, deliverOutboxMessage, type OutboxSender } from "#worker/shared/outbox.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

/**
 * Where the outbox stops (docs/operators.md#deliveries-that-need-attention): an SMS is never sent
 * once its code would be older than 15 minutes, and an email that failed five times waits for a
 * person instead of retrying on.
 */
const MINUTE = 60_000;
const storedAt = Date.parse("2026-11-22T12:00:00Z");
const EXPIRED = "not sent: the code would be older than 15 minutes";

async function store(channel: "email" | "sms", fields: { status?: string; attempts?: number } = {}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO outbox (channel, recipient, subject, body, status, attempts, created_at) VALUES (?, ?, 'subject', 'body', ?, ?, ?) RETURNING id",
  )
    .bind(
      channel,
      channel === "sms" ? "+15035550142" : "avery@example.com",
      fields.status ?? "pending",
      fields.attempts ?? 0,
      new Date(storedAt).toISOString(),
    )
    .first<{ id: number }>();
  return row!.id;
}

const row = (id: number) =>
  env.DB.prepare("SELECT status, attempts, last_error AS lastError, next_attempt_at AS nextAttemptAt FROM outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; lastError: string | null; nextAttemptAt: string | null }>();

const failing: OutboxSender = async () => {
  throw new Error("provider down");
};

let sends = 0;
const counting: OutboxSender = async () => {
  sends += 1;
};

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM outbox").run();
  sends = 0;
});
afterEach(() => vi.restoreAllMocks());

describe("an SMS whose code would be older than 15 minutes", () => {
  it("is still sent at 15 minutes after it was stored", async () => {
    const id = await store("sms");
    expect(await deliverOutboxMessage(env.DB, id, counting, storedAt + 15 * MINUTE)).toBe("sent");
    expect(sends).toBe(1);
  });

  it("is not sent by the request's own attempt after that: the claim ends it as expired, with its reason", async () => {
    const id = await store("sms");
    expect(await deliverOutboxMessage(env.DB, id, counting, storedAt + 15 * MINUTE + 1)).toBe("expired");
    expect(sends).toBe(0);
    expect(await row(id)).toEqual({ status: "expired", attempts: 0, lastError: EXPIRED, nextAttemptAt: null });
    // Ended for good: nothing claims it again.
    expect(await deliverOutboxMessage(env.DB, id, counting, storedAt + 16 * MINUTE)).toBe("skipped");
  });

  it("is not sent by the cron, whether it failed before, never ran, or its delivery died mid-way", async () => {
    const failed = await store("sms", { status: "failed", attempts: 14 });
    const pending = await store("sms");
    const stuck = await store("sms", { status: "sending", attempts: 1 });
    const later = storedAt + 40 * MINUTE;
    await env.DB.prepare("UPDATE outbox SET next_attempt_at = ?, updated_at = ?")
      .bind(new Date(later - MINUTE).toISOString(), new Date(storedAt).toISOString())
      .run();
    expect(await deliverDueOutboxMessages(env.DB, "sms", counting, later)).toEqual(["expired", "expired", "expired"]);
    expect(sends).toBe(0);
    for (const [id, attempts] of [
      [failed, 14],
      [pending, 0],
      [stuck, 1],
    ] as const)
      expect(await row(id)).toEqual({ status: "expired", attempts, lastError: EXPIRED, nextAttemptAt: null });
  });

  it("is expired by the minute's cron trigger, through the configured SMS provider, which is never called", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const id = await store("sms", { status: "failed", attempts: 3 });
    const context = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: storedAt + 20 * MINUTE, cron: "* * * * *" }), env, context);
    await waitOnExecutionContext(context);
    expect((await row(id))!.status).toBe("expired");
    expect(info.mock.calls.flat().some((line) => String(line).includes("local SMS stand-in"))).toBe(false);
  });

  it("is sent by neither of a request's attempt and the cron racing for it", async () => {
    const id = await store("sms");
    const now = storedAt + 16 * MINUTE;
    const outcomes = await Promise.all([
      deliverOutboxMessage(env.DB, id, counting, now),
      deliverDueOutboxMessages(env.DB, "sms", counting, now),
    ]);
    // Exactly one of them claimed it, and the claim itself expired it.
    expect(outcomes.flat().filter((outcome) => outcome === "expired")).toHaveLength(1);
    expect(outcomes.flat().filter((outcome) => outcome === "sent")).toHaveLength(0);
    expect(sends).toBe(0);
    expect((await row(id))!.status).toBe("expired");
  });

  it("leaves email alone, however old", async () => {
    const id = await store("email");
    expect(await deliverOutboxMessage(env.DB, id, counting, storedAt + 600 * MINUTE)).toBe("sent");
  });
});

describe("an email that keeps failing", () => {
  it("is retried after 1, 5, 30 and 120 minutes, and after its fifth failure needs attention, with no next try", async () => {
    const id = await store("email");
    let now = storedAt;
    const outcomes: string[] = [];
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      outcomes.push(await deliverOutboxMessage(env.DB, id, failing, now));
      const next = (await row(id))!.nextAttemptAt;
      if (next) {
        waits.push((Date.parse(next) - now) / MINUTE);
        now = Date.parse(next);
      }
    }
    expect(outcomes).toEqual(["failed", "failed", "failed", "failed", "needs_attention"]);
    expect(waits).toEqual([1, 5, 30, 120]);
    expect(await row(id)).toEqual({ status: "needs_attention", attempts: 5, lastError: "provider down", nextAttemptAt: null });
  });

  it("is no longer retried by the cron or a request once it needs attention", async () => {
    const id = await store("email", { status: "needs_attention", attempts: 5 });
    expect(await deliverDueOutboxMessages(env.DB, "email", counting, storedAt + 10_000 * MINUTE)).toEqual([]);
    expect(await deliverOutboxMessage(env.DB, id, counting)).toBe("skipped");
    expect(sends).toBe(0);
  });

  it("is sent at once when a concierge's retry may claim it", async () => {
    const id = await store("email", { status: "needs_attention", attempts: 5 });
    expect(await deliverOutboxMessage(env.DB, id, counting, Date.now(), ["failed", "needs_attention"])).toBe("sent");
    expect(sends).toBe(1);
  });
});
