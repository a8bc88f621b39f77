import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  listOutboxDeliveries,
  listSecurityEvents,
  listSmsOptIns,
  retryFailedDelivery,
  securityEventTypes,
} from "#worker/features/concierge/concierge-console.ts";
import { clearAdmissionTables, insertMember } from "#tests/integration/support/concierge-fixtures.ts";

/** The concierge console's other lists and 'Retry now', against the real D1. */
const printed: string[] = [];

beforeEach(async () => {
  await clearAdmissionTables();
  await env.DB.prepare("DELETE FROM sms_opt_ins").run();
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
}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO outbox (channel, recipient, subject, body, status, attempts, last_error) VALUES (?, ?, 'Subject', ?, ?, 1, ?) RETURNING id",
  )
    .bind(fields.channel, fields.recipient, fields.body ?? "secret body with a link", fields.status, fields.lastError ?? null)
    .first<{ id: number }>();
  return row!.id;
}

describe("retryFailedDelivery", () => {
  it("sends a failed email again through the EMAIL binding and marks it sent", async () => {
    const id = await insertOutbox({ channel: "email", recipient: "avery@example.com", status: "failed", lastError: "timeout" });
    expect(await retryFailedDelivery(env, id)).toBe("sent");
    expect(await env.DB.prepare("SELECT status, attempts, last_error FROM outbox WHERE id = ?").bind(id).first()).toEqual({
      status: "sent",
      attempts: 2,
      last_error: null,
    });
  });

  it("sends a failed SMS again through the configured SMS provider (here the local stand-in)", async () => {
    const id = await insertOutbox({ channel: "sms", recipient: "+15035550142", status: "failed", body: "your code" });
    expect(await retryFailedDelivery(env, id)).toBe("sent");
    expect(printed.some((line) => line.includes("[local SMS stand-in, nothing sent] to +15035550142"))).toBe(true);
  });

  it("skips anything that is not a failed delivery", async () => {
    for (const status of ["sent", "rejected", "pending", "sending"]) {
      const id = await insertOutbox({ channel: "email", recipient: "avery@example.com", status });
      expect(await retryFailedDelivery(env, id)).toBe("skipped");
      expect(await env.DB.prepare("SELECT status, attempts FROM outbox WHERE id = ?").bind(id).first()).toEqual({ status, attempts: 1 });
    }
    expect(await retryFailedDelivery(env, 999_999)).toBe("skipped");
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
       ('authn_login_fail', 'medium', 'password sign-in refused', ?),
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
