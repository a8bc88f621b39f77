import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { approveInvitationRequest, declineInvitationRequest, listInvitationRequests } from "#worker/features/admissions/admissions.ts";
import { recordConciergeDecision } from "#worker/features/admissions/concierge-decisions.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import {
  clearAdmissionTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
  tokenInEmail,
} from "#tests/integration/support/concierge-fixtures.ts";

/** The concierge's decisions on invitation requests, against the real D1. */
const siteUrl = "https://emberandoak.test";
let conciergeId = "";

beforeEach(async () => {
  await clearAdmissionTables();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const approve = (requestId: string, overrides: { db?: D1Database; now?: number } = {}) =>
  approveInvitationRequest(overrides.db ?? env.DB, {
    requestId,
    conciergeId,
    tier: "platinum",
    note: "Known to Jordan for years.",
    siteUrl,
    signingKey: testSigningKey(),
    now: overrides.now,
  });

/** A D1 binding that records every statement it prepares and every batch it runs. */
function recordingDatabase(beforeBatch?: () => Promise<void>) {
  const prepared: string[] = [];
  const batches: number[] = [];
  const db = {
    prepare: (query: string) => {
      prepared.push(query);
      return env.DB.prepare(query);
    },
    batch: async (statements: D1PreparedStatement[]) => {
      await beforeBatch?.();
      batches.push(statements.length);
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { db, prepared, batches };
}

describe("approveInvitationRequest", () => {
  it("in one batch: marks the request approved, creates the invited member, a hashed 7-day link and the invitation email", async () => {
    const request = await insertInvitationRequest({ name: "Avery Hale", email: "  Avery.Hale@Example.COM " });
    const now = Date.parse("2026-11-21T18:00:00.000Z");
    const recording = recordingDatabase();
    const result = await approve(request.id, { db: recording.db, now });
    expect(result).toMatchObject({ ok: true, email: "avery.hale@example.com" });
    if (!result.ok) return;

    // Every write went through the one batch; everything outside it only read.
    expect(recording.batches).toEqual([4]);
    const writesOutsideBatch = recording.prepared.slice(0, -4).filter((query) => !/^\s*select/i.test(query));
    expect(writesOutsideBatch).toEqual([]);

    const stored = await env.DB.prepare("SELECT * FROM invitation_requests WHERE id = ?").bind(request.id).first();
    expect(stored).toMatchObject({
      status: "approved",
      decided_by: conciergeId,
      decided_at: "2026-11-21T18:00:00.000Z",
      decision_note: "Known to Jordan for years.",
      member_id: result.memberId,
    });
    const member = await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(result.memberId).first();
    expect(member).toMatchObject({
      email: "avery.hale@example.com",
      name: "Avery Hale",
      tier: "platinum",
      role: "member",
      status: "invited",
      email_confirmed_at: null,
      sessions_valid_after: 0,
      invited_by: "Jordan Reyes",
      invitation_request_id: request.id,
      admitted_by: conciergeId,
    });

    const email = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(result.outboxId).first<Record<string, string>>();
    expect(email).toMatchObject({
      channel: "email",
      recipient: "avery.hale@example.com",
      subject: "Your invitation to Ember & Oak Society",
      status: "pending",
    });
    const token = await tokenInEmail(email!.body!);
    expect(await unsealSecrets(testSigningKey(), email!.body!, escapeMarkup)).toContain(`href="${siteUrl}/invitation#${token}"`);
    // The stored email holds the link sealed: the database alone does not open the account.
    expect(email!.body).not.toContain(token);

    const link = await env.DB.prepare("SELECT * FROM member_invitations WHERE member_id = ?")
      .bind(result.memberId)
      .first<Record<string, string | null>>();
    expect(link).toMatchObject({ token_hash: await sha256Hex(token), expires_at: "2026-11-28T18:00:00.000Z", used_at: null });
    // Only the hash is stored, never the token itself.
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM member_invitations").all())).not.toContain(token);
  });

  it("refuses a request decided before, changing nothing", async () => {
    const request = await insertInvitationRequest();
    expect((await approve(request.id)).ok).toBe(true);
    expect(await approve(request.id)).toEqual({ ok: false, reason: "already-decided" });
    expect(await declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: null })).toEqual({
      ok: false,
      reason: "already-decided",
    });
    expect(await countRows("members", "role = 'member'")).toBe(1);
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("member_invitations")).toBe(1);
    expect(await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?").bind(request.id).first()).toEqual({
      status: "approved",
    });
  });

  it("admits exactly one member when ten approvals of one request arrive at once", async () => {
    const request = await insertInvitationRequest();
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(request.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && ["already-decided", "member-exists"].includes(result.reason)),
    ).toBe(true);
    expect(await countRows("members", "role = 'member'")).toBe(1);
    expect(await countRows("member_invitations")).toBe(1);
    expect(await countRows("outbox")).toBe(1);
  });

  it("admits no one when a decline and an approval race: the first decision stands", async () => {
    const request = await insertInvitationRequest();
    const [approved, declined] = await Promise.all([
      approve(request.id),
      declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: "No." }),
    ]);
    expect([approved.ok, declined.ok].filter(Boolean)).toHaveLength(1);
    const { status } = (await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?")
      .bind(request.id)
      .first<{ status: string }>())!;
    const admitted = await countRows("members", "role = 'member'");
    expect(status === "approved" ? admitted : 1 - admitted).toBe(1);
    expect(await countRows("outbox")).toBe(admitted);
  });

  it("refuses an email that already belongs to a member, whatever its case, writing nothing", async () => {
    await insertMember({ email: "avery@example.com" });
    const request = await insertInvitationRequest({ email: "AVERY@example.com" });
    expect(await approve(request.id)).toEqual({ ok: false, reason: "member-exists" });
    expect(await env.DB.prepare("SELECT status, member_id FROM invitation_requests WHERE id = ?").bind(request.id).first()).toEqual({
      status: "new",
      member_id: null,
    });
    expect(await countRows("outbox")).toBe(0);
    expect(await countRows("member_invitations")).toBe(0);
  });

  it("rolls the whole batch back when a member with the email appears between the check and the batch", async () => {
    const request = await insertInvitationRequest({ email: "late@example.com" });
    const racing = recordingDatabase(async () => void (await insertMember({ email: "late@example.com" })));
    expect(await approve(request.id, { db: racing.db })).toEqual({ ok: false, reason: "member-exists" });
    expect(await env.DB.prepare("SELECT status, decided_by FROM invitation_requests WHERE id = ?").bind(request.id).first()).toEqual({
      status: "new",
      decided_by: null,
    });
    expect(await countRows("outbox")).toBe(0);
    expect(await countRows("member_invitations")).toBe(0);
  });

  it("answers not-found for an unknown request", async () => {
    expect(await approve(crypto.randomUUID())).toEqual({ ok: false, reason: "not-found" });
    expect(await declineInvitationRequest(env.DB, { requestId: crypto.randomUUID(), conciergeId, note: null })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("escapes the applicant's text in the invitation email", async () => {
    // Stored directly: the public form refuses these characters, the email must not rely on it.
    const request = await insertInvitationRequest({ name: `<img src=x onerror="alert(1)"> O'Brien & Sons` });
    const result = await approve(request.id);
    expect(result.ok).toBe(true);
    const { body, subject } = (await env.DB.prepare("SELECT body, subject FROM outbox").first<{ body: string; subject: string }>())!;
    expect(body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#39;Brien &amp; Sons");
    expect(body).not.toContain("<img");
    expect(subject).not.toContain("O'Brien");
  });
});

describe("declineInvitationRequest", () => {
  it("records who declined, when and why, and sends nothing", async () => {
    const request = await insertInvitationRequest();
    const now = Date.parse("2026-11-21T19:00:00.000Z");
    expect(await declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: "Not this season.", now })).toEqual({
      ok: true,
    });
    expect(
      await env.DB.prepare("SELECT status, decided_by, decided_at, decision_note, member_id FROM invitation_requests WHERE id = ?")
        .bind(request.id)
        .first(),
    ).toEqual({
      status: "declined",
      decided_by: conciergeId,
      decided_at: "2026-11-21T19:00:00.000Z",
      decision_note: "Not this season.",
      member_id: null,
    });
    expect(await countRows("outbox")).toBe(0);
    expect(await countRows("members", "role = 'member'")).toBe(0);
  });
});

