import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { approveInvitationRequest } from "#worker/features/admissions/admissions.ts";
import { waitlistPosition } from "#worker/features/admissions/tier-places.ts";
import { workerConfig } from "#worker/config.ts";
import worker from "#tests/integration/support/worker-under-test.ts";
import {
  clearApplicationTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
} from "#tests/integration/support/concierge-fixtures.ts";

/**
 * Offers end after 7 days, by the every-minute cron, which then offers the place to the next in
 * line (docs/product-rules.md#decisions-capacity-and-waitlist). The cron runs as the Worker's own
 * scheduled handler, with Platinum capped at one place (TIER_MEMBER_CAPS).
 */
const DAY = 24 * 60 * 60 * 1000;
const decidedAt = Date.parse("2026-11-24T18:00:00.000Z");
const cronEnv = { ...env, TIER_MEMBER_CAPS: "platinum=1" } as Env;
let conciergeId = "";

beforeEach(async () => {
  await clearApplicationTables();
  conciergeId = (await insertMember({ role: "concierge" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function runMinuteCron(at: number) {
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), cronEnv, context);
  await waitOnExecutionContext(context);
}

async function approvePlatinum(at: number) {
  const request = await insertInvitationRequest();
  const result = await approveInvitationRequest(
    { env: cronEnv, config: workerConfig(cronEnv), signingKey: testSigningKey() },
    { requestId: request.id, conciergeId, tier: "platinum", note: null, now: at },
  );
  if (!result.ok) throw new Error("approval refused");
  return { id: request.id, email: result.email, decision: result.decision };
}

const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?").bind(id).first<{ status: string }>())!.status;

const subjectsTo = async (recipient: string) =>
  (
    await env.DB.prepare("SELECT subject FROM outbox WHERE recipient = ? ORDER BY id").bind(recipient).all<{ subject: string }>()
  ).results.map((row) => row.subject);

describe("the cron and offers", () => {
  it("keeps an offer open until its 7 days end, then expires it with a courteous email and offers the place to the next in line", async () => {
    const offered = await approvePlatinum(decidedAt);
    const waiting = await approvePlatinum(decidedAt + 1000);
    const behind = await approvePlatinum(decidedAt + 2000);
    expect([offered.decision, waiting.decision, behind.decision]).toEqual(["offered", "waitlisted", "waitlisted"]);

    await runMinuteCron(decidedAt + 7 * DAY - 60_000);
    expect(await statusOf(offered.id)).toBe("offered");
    expect(await statusOf(waiting.id)).toBe("waitlisted");

    const expiry = decidedAt + 7 * DAY;
    await runMinuteCron(expiry);
    expect(await statusOf(offered.id)).toBe("expired");
    expect(await subjectsTo(offered.email)).toEqual([
      "Your membership offer from Ember & Oak Society",
      "Your membership offer from Ember & Oak Society has ended",
    ]);
    expect(await statusOf(waiting.id)).toBe("offered");
    expect(
      await env.DB.prepare("SELECT offered_at, offer_expires_at FROM invitation_requests WHERE id = ?").bind(waiting.id).first(),
    ).toEqual({ offered_at: new Date(expiry).toISOString(), offer_expires_at: new Date(expiry + 7 * DAY).toISOString() });
    expect(await subjectsTo(waiting.email)).toEqual([
      "Your place on the Ember & Oak Society waitlist",
      "Your membership offer from Ember & Oak Society",
    ]);
    expect(await waitlistPosition(env.DB, behind.id)).toBe(1);
    const events = await env.DB.prepare("SELECT request_id, kind, actor_id FROM application_events WHERE created_at = ? ORDER BY id")
      .bind(new Date(expiry).toISOString())
      .all();
    expect(events.results).toEqual([
      { request_id: offered.id, kind: "offer_expired", actor_id: null },
      { request_id: waiting.id, kind: "offered", actor_id: null },
    ]);

    // The next runs change nothing until the new offer's 7 days end too.
    await runMinuteCron(expiry + 60_000);
    expect(await statusOf(behind.id)).toBe("waitlisted");
    expect(await countRows("outbox")).toBe(5);
    await runMinuteCron(expiry + 7 * DAY);
    expect(await statusOf(waiting.id)).toBe("expired");
    expect(await statusOf(behind.id)).toBe("offered");
  });

  it("leaves a paid offer alone, and its member keeps the place", async () => {
    const offered = await approvePlatinum(decidedAt);
    const waiting = await approvePlatinum(decidedAt + 1000);
    // Paid (as offer-activation.ts records it): the request is paid and the member holds the place.
    await env.DB.batch([
      env.DB.prepare("UPDATE invitation_requests SET status = 'paid' WHERE id = ?").bind(offered.id),
      env.DB.prepare(
        "INSERT INTO members (id, email, name, tier, role, status) VALUES (?, ?, 'New Member', 'platinum', 'member', 'invited')",
      ).bind(crypto.randomUUID(), offered.email),
    ]);
    await runMinuteCron(decidedAt + 8 * DAY);
    expect(await statusOf(offered.id)).toBe("paid");
    expect(await statusOf(waiting.id)).toBe("waitlisted");
    expect(await subjectsTo(offered.email)).toEqual(["Your membership offer from Ember & Oak Society"]);
  });

  it("gives an offer with a checkout still open an hour past its 7 days for the payment's webhook", async () => {
    const offered = await approvePlatinum(decidedAt);
    const waiting = await approvePlatinum(decidedAt + 1000);
    await env.DB.prepare("UPDATE invitation_requests SET checkout_session_id = 'cs_test_open' WHERE id = ?").bind(offered.id).run();
    await runMinuteCron(decidedAt + 7 * DAY + 59 * 60_000);
    expect(await statusOf(offered.id)).toBe("offered");
    expect(await statusOf(waiting.id)).toBe("waitlisted");
    await runMinuteCron(decidedAt + 7 * DAY + 60 * 60_000);
    expect(await statusOf(offered.id)).toBe("expired");
    expect(await statusOf(waiting.id)).toBe("offered");
  });

  it("offers a place that frees when a member's dues lapse, on the next run", async () => {
    const member = await insertMember();
    await env.DB.prepare("UPDATE members SET tier = 'platinum' WHERE id = ?").bind(member.id).run();
    const waiting = await approvePlatinum(decidedAt);
    expect(waiting.decision).toBe("waitlisted");
    await runMinuteCron(decidedAt + 60_000);
    expect(await statusOf(waiting.id)).toBe("waitlisted");
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(member.id).run();
    await runMinuteCron(decidedAt + 120_000);
    expect(await statusOf(waiting.id)).toBe("offered");
  });

  it("expires an offer once when two runs overlap: one email, one event, one promotion", async () => {
    const offered = await approvePlatinum(decidedAt);
    await approvePlatinum(decidedAt + 1000);
    await approvePlatinum(decidedAt + 2000);
    await Promise.all([runMinuteCron(decidedAt + 7 * DAY), runMinuteCron(decidedAt + 7 * DAY)]);
    expect(await subjectsTo(offered.email)).toHaveLength(2);
    expect(await countRows("application_events", "kind = 'offer_expired'")).toBe(1);
    expect(await countRows("invitation_requests", "status = 'offered'")).toBe(1);
    expect(await countRows("application_events", "kind = 'offered'")).toBe(2);
  });
});
