import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { deliverDueOutboxMessages, deliverOutboxMessage, type OutboxMessage, type OutboxSender } from "#worker/shared/outbox.ts";

/** Store-first delivery (docs/security.md#delivery): the retry cadence, the cron's batches, exactly-once sends. */
const MINUTE = 60_000;

async function store(channel: OutboxMessage["channel"], count = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const row = await env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body) VALUES (?, ?, 'subject', 'body') RETURNING id")
      .bind(channel, `recipient-${index}`)
      .first<{ id: number }>();
    ids.push(row!.id);
  }
  return ids;
}

const row = (id: number) =>
  env.DB.prepare("SELECT status, attempts, next_attempt_at AS nextAttemptAt FROM outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; nextAttemptAt: string | null }>();

const failing: OutboxSender = async () => {
  throw new Error("provider down");
};

/** The minutes between each failed attempt and the next one it was given. */
async function retryCadence(channel: OutboxMessage["channel"], failures: number): Promise<number[]> {
  const [id] = await store(channel);
  let now = Date.parse("2026-11-22T12:00:00Z");
  const waits: number[] = [];
  for (let failure = 0; failure < failures; failure++) {
    expect(await deliverOutboxMessage(env.DB, id!, failing, now)).toBe("failed");
    const next = Date.parse((await row(id!))!.nextAttemptAt!);
    waits.push((next - now) / MINUTE);
    now = next;
  }
  return waits;
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM outbox").run();
});

describe("the retry cadence", () => {
  // After its fifth failure an email needs attention, and an SMS expires at 15 minutes
  // (tests/integration/operations/outbox-give-up.test.ts).
  it("backs an email off: 1, 5, 30 minutes, 2 hours", async () => {
    expect(await retryCadence("email", 4)).toEqual([1, 5, 30, 120]);
  });

  it("retries an SMS, a code someone is waiting for, every minute", async () => {
    expect(await retryCadence("sms", 14)).toEqual(Array(14).fill(1));
  });
});

describe("the retry cron's batches", () => {
  it("delivers at most 200 due messages of a channel per run, oldest first, and the rest on the next run", async () => {
    const ids = await store("email", 230);
    const sent: string[] = [];
    const recording: OutboxSender = async (message) => void sent.push(message.recipient);

    const first = await deliverDueOutboxMessages(env.DB, "email", recording);
    expect(first).toHaveLength(200);
    expect(first.every((result) => result === "sent")).toBe(true);
    expect((await row(ids[199]!))!.status).toBe("sent");
    expect((await row(ids[200]!))!.status).toBe("pending");

    expect(await deliverDueOutboxMessages(env.DB, "email", recording)).toHaveLength(30);
    expect(new Set(sent).size).toBe(230);
    expect(sent).toHaveLength(230);
  });

  it("sends up to ten at a time, never more", async () => {
    await store("sms", 60);
    let inFlight = 0;
    let most = 0;
    const slow: OutboxSender = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Long beside a local D1 query, so the deliveries overlap even on a busy machine.
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
    };
    await deliverDueOutboxMessages(env.DB, "sms", slow);
    // Ten is a bound, not a count: how many overlap below it depends on timing.
    expect(most).toBeLessThanOrEqual(10);
    expect(most).toBeGreaterThan(1);
  });

  it("leaves the other channel and messages not yet due alone", async () => {
    const [email] = await store("email");
    const [sms] = await store("sms");
    await deliverOutboxMessage(env.DB, email!, failing);
    expect(await deliverDueOutboxMessages(env.DB, "email", async () => {})).toEqual([]);
    expect(await deliverDueOutboxMessages(env.DB, "email", async () => {}, Date.now() + MINUTE + 1000)).toEqual(["sent"]);
    expect((await row(sms!))!.status).toBe("pending");
  });

  it("sends each message once when two runs overlap", async () => {
    await store("email", 30);
    const sent: string[] = [];
    const recording: OutboxSender = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message.recipient);
    };
    const [first, second] = await Promise.all([
      deliverDueOutboxMessages(env.DB, "email", recording),
      deliverDueOutboxMessages(env.DB, "email", recording),
    ]);
    expect([...first, ...second].filter((result) => result === "sent")).toHaveLength(30);
    expect(sent.sort()).toEqual(Array.from({ length: 30 }, (_, index) => `recipient-${index}`).sort());
  });
});