describe("recordConciergeDecision", () => {
  async function decide(decision: Parameters<typeof recordConciergeDecision>[2]) {
    const context = createExecutionContext();
    const outcome = await recordConciergeDecision(
      createRequestContext(env, context, new Request("http://example.com/concierge", { method: "POST" })),
      conciergeId,
      decision,
    );
    await waitOnExecutionContext(context);
    return outcome;
  }

  it("delivers the invitation email at once and logs the admission without personal data", async () => {
    const request = await insertInvitationRequest({ email: "rowan@example.com" });
    const outcome = await decide({ intent: "approve", requestId: request.id, tier: "business", note: null });
    expect(outcome).toEqual({ ok: true, decision: "approved", email: "rowan@example.com", delivery: "sent" });
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox").first()).toEqual({ status: "sent", attempts: 1 });
    const events = await env.DB.prepare("SELECT event_type, severity, user_id, metadata FROM security_events").all<
      Record<string, string>
    >();
    expect(events.results).toEqual([expect.objectContaining({ event_type: "member_admitted", severity: "low", user_id: conciergeId })]);
    expect(JSON.stringify(events.results)).not.toContain("rowan@example.com");
  });

  it("logs a decline and sends nothing", async () => {
    const request = await insertInvitationRequest();
    expect(await decide({ intent: "decline", requestId: request.id, note: "Not this season." })).toEqual({
      ok: true,
      decision: "declined",
    });
    expect(await countRows("outbox")).toBe(0);
    expect(
      await env.DB.prepare("SELECT event_type FROM security_events")
        .all()
        .then((r) => r.results),
    ).toEqual([{ event_type: "member_declined" }]);
  });
});

