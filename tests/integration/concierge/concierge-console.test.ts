import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  abandonDelivery,
  listDeliveriesNeedingAttention,
  listOutboxDeliveries,
  listSecurityEvents,
  listSmsOptIns,
  retryDelivery,
  securityEventTypes,
} from "#worker/features/concierge/concierge-console.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { clearAdmissionTables, insertMember } from "#tests/integration/support/concierge-fixtures.ts";

/** The concierge console's other lists, 'Retry' and 'Stop trying', against the real D1. */
const printed: string[] = [];
let conciergeId = "";

beforeEach(async () => {
  await clearAdmissionTables();
  await env.DB.prepare("DELETE FROM sms_opt_ins").run();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  printed.length = 0;
  vi.spyOn(console, "info").mockImplementation((line: unknown) => void printed.push(String(line)));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function insertOutbox(fields: {
  channel: "email" | "sms";
  recipient: string;
  status: string;
  body?: string;
  lastError?: string;
  attempts?: number;
}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO outbox (channel, recipient, subject, body, status, attempts, last_error) VALUES (?, ?, 'Subject', ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      fields.channel,
      fields.recipient,
      fields.body ?? "secret body with a link",
      fields.status,
      fields.attempts ?? 1,
      fields.lastError ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A console action as the concierge's request runs it, with its audit written before the answer is read. */
async function asConcierge<T>(run: (context: ReturnType<typeof createRequestContext>) => Promise<T>): Promise<T> {
  const execution = createExecutionContext();
  const result = await run(createRequestContext(env, execution, new Request("https://emberandoak.test/concierge", { method: "POST" })));
  await waitOnExecutionContext(execution);
  return result;
}
const retry = (id: number, send?: { EMAIL: SendEmail }) =>
  asConcierge((context) => retryDelivery(send ? { ...context, env: { ...env, ...send } } : context, conciergeId, id));
const abandon = (id: number) => asConcierge((context) => abandonDelivery(context, conciergeId, id));

const outboxRow = (id: number) =>
  env.DB.prepare("SELECT status, attempts, last_error, next_attempt_at FROM outbox WHERE id = ?").bind(id).first();
const auditTrail = async () =>
  (
    await env.DB.prepare("SELECT event_type, severity, user_id, metadata FROM security_events ORDER BY id").all<{
      event_type: string;
      severity: string;
      user_id: string;
      metadata: string;
    }>()
  ).results.map((event) => ({ ...event, details: (JSON.parse(event.metadata) as { details: unknown }).details, metadata: undefined }));

describe("retryDelivery", () => {
  it("sends a failed email again through the EMAIL binding and marks it sent", async () => {
    const id = await insertOutbox({ channel: "email", recipient: "avery@example.com", status: "failed", lastError: "timeout" });
    expect(await retry(id)).toBe("sent");
    expect(await env.DB.prepare("SELECT status, attempts, last_error FROM outbox WHERE id = ?").bind(id).first()).toEqual({
      status: "sent",
      attempts: 2,
      last_error: null,
    });
  });

  it("sends a failed SMS again through the configured SMS provider (here the local stand-in)", async () => {
    const id = await insertOutbox({ channel: "sms", recipient: "+15035550142", status: "failed", body: "your code" });
    expect(await retry(id)).toBe("sent");
    expect(printed.some((line) => line.includes("[local SMS stand-in, nothing sent] to +15035550142"))).toBe(true);
  });

  it("skips anything that is not a failed delivery or one that needs attention", async () => {
    for (const status of ["sent", "rejected", "pending", "sending", "expired", "abandoned"]) {
      const id = await insertOutbox({ channel: "email", recipient: "avery@example.com", status });
      expect(await retry(id)).toBe("skipped");
      expect(await env.DB.prepare("SELECT status, attempts FROM outbox WHERE id = ?").bind(id).first()).toEqual({ status, attempts: 1 });
    }
    expect(await retry(999_999)).toBe("skipped");
  });

  it("sends an email that needs attention at once, and audits the retry with the concierge's id and its outcome", async () => {
    const id = await insertOutbox({
      channel: "email",
      recipient: "avery@example.com",
      status: "needs_attention",
      attempts: 5,
      lastError: "mailbox full",
    });
    expect(await retry(id)).toBe("sent");
    expect(await outboxRow(id)).toEqual({ status: "sent", attempts: 6, last_error: null, next_attempt_at: null });
    expect(await auditTrail()).toEqual([
      expect.objectContaining({
        event_type: "delivery_retried",
        severity: "low",
        user_id: conciergeId,
        details: { outboxId: id, outcome: "sent" },
      }),
    ]);
  });

  it("leaves an email that fails again needing attention, with the new error, and says so", async () => {
    const id = await insertOutbox({
      channel: "email",
      recipient: "avery@example.com",
      status: "needs_attention",
      attempts: 5,
      lastError: "mailbox full",
    });
    const refusing = { send: () => Promise.reject(new Error("550 mailbox unavailable")) } as unknown as SendEmail;
    expect(await retry(id, { EMAIL: refusing })).toBe("needs_attention");
    expect(await outboxRow(id)).toEqual({
      status: "needs_attention",
      attempts: 6,
      last_error: "550 mailbox unavailable",
      next_attempt_at: null,
    });
    expect((await auditTrail()).map((event) => event.details)).toEqual([{ outboxId: id, outcome: "needs_attention" }]);
  });

  it("does not send an SMS whose code would be older than 15 minutes: it ends as expired", async () => {
    const id = await insertOutbox({ channel: "sms", recipient: "+15035550142", status: "failed", body: "your code" });
    await env.DB.prepare("UPDATE outbox SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 16 * 60_000).toISOString(), id)
      .run();
    expect(await retry(id)).toBe("expired");
    expect(printed.some((line) => line.includes("+15035550142"))).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: "expired", last_error: "not sent: the code would be older than 15 minutes" });
  });
});

describe("abandonDelivery ('Stop trying')", () => {
  it("marks a delivery that needs attention abandoned, never retried, and audits it", async () => {
    const id = await insertOutbox({
      channel: "email",
      recipient: "gone@example.com",
      status: "needs_attention",
      attempts: 5,
      lastError: "no such user",
    });
    expect(await abandon(id)).toBe("abandoned");
    expect(await outboxRow(id)).toEqual({ status: "abandoned", attempts: 5, last_error: "no such user", next_attempt_at: null });
    expect(await retry(id)).toBe("skipped");
    expect((await auditTrail())[0]).toEqual(
      expect.objectContaining({ event_type: "delivery_abandoned", severity: "medium", user_id: conciergeId, details: { outboxId: id } }),
    );
    expect((await listDeliveriesNeedingAttention(env.DB)).count).toBe(0);
  });

  it("changes nothing, and audits nothing, for a delivery that does not need attention", async () => {
    for (const status of ["pending", "failed", "sending", "sent", "rejected", "expired", "abandoned"]) {
      const id = await insertOutbox({ channel: "email", recipient: "avery@example.com", status });
      expect(await abandon(id)).toBe("skipped");
      expect(await outboxRow(id)).toMatchObject({ status });
    }
    expect(await auditTrail()).toEqual([]);
  });
});

describe("listDeliveriesNeedingAttention", () => {
  it("counts every delivery that needs attention and lists them oldest first, without their bodies", async () => {
    const first = await insertOutbox({ channel: "email", recipient: "a@example.com", status: "needs_attention", lastError: "550" });
    await insertOutbox({ channel: "email", recipient: "b@example.com", status: "failed" });
    const second = await insertOutbox({ channel: "email", recipient: "c@example.com", status: "needs_attention" });
    const third = await insertOutbox({ channel: "email", recipient: "d@example.com", status: "needs_attention" });
    const all = await listDeliveriesNeedingAttention(env.DB);
    expect(all.count).toBe(3);
    expect(all.deliveries.map((delivery) => delivery.id)).toEqual([first, second, third]);
    expect(all.deliveries[0]).toMatchObject({ recipient: "a@example.com", subject: "Subject", attempts: 1, lastError: "550" });
    expect(JSON.stringify(all)).not.toContain("secret body");
    expect(await listDeliveriesNeedingAttention(env.DB, 2)).toMatchObject({ count: 3, deliveries: [{ id: first }, { id: second }] });
  });
});

describe("the console's lists", () => {
  it("lists deliveries newest first without their bodies, filtered by status", async () => {
    const first = await insertOutbox({ channel: "email", recipient: "a@example.com", status: "sent" });
    const second = await insertOutbox({ channel: "sms", recipient: "+15035550142", status: "failed", lastError: "Twilio 503" });
    const all = await listOutboxDeliveries(env.DB);
    expect(all.map((delivery) => delivery.id)).toEqual([second, first]);
    expect(all[0]).toMatchObject({ channel: "sms", status: "failed", attempts: 1, lastError: "Twilio 503", recipient: "+15035550142" });
    expect(JSON.stringify(all)).not.toContain("secret body");
    expect((await listOutboxDeliveries(env.DB, { status: "failed" })).map((delivery) => delivery.id)).toEqual([second]);
    expect(await listOutboxDeliveries(env.DB, { limit: 1 })).toHaveLength(1);
  });

  it("lists SMS opt-ins newest first", async () => {
    await env.DB.prepare(
      "INSERT INTO sms_opt_ins (phone_number, submitted_at) VALUES ('5035550101', '2026-11-01T10:00:00.000Z'), ('5035550102', '2026-11-02T10:00:00.000Z')",
    ).run();
    expect((await listSmsOptIns(env.DB)).map((optIn) => optIn.phoneNumber)).toEqual(["5035550102", "5035550101"]);
  });

  it("lists security events newest first, filtered by severity and type, with the member's name", async () => {
    const member = await insertMember({ name: "Morgan Vale" });
    await env.DB.prepare(
      `INSERT INTO security_events (event_type, severity, description, user_id) VALUES
       ('authn_login_fail', 'medium', 'sign-in code refused', ?),
       ('member_admitted', 'low', 'invitation request approved', NULL),
       ('invitation_request_error', 'high', 'the form failed', NULL)`,
    )
      .bind(member.id)
      .run();
    expect((await listSecurityEvents(env.DB)).map((event) => event.eventType)).toEqual([
      "invitation_request_error",
      "member_admitted",
      "authn_login_fail",
    ]);
    expect((await listSecurityEvents(env.DB, { severity: "medium" }))[0]).toMatchObject({
      eventType: "authn_login_fail",
      memberName: "Morgan Vale",
    });
    expect((await listSecurityEvents(env.DB, { eventType: "member_admitted" })).map((event) => event.severity)).toEqual(["low"]);
    expect(await listSecurityEvents(env.DB, { severity: "high", eventType: "member_admitted" })).toEqual([]);
    expect(await securityEventTypes(env.DB)).toEqual(["authn_login_fail", "invitation_request_error", "member_admitted"]);
  });
});
