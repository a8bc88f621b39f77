import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { DATA_RETENTION_CRON } from "#worker/features/operations/scheduled.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

/** The retention periods the privacy policy promises (/privacy), kept by the daily cron. */
const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-22T03:17:00Z");
const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();

async function runCron(cron: string) {
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: now, cron }), env, context);
  await waitOnExecutionContext(context);
}

const ids = async (table: string) =>
  (await env.DB.prepare(`SELECT id FROM ${table} ORDER BY id`).all<{ id: string | number }>()).results.map((row) => String(row.id));

beforeEach(async () => {
  await env.DB.batch(
    ["security_events", "age_gate_answers", "invitation_requests", "outbox", "form_intents"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO security_events (id, event_type, severity, description, created_at) VALUES (1, 'x', 'low', 'old', ?), (2, 'x', 'low', 'recent', ?)",
    ).bind(daysAgo(366), daysAgo(364)),
    // Written by the column's own default (D1's clock), as the Worker writes it: the job must read that format too.
    env.DB.prepare("INSERT INTO security_events (id, event_type, severity, description) VALUES (3, 'x', 'low', 'just now')"),
    env.DB.prepare(
      "INSERT INTO age_gate_answers (id, session_id, answer, user_agent, created_at) VALUES (1, 's', 'verified', 'ua', ?), (2, 's', 'entered', 'ua', ?)",
    ).bind(daysAgo(366), daysAgo(30)),
    env.DB.prepare(
      `INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, status, created_at, decided_at) VALUES
        ('decided-long-ago', 'A', 'a@example.com', 'Co', 'B', 'message text', 0.9, 'declined', ?, ?),
        ('decided-recently', 'A', 'a@example.com', 'Co', 'B', 'message text', 0.9, 'approved', ?, ?),
        ('still-waiting', 'A', 'a@example.com', 'Co', 'B', 'message text', 0.9, 'new', ?, NULL)`,
    ).bind(daysAgo(800), daysAgo(731), daysAgo(800), daysAgo(700), daysAgo(900)),
    env.DB.prepare(
      `INSERT INTO outbox (id, channel, recipient, body, status, updated_at) VALUES
        (1, 'email', 'a', 'b', 'sent', ?), (2, 'email', 'a', 'b', 'sent', ?), (3, 'sms', 'a', 'b', 'rejected', ?), (4, 'email', 'a', 'b', 'failed', ?),
        (5, 'sms', 'a', 'b', 'expired', ?), (6, 'email', 'a', 'b', 'abandoned', ?), (7, 'email', 'a', 'b', 'abandoned', ?),
        (8, 'email', 'a', 'b', 'needs_attention', ?)`,
    ).bind(daysAgo(31), daysAgo(29), daysAgo(31), daysAgo(400), daysAgo(31), daysAgo(31), daysAgo(29), daysAgo(400)),
    env.DB.prepare(
      "INSERT INTO form_intents (id, purpose, actor_id, created_at) VALUES ('guest::old', 'guest', 'm', ?), ('guest::recent', 'guest', 'm', ?)",
    ).bind(daysAgo(31), daysAgo(29)),
  ]);
});

describe("the daily retention job", () => {
  it("deletes security events and age-gate answers after 12 months, decided requests 24 months after the decision, finished messages and forms' keys after 30 days", async () => {
    await runCron(DATA_RETENTION_CRON);
    expect(await ids("security_events")).toEqual(["2", "3"]);
    expect(await ids("age_gate_answers")).toEqual(["2"]);
    expect(await ids("invitation_requests")).toEqual(["decided-recently", "still-waiting"]);
    // A message not yet delivered, or waiting for a person, is never deleted, however old:
    // nothing accepted is lost. Expired and abandoned ones are finished, like sent ones.
    expect(await ids("outbox")).toEqual(["2", "4", "7", "8"]);
    expect(await ids("form_intents")).toEqual(["guest::recent"]);
  });

  it("keeps a request on a waitlist or holding an offer however old its decision; a deleted request takes its joined submissions and history along", async () => {
    await env.DB.prepare("DELETE FROM application_events").run();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, status, created_at, decided_at, joined_to) VALUES
          ('waiting-long', 'A', 'a@example.com', 'Co', 'B', 'm', 0.9, 'waitlisted', ?, ?, NULL),
          ('offered-long', 'A', 'a@example.com', 'Co', 'B', 'm', 0.9, 'offered', ?, ?, NULL),
          ('joined-to-old', 'A', 'a@example.com', 'Co', 'B', 'm', 0.9, 'joined', ?, NULL, 'decided-long-ago'),
          ('joined-to-recent', 'A', 'a@example.com', 'Co', 'B', 'm', 0.9, 'joined', ?, NULL, 'decided-recently')`,
      ).bind(daysAgo(900), daysAgo(800), daysAgo(900), daysAgo(800), daysAgo(790), daysAgo(690)),
      env.DB.prepare(
        "INSERT INTO application_events (request_id, kind, created_at) VALUES ('decided-long-ago', 'declined', ?), ('decided-recently', 'offered', ?)",
      ).bind(daysAgo(731), daysAgo(700)),
    ]);
    await runCron(DATA_RETENTION_CRON);
    expect(await ids("invitation_requests")).toEqual([
      "decided-recently",
      "joined-to-recent",
      "offered-long",
      "still-waiting",
      "waiting-long",
    ]);
    expect((await env.DB.prepare("SELECT request_id FROM application_events").all()).results).toEqual([{ request_id: "decided-recently" }]);
  });

  it("runs on its own trigger only: the minute's cron deletes nothing", async () => {
    await runCron("* * * * *");
    expect(await ids("security_events")).toEqual(["1", "2", "3"]);
    expect(await ids("invitation_requests")).toEqual(["decided-long-ago", "decided-recently", "still-waiting"]);
  });
});