describe("listInvitationRequests", () => {
  it("lists newest first, filtered by status and by a search of name, email and company", async () => {
    const older = await insertInvitationRequest({ name: "Quinn Archer", company: "Archer & Vale", createdAt: "2026-11-01T10:00:00.000Z" });
    const newer = await insertInvitationRequest({
      name: "Sasha Moreno",
      email: "sasha@moreno.example",
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    const decided = await insertInvitationRequest({ name: "Taylor Brooks", company: "100% Cedar", createdAt: "2026-11-03T10:00:00.000Z" });
    await declineInvitationRequest(env.DB, { requestId: decided.id, conciergeId, note: null });

    expect((await listInvitationRequests(env.DB)).map((request) => request.id)).toEqual([decided.id, newer.id, older.id]);
    expect((await listInvitationRequests(env.DB, { status: "new" })).map((request) => request.id)).toEqual([newer.id, older.id]);
    expect((await listInvitationRequests(env.DB, { search: "MORENO" })).map((request) => request.id)).toEqual([newer.id]);
    expect((await listInvitationRequests(env.DB, { search: "archer &" })).map((request) => request.id)).toEqual([older.id]);
    // LIKE wildcards in the search are taken literally.
    expect((await listInvitationRequests(env.DB, { search: "100%" })).map((request) => request.id)).toEqual([decided.id]);
    expect(await listInvitationRequests(env.DB, { search: "%" })).toHaveLength(1);
    expect(await listInvitationRequests(env.DB, { limit: 2 })).toHaveLength(2);
    const [declined] = await listInvitationRequests(env.DB, { status: "declined" });
    expect(declined).toMatchObject({ decidedByName: "Elena Marsh", recaptchaScore: 0.9, invitedBy: "Jordan Reyes" });
  });
});
