import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberContext, requestContext } from "#app/context.ts";
import { loader as waitlistsLoader } from "#app/features/admissions/routes/waitlists.tsx";
import { loader as csvLoader } from "#app/features/admissions/routes/applications-csv.ts";
import { approveInvitationRequest, declineInvitationRequest, listInvitationRequests } from "#worker/features/admissions/admissions.ts";
import { recordConciergeDecision } from "#worker/features/admissions/concierge-decisions.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import { workerConfig } from "#worker/config.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import {
  clearAdmissionTables,
  clearApplicationTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
} from "#tests/integration/support/concierge-fixtures.ts";

/** The concierge's decisions on invitation requests, against the real D1. */
const siteUrl = "https://emberandoak.test";
let conciergeId = "";

beforeEach(async () => {
  await clearApplicationTables();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const services = (db: D1Database = env.DB) => ({
  env: { ...env, DB: db },
  config: { ...workerConfig(env), SITE_URL: siteUrl },
  signingKey: testSigningKey(),
});

const approve = (requestId: string, overrides: { db?: D1Database; now?: number } = {}) =>
  approveInvitationRequest(services(overrides.db), {
    requestId,
    conciergeId,
    tier: "platinum",
    note: "Known to Jordan for years.",
    now: overrides.now,
  });

/** A D1 binding that records every statement it prepares and every batch it runs. */
function recordingDatabase() {
  const prepared: string[] = [];
  const batches: number[] = [];
  const db = {
    prepare: (query: string) => {
      prepared.push(query);
      return env.DB.prepare(query);
    },
    batch: async (statements: D1PreparedStatement[]) => {
      batches.push(statements.length);
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { db, prepared, batches };
}

describe("approveInvitationRequest", () => {
  it("in one batch: offers the place (no member yet), stores the offer email with the sealed status link and the event", async () => {
    const request = await insertInvitationRequest({ name: "Avery Hale", email: "  Avery.Hale@Example.COM " });
    const now = Date.parse("2026-11-21T18:00:00.000Z");
    const recording = recordingDatabase();
    const result = await approve(request.id, { db: recording.db, now });
    expect(result).toMatchObject({ ok: true, decision: "offered", email: "avery.hale@example.com" });
    if (!result.ok) return;

    // Every write went through the one batch; everything outside it only read.
    expect(recording.batches).toEqual([5]);
    const writesOutsideBatch = recording.prepared.slice(0, -5).filter((query) => !/^\s*select/i.test(query));
    expect(writesOutsideBatch).toEqual([]);

    const stored = await env.DB.prepare("SELECT * FROM invitation_requests WHERE id = ?").bind(request.id).first();
    expect(stored).toMatchObject({
      status: "offered",
      tier: "platinum",
      decided_by: conciergeId,
      decided_at: "2026-11-21T18:00:00.000Z",
      decision_note: "Known to Jordan for years.",
      offered_at: "2026-11-21T18:00:00.000Z",
      offer_expires_at: "2026-11-28T18:00:00.000Z",
      member_id: null,
    });
    // Nobody is a member until the offer is paid.
    expect(await countRows("members", "role = 'member'")).toBe(0);
    expect(await countRows("member_invitations")).toBe(0);

    const email = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(result.outboxId).first<Record<string, string>>();
    expect(email).toMatchObject({
      channel: "email",
      recipient: "avery.hale@example.com",
      subject: "Your membership offer from Ember & Oak Society",
      status: "pending",
    });
    const opened = await unsealSecrets(testSigningKey(), email!.body!, escapeMarkup);
    const link = /href="([^"]+)"/.exec(opened)?.[1] ?? "";
    expect(link.startsWith(`${siteUrl}/application#`)).toBe(true);
    expect(await readApplicationStatusToken(testSigningKey(), link)).toBe(request.id);
    // The stored email holds the link sealed.
    expect(email!.body).not.toContain(link.split("#")[1]);
    expect(opened).not.toContain("Known to Jordan"); // the internal note is never sent
    expect(
      await env.DB.prepare("SELECT kind, actor_id, detail, created_at FROM application_events")
        .all()
        .then((r) => r.results),
    ).toEqual([{ kind: "offered", actor_id: conciergeId, detail: "platinum", created_at: "2026-11-21T18:00:00.000Z" }]);
  });

  it("refuses a request decided before, changing nothing", async () => {
    const request = await insertInvitationRequest();
    expect((await approve(request.id)).ok).toBe(true);
    expect(await approve(request.id)).toEqual({ ok: false, reason: "already-decided" });
    expect(await declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: null })).toEqual({
      ok: false,
      reason: "already-decided",
    });
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events")).toBe(1);
    expect(await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?").bind(request.id).first()).toEqual({
      status: "offered",
    });
  });

  it("decides once when ten approvals of one request arrive at once", async () => {
    const request = await insertInvitationRequest();
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(request.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "already-decided")).toBe(true);
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events")).toBe(1);
  });

  it("lets the first decision stand when a decline and an approval race: one email, the one that fits", async () => {
    const request = await insertInvitationRequest();
    const [approved, declined] = await Promise.all([
      approve(request.id),
      declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: "No." }),
    ]);
    expect([approved.ok, declined.ok].filter(Boolean)).toHaveLength(1);
    const { status } = (await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?")
      .bind(request.id)
      .first<{ status: string }>())!;
    const { subject } = (await env.DB.prepare("SELECT subject FROM outbox").first<{ subject: string }>())!;
    expect(subject).toBe(status === "offered" ? "Your membership offer from Ember & Oak Society" : "Your request to Ember & Oak Society");
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events")).toBe(1);
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
    expect(await countRows("application_events")).toBe(0);
  });

  it("refuses to approve while another application of the same person holds an offer or a waitlist place, writing nothing", async () => {
    for (const status of ["offered", "waitlisted"]) {
      await clearAdmissionTables();
      const open = await insertInvitationRequest({ email: "avery@example.com" });
      const later = await insertInvitationRequest({ email: "Avery@Example.com" });
      await env.DB.prepare(
        "UPDATE invitation_requests SET email_key = 'avery@example.com', status = CASE WHEN id = ? THEN ? ELSE status END",
      )
        .bind(open.id, status)
        .run();
      expect(await approve(later.id)).toEqual({ ok: false, reason: "open-application" });
      expect(await env.DB.prepare("SELECT status FROM invitation_requests WHERE id = ?").bind(later.id).first("status")).toBe("new");
      expect(await countRows("outbox")).toBe(0);
      await env.DB.prepare("UPDATE invitation_requests SET status = 'expired' WHERE id = ?").bind(open.id).run();
      expect(await approve(later.id)).toMatchObject({ ok: true });
    }
  });

  it("answers not-found for an unknown request", async () => {
    expect(await approve(crypto.randomUUID())).toEqual({ ok: false, reason: "not-found" });
    expect(await declineInvitationRequest(env.DB, { requestId: crypto.randomUUID(), conciergeId, note: null })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("escapes the applicant's text in the offer email", async () => {
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
  it("records who declined, when and why, and stores a courteous email with the note to the applicant (not the internal one)", async () => {
    const request = await insertInvitationRequest({ name: "Avery Hale", email: "Avery@Example.com" });
    const now = Date.parse("2026-11-21T19:00:00.000Z");
    const declined = await declineInvitationRequest(env.DB, {
      requestId: request.id,
      conciergeId,
      note: "Not this season.",
      applicantNote: "We would be glad to hear from you in the spring <3",
      now,
    });
    expect(declined).toMatchObject({ ok: true, email: "avery@example.com" });
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
    const email = (await env.DB.prepare("SELECT recipient, subject, body FROM outbox").first<Record<string, string>>())!;
    expect(email).toMatchObject({ recipient: "avery@example.com", subject: "Your request to Ember & Oak Society" });
    expect(email.body).toContain("Avery Hale,");
    expect(email.body).toContain("We would be glad to hear from you in the spring &lt;3");
    expect(email.body).not.toContain("Not this season.");
    expect(
      await env.DB.prepare("SELECT kind, actor_id FROM application_events")
        .all()
        .then((r) => r.results),
    ).toEqual([{ kind: "declined", actor_id: conciergeId }]);
    expect(await countRows("members", "role = 'member'")).toBe(0);
  });

  it("sends the courteous email without a note when none is given", async () => {
    const request = await insertInvitationRequest();
    expect((await declineInvitationRequest(env.DB, { requestId: request.id, conciergeId, note: null })).ok).toBe(true);
    const { body } = (await env.DB.prepare("SELECT body FROM outbox").first<{ body: string }>())!;
    expect(body).toContain("unable to offer you a membership at this time");
    expect(body).not.toContain("A note from the concierge");
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

  it("delivers the offer email at once and logs the decision without personal data", async () => {
    const request = await insertInvitationRequest({ email: "rowan@example.com" });
    const outcome = await decide({ intent: "approve", requestId: request.id, tier: "business", note: null });
    expect(outcome).toEqual({ ok: true, decision: "offered", email: "rowan@example.com", delivery: "sent" });
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox").first()).toEqual({ status: "sent", attempts: 1 });
    const events = await env.DB.prepare("SELECT event_type, severity, user_id, metadata FROM security_events").all<
      Record<string, string>
    >();
    expect(events.results).toEqual([expect.objectContaining({ event_type: "admissions_decision", severity: "low", user_id: conciergeId })]);
    expect(events.results[0]!.metadata).toContain('"decision":"offered"');
    expect(JSON.stringify(events.results)).not.toContain("rowan@example.com");
  });

  it("logs a decline and delivers its email", async () => {
    const request = await insertInvitationRequest();
    expect(await decide({ intent: "decline", requestId: request.id, note: "Not this season.", applicantNote: null })).toMatchObject({
      ok: true,
      decision: "declined",
      delivery: "sent",
    });
    expect(await env.DB.prepare("SELECT status FROM outbox").first()).toEqual({ status: "sent" });
    const events = await env.DB.prepare("SELECT event_type, metadata FROM security_events").all<{ event_type: string; metadata: string }>();
    expect(events.results.map((event) => event.event_type)).toEqual(["admissions_decision"]);
    expect(events.results[0]!.metadata).toContain('"decision":"declined"');
  });
});

describe("listInvitationRequests", () => {
  it("lists newest first, filtered by stage and by a search of name, email and company", async () => {
    const older = await insertInvitationRequest({ name: "Quinn Archer", company: "Archer & Vale", createdAt: "2026-11-01T10:00:00.000Z" });
    const newer = await insertInvitationRequest({
      name: "Sasha Moreno",
      email: "sasha@moreno.example",
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    const decided = await insertInvitationRequest({ name: "Taylor Brooks", company: "100% Cedar", createdAt: "2026-11-03T10:00:00.000Z" });
    await declineInvitationRequest(env.DB, { requestId: decided.id, conciergeId, note: null });

    expect((await listInvitationRequests(env.DB)).map((request) => request.id)).toEqual([decided.id, newer.id, older.id]);
    expect((await listInvitationRequests(env.DB, { stage: "new" })).map((request) => request.id)).toEqual([newer.id, older.id]);
    expect((await listInvitationRequests(env.DB, { search: "MORENO" })).map((request) => request.id)).toEqual([newer.id]);
    expect((await listInvitationRequests(env.DB, { search: "archer &" })).map((request) => request.id)).toEqual([older.id]);
    // LIKE wildcards in the search are taken literally.
    expect((await listInvitationRequests(env.DB, { search: "100%" })).map((request) => request.id)).toEqual([decided.id]);
    expect(await listInvitationRequests(env.DB, { search: "%" })).toHaveLength(1);
    expect(await listInvitationRequests(env.DB, { limit: 2 })).toHaveLength(2);
    const [declined] = await listInvitationRequests(env.DB, { stage: "declined" });
    expect(declined).toMatchObject({ decidedByName: "Elena Marsh", recaptchaScore: 0.9, invitedBy: "Jordan Reyes" });
  });

  it("shows the pipeline: a booked sit-down as its own stage, the decided ones together, the history with who acted, and joined submissions on the first card only", async () => {
    const booked = await insertInvitationRequest({ name: "Booked Applicant", createdAt: "2026-11-01T10:00:00.000Z" });
    const offered = await insertInvitationRequest({ name: "Offered Applicant", createdAt: "2026-11-02T10:00:00.000Z" });
    const fresh = await insertInvitationRequest({ name: "Fresh Applicant", createdAt: "2026-11-03T10:00:00.000Z" });
    const slotId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO sit_down_slots (id, lounge, starts_at, minutes, created_by) VALUES (?, 'business', '2026-11-30T01:00:00.000Z', 45, ?)",
      ).bind(slotId, conciergeId),
      env.DB.prepare("INSERT INTO sit_down_bookings (request_id, slot_id) VALUES (?, ?)").bind(booked.id, slotId),
      env.DB.prepare(
        "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, status, joined_to, created_at) VALUES (?, 'Offered Applicant', 'again@example.com', 'Co', 'B', 'Writing again.', 0.9, 'joined', ?, '2026-11-04T10:00:00.000Z')",
      ).bind(crypto.randomUUID(), offered.id),
    ]);
    await approve(offered.id, { now: Date.parse("2026-11-05T10:00:00.000Z") });

    const all = await listInvitationRequests(env.DB);
    expect(all.map((request) => [request.name, request.stage])).toEqual([
      ["Fresh Applicant", "new"],
      ["Offered Applicant", "offered"],
      ["Booked Applicant", "sit-down"],
    ]);
    expect((await listInvitationRequests(env.DB, { stage: "new" })).map((request) => request.id)).toEqual([fresh.id]);
    expect((await listInvitationRequests(env.DB, { stage: "sit-down" })).map((request) => request.id)).toEqual([booked.id]);
    expect((await listInvitationRequests(env.DB, { stage: "decided" })).map((request) => request.id)).toEqual([offered.id]);
    expect(all[2]).toMatchObject({ sitDownAt: "2026-11-30T01:00:00.000Z", sitDownLounge: "business" });
    expect(all[1]).toMatchObject({
      tier: "platinum",
      offeredAt: "2026-11-05T10:00:00.000Z",
      offerExpiresAt: "2026-11-12T10:00:00.000Z",
      history: [{ kind: "offered", actorName: "Elena Marsh", detail: "platinum", createdAt: "2026-11-05T10:00:00.000Z" }],
      joined: [expect.objectContaining({ message: "Writing again.", createdAt: "2026-11-04T10:00:00.000Z" })],
    });
  });
});

describe("the console's waitlists page and CSV export", () => {
  function loaderArgs(path: string, execution: ExecutionContext = createExecutionContext()) {
    const context = new RouterContextProvider();
    const request = new Request(`${siteUrl}${path}`);
    context.set(requestContext, createRequestContext({ ...env, TIER_MEMBER_CAPS: "platinum=1" } as Env, execution, request));
    // As requireConcierge leaves it.
    context.set(memberContext, { id: conciergeId, email: "elena@example.com", name: "Elena Marsh", tier: "business", role: "concierge" });
    const url = new URL(request.url);
    return { request, url, pattern: url.pathname, params: {}, context };
  }

  async function waitlistTwo() {
    const cappedServices = { ...services(), config: { ...services().config, TIER_MEMBER_CAPS: { platinum: 1 } } };
    const names = ["Offered Applicant", "=First Waiting", "Second Waiting"];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const request = await insertInvitationRequest({ name, createdAt: `2026-11-0${index + 1}T10:00:00.000Z` });
      await approveInvitationRequest(cappedServices, {
        requestId: request.id,
        conciergeId,
        tier: "platinum",
        note: null,
        now: Date.parse(`2026-11-1${index}T10:00:00.000Z`),
      });
      ids.push(request.id);
    }
    return ids;
  }

  it("lists each tier's cap, places taken, open offers and waitlist in order", async () => {
    await waitlistTwo();
    const { tiers } = await waitlistsLoader(loaderArgs("/concierge/waitlists"));
    const platinum = tiers.find((tier) => tier.slug === "platinum")!;
    expect(platinum).toMatchObject({
      cap: 1,
      taken: 1,
      offers: [{ name: "Offered Applicant", untilLabel: "Nov 17, 2026, 2:00 AM PST" }],
      waitlist: [
        { position: 1, name: "=First Waiting", sinceLabel: "Nov 11, 2026, 2:00 AM PST" },
        { position: 2, name: "Second Waiting", sinceLabel: "Nov 12, 2026, 2:00 AM PST" },
      ],
    });
    expect(tiers.find((tier) => tier.slug === "business")).toMatchObject({ cap: 120, taken: 0, offers: [], waitlist: [] });
  });

  it("exports more applications than D1 binds parameters in one statement, each with its history", async () => {
    const statements = Array.from({ length: 130 }, (_, index) => {
      const id = crypto.randomUUID();
      return [
        env.DB.prepare(
          "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, created_at) VALUES (?, ?, ?, 'Co', 'B', 'm', 0.9, ?)",
        ).bind(id, `Applicant ${index}`, `applicant${index}@example.com`, new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString()),
        env.DB.prepare("INSERT INTO application_events (request_id, kind, detail) VALUES (?, 'submitted', NULL)").bind(id),
      ];
    });
    await env.DB.batch(statements.flat());
    const response = await csvLoader(loaderArgs("/concierge/applications.csv"));
    expect((await response.text()).trim().split("\r\n")).toHaveLength(131);
    const listed = await listInvitationRequests(env.DB, { limit: 130 });
    expect(listed.every((request) => request.history.length === 1)).toBe(true);
  });

  it("reads a few hundred applications, their histories and joined submissions in three queries, every one complete", async () => {
    const ids = Array.from({ length: 400 }, () => crypto.randomUUID());
    const statements = ids.flatMap((id, index) => [
      env.DB.prepare(
        "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, created_at) VALUES (?, ?, ?, 'Co', 'B', 'm', 0.9, ?)",
      ).bind(id, `Applicant ${index}`, `applicant${index}@example.com`, new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString()),
      env.DB.prepare("INSERT INTO application_events (request_id, kind, detail) VALUES (?, 'submitted', NULL)").bind(id),
      env.DB.prepare(
        "INSERT INTO invitation_requests (id, name, email, company, invited_by, message, recaptcha_score, created_at, status, joined_to) VALUES (?, ?, ?, 'Co', 'B', 'again', 0.9, ?, 'joined', ?)",
      ).bind(
        crypto.randomUUID(),
        `Applicant ${index}`,
        `applicant${index}@example.com`,
        new Date(Date.UTC(2026, 10, 2, 0, index)).toISOString(),
        id,
      ),
    ]);
    await env.DB.batch(statements);
    const recording = recordingDatabase();
    const listed = await listInvitationRequests(recording.db, { limit: 1000 });
    expect(listed).toHaveLength(400);
    expect(listed.every((request) => request.history.length === 1 && request.joined.length === 1)).toBe(true);
    expect(recording.prepared).toHaveLength(3);
  });

  it("exports the filtered pipeline as a private CSV attachment, formula cells made text", async () => {
    await waitlistTwo();
    const execution = createExecutionContext();
    const response = await csvLoader(
      loaderArgs(`/concierge/applications.csv?stage=waitlisted&q=${encodeURIComponent("waiting")}`, execution),
    );
    await waitOnExecutionContext(execution);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="applications.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",Second Waiting,");
    expect(lines[1]).toContain(",Waitlisted,Platinum,");
    expect(lines[2]).toContain(",'=First Waiting,");
    expect(lines[2]).toMatch(/,1,,,,1$/);
    // The export is audited: who, how many rows and the stage; not the search, which may be an email.
    const events = await env.DB.prepare("SELECT event_type, user_id, metadata FROM security_events").all<Record<string, string>>();
    expect(events.results).toEqual([expect.objectContaining({ event_type: "sensitive_read", user_id: conciergeId })]);
    expect(JSON.parse(events.results[0]!.metadata!).details).toMatchObject({
      export: "applications.csv",
      rows: 2,
      stage: "waitlisted",
      searched: true,
    });
    expect(events.results[0]!.metadata).not.toContain("waiting");
  });
});
