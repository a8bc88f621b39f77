import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bookSitDown,
  cancelSitDown,
  inviteToSitDown,
  listSitDownSlots,
  publishSitDownSlot,
  removeSitDownSlot,
  sitDownChoices,
  sitDownSummaries,
  SIT_DOWN_HORIZON_DAYS,
} from "#worker/features/admissions/sit-downs.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import {
  clearAdmissionTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
} from "#tests/integration/support/concierge-fixtures.ts";

/**
 * Sit-downs (docs/product-rules.md#sit-downs) against the real D1: the concierge's slots, the
 * invitation, and the applicant's booking, decided by the database's unique indexes.
 */
const siteUrl = "https://emberandoak.test";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed "now" for every step; slots are published a few days after it. */
const now = Date.parse("2026-11-24T18:00:00.000Z");
let conciergeId = "";

beforeEach(async () => {
  await clearAdmissionTables();
  await env.DB.batch(["sit_down_bookings", "sit_down_slots", "application_events"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const links = () => ({ siteUrl, signingKey: testSigningKey() });

async function publish(startsAt: string, lounge: "kickback" | "business" | "platinum" = "kickback", minutes = 45) {
  const published = await publishSitDownSlot(env.DB, { lounge, startsAt, minutes, conciergeId, now });
  if (!published.ok) throw new Error(`slot at ${startsAt} not published: ${published.reason}`);
  return published.slotId;
}

/** A new request whose applicant the concierge has invited to a sit-down. */
async function invitedApplicant(fields: Parameters<typeof insertInvitationRequest>[0] = {}) {
  const request = await insertInvitationRequest(fields);
  const invited = await inviteToSitDown(env.DB, { ...links(), requestId: request.id, conciergeId, now });
  if (!invited.ok) throw new Error(`not invited: ${invited.reason}`);
  return request;
}

const book = (requestId: string, slotId: string, at = now) => bookSitDown(env.DB, { ...links(), requestId, slotId, now: at });

const events = async (requestId: string) =>
  (await env.DB.prepare("SELECT kind, actor_id, detail FROM application_events WHERE request_id = ? ORDER BY id").bind(requestId).all())
    .results;

const bookings = async () => (await env.DB.prepare("SELECT request_id, slot_id FROM sit_down_bookings ORDER BY booked_at").all()).results;

const emailsTo = async (recipient: string) =>
  (
    await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id")
      .bind(recipient)
      .all<{ subject: string; body: string }>()
  ).results;

describe("the concierge's slots", () => {
  it("publishes a slot per lounge; the same time in another lounge is a slot of its own", async () => {
    const startsAt = "2026-12-01T02:00:00.000Z";
    const kickback = await publish(startsAt, "kickback");
    const platinum = await publish(startsAt, "platinum", 60);
    const stored = await env.DB.prepare("SELECT id, lounge, starts_at, minutes, created_by FROM sit_down_slots ORDER BY lounge").all();
    expect(stored.results).toEqual([
      { id: kickback, lounge: "kickback", starts_at: startsAt, minutes: 45, created_by: conciergeId },
      { id: platinum, lounge: "platinum", starts_at: startsAt, minutes: 60, created_by: conciergeId },
    ]);
  });

  it("refuses a slot that has begun, and one overlapping another in the same lounge, storing nothing", async () => {
    await publish("2026-12-01T02:00:00.000Z");
    const attempt = (startsAt: string, minutes = 45) =>
      publishSitDownSlot(env.DB, { lounge: "kickback", startsAt, minutes, conciergeId, now });
    expect(await attempt(new Date(now).toISOString())).toEqual({ ok: false, reason: "past" });
    expect(await attempt(new Date(now - HOUR).toISOString())).toEqual({ ok: false, reason: "past" });
    // Same start; starting inside it; ending inside it; spanning it.
    expect(await attempt("2026-12-01T02:00:00.000Z")).toEqual({ ok: false, reason: "overlaps" });
    expect(await attempt("2026-12-01T02:44:00.000Z")).toEqual({ ok: false, reason: "overlaps" });
    expect(await attempt("2026-12-01T01:30:00.000Z")).toEqual({ ok: false, reason: "overlaps" });
    expect(await attempt("2026-12-01T01:00:00.000Z", 180)).toEqual({ ok: false, reason: "overlaps" });
    expect(await countRows("sit_down_slots")).toBe(1);
    // Back to back is fine: one ends as the next begins.
    expect((await attempt("2026-12-01T02:45:00.000Z")).ok).toBe(true);
    expect((await attempt("2026-12-01T01:15:00.000Z")).ok).toBe(true);
  });

  it("stores one of ten overlapping slots published at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        publishSitDownSlot(env.DB, {
          lounge: "business",
          startsAt: new Date(Date.parse("2026-12-02T18:00:00.000Z") + index * 60_000).toISOString(),
          minutes: 45,
          conciergeId,
          now,
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "overlaps")).toHaveLength(9);
    expect(await countRows("sit_down_slots")).toBe(1);
  });

  it("removes an open slot, never a booked one", async () => {
    const open = await publish("2026-12-01T02:00:00.000Z");
    const taken = await publish("2026-12-01T03:00:00.000Z");
    const applicant = await invitedApplicant();
    expect((await book(applicant.id, taken)).ok).toBe(true);

    expect(await removeSitDownSlot(env.DB, taken)).toBe("booked");
    expect(await removeSitDownSlot(env.DB, open)).toBe("removed");
    expect(await removeSitDownSlot(env.DB, open)).toBe("not-found");
    expect(await env.DB.prepare("SELECT id FROM sit_down_slots").all()).toMatchObject({ results: [{ id: taken }] });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: taken }]);
  });

  it("lists the slots from a time on, soonest first, with who booked each", async () => {
    const earlier = await publish("2026-11-25T18:00:00.000Z", "platinum");
    const later = await publish("2026-11-26T18:00:00.000Z");
    const applicant = await invitedApplicant({ name: "Avery Hale", email: "avery@example.com" });
    await book(applicant.id, later);
    expect(await listSitDownSlots(env.DB, "2026-11-25T00:00:00.000Z")).toEqual([
      { id: earlier, lounge: "platinum", startsAt: "2026-11-25T18:00:00.000Z", minutes: 45, booking: null },
      {
        id: later,
        lounge: "kickback",
        startsAt: "2026-11-26T18:00:00.000Z",
        minutes: 45,
        booking: { requestId: applicant.id, name: "Avery Hale", email: "avery@example.com", status: "new" },
      },
    ]);
    expect(await listSitDownSlots(env.DB, "2026-11-26T00:00:00.000Z")).toHaveLength(1);
  });
});

describe("inviting an applicant to a sit-down", () => {
  it("in one batch: marks the request invited, records who did it, and queues the email with the sealed status link", async () => {
    const request = await insertInvitationRequest({ name: "Avery <Hale>", email: " Avery.Hale@Example.COM " });
    const invited = await inviteToSitDown(env.DB, { ...links(), requestId: request.id, conciergeId, now });
    expect(invited).toMatchObject({ ok: true, email: "avery.hale@example.com" });

    expect(await env.DB.prepare("SELECT sit_down_invited_at FROM invitation_requests WHERE id = ?").bind(request.id).first()).toEqual({
      sit_down_invited_at: new Date(now).toISOString(),
    });
    expect(await events(request.id)).toEqual([{ kind: "sit_down_invited", actor_id: conciergeId, detail: null }]);
    const [email] = await emailsTo("avery.hale@example.com");
    expect(email?.subject).toBe("Choose a time for your sit-down at Ember & Oak Society");
    expect(email?.body).toContain("Avery &lt;Hale&gt;");
    // The stored body holds the link sealed; the sender opens it into the applicant's status link.
    expect(email?.body).not.toContain("/application#");
    const sent = await unsealSecrets(testSigningKey(), email!.body, escapeMarkup);
    const link = /href="([^"]+)"/.exec(sent)?.[1] ?? "";
    expect(link.startsWith(`${siteUrl}/application#`)).toBe(true);
    expect(await readApplicationStatusToken(testSigningKey(), link)).toBe(request.id);
  });

  it("invites once: a second invitation, or one for a decided request, writes nothing", async () => {
    const request = await invitedApplicant();
    expect(await inviteToSitDown(env.DB, { ...links(), requestId: request.id, conciergeId, now: now + HOUR })).toEqual({
      ok: false,
      reason: "already-invited",
    });
    const declined = await insertInvitationRequest();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined' WHERE id = ?").bind(declined.id).run();
    expect(await inviteToSitDown(env.DB, { ...links(), requestId: declined.id, conciergeId, now })).toEqual({
      ok: false,
      reason: "already-decided",
    });
    expect(await inviteToSitDown(env.DB, { ...links(), requestId: crypto.randomUUID(), conciergeId, now })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events")).toBe(1);
  });

  it("sends one email and records one event when ten invitations of one request arrive at once", async () => {
    const request = await insertInvitationRequest();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => inviteToSitDown(env.DB, { ...links(), requestId: request.id, conciergeId, now })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events", "kind = 'sit_down_invited'")).toBe(1);
  });
});

describe("the applicant's booking", () => {
  it("books an open slot: the booking, its event and the confirmation email with the time, place and sealed link", async () => {
    const slot = await publish("2026-12-01T02:30:00.000Z", "business", 60);
    const applicant = await invitedApplicant({ name: "Avery Hale", email: "avery@example.com" });
    const booked = await book(applicant.id, slot);
    expect(booked).toMatchObject({ ok: true, email: "avery@example.com", slot: { slotId: slot, lounge: "business", minutes: 60 } });

    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: slot }]);
    expect(await events(applicant.id)).toEqual([
      { kind: "sit_down_invited", actor_id: conciergeId, detail: null },
      { kind: "sit_down_booked", actor_id: null, detail: "business 2026-12-01T02:30:00.000Z (60 min)" },
    ]);
    const [, confirmation] = await emailsTo("avery@example.com");
    expect(confirmation?.subject).toBe("Your sit-down at Ember & Oak Society is booked");
    // 02:30 UTC on December 1 is 6:30 PM on November 30 in Portland.
    expect(confirmation?.body).toContain("Monday, November 30, 2026 at 6:30 PM PST (Portland time), for 60 minutes");
    expect(confirmation?.body).toContain("Business Lounge, Downtown, near Pioneer Courthouse Square, Portland, Oregon");
    expect(confirmation?.body).not.toContain("/application#");
    expect(await unsealSecrets(testSigningKey(), confirmation!.body, escapeMarkup)).toContain(`${siteUrl}/application#`);
  });

  it("holds one booking per applicant: choosing another slot moves it and frees the first", async () => {
    const first = await publish("2026-12-01T02:00:00.000Z");
    const second = await publish("2026-12-03T02:00:00.000Z", "platinum");
    const applicant = await invitedApplicant();
    expect((await book(applicant.id, first)).ok).toBe(true);
    expect((await book(applicant.id, second, now + HOUR)).ok).toBe(true);
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: second }]);

    // The first slot is open again: another applicant may take it.
    const other = await invitedApplicant();
    expect((await book(other.id, first)).ok).toBe(true);
    expect((await events(applicant.id)).map((event) => event.kind)).toEqual(["sit_down_invited", "sit_down_booked", "sit_down_booked"]);
  });

  it("choosing one's own slot again writes nothing more", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    await book(applicant.id, slot);
    const again = await book(applicant.id, slot, now + HOUR);
    expect(again).toMatchObject({ ok: true, outboxId: null });
    expect(await countRows("application_events", "kind = 'sit_down_booked'")).toBe(1);
    expect(await countRows("outbox")).toBe(2); // the invitation and the first confirmation
  });

  it("refuses a slot someone else holds, without touching either booking", async () => {
    const mine = await publish("2026-12-01T02:00:00.000Z");
    const theirs = await publish("2026-12-02T02:00:00.000Z");
    const applicant = await invitedApplicant();
    const other = await invitedApplicant();
    await book(applicant.id, mine);
    await book(other.id, theirs);
    const outboxBefore = await countRows("outbox");

    expect(await book(applicant.id, theirs)).toEqual({ ok: false, reason: "taken" });
    expect(await bookings()).toEqual([
      { request_id: applicant.id, slot_id: mine },
      { request_id: other.id, slot_id: theirs },
    ]);
    expect(await countRows("outbox")).toBe(outboxBefore);
    expect(await countRows("application_events", "kind = 'sit_down_booked'")).toBe(2);
  });

  it("gives one slot to exactly one of twenty applicants booking it at once", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicants = await Promise.all(Array.from({ length: 20 }, () => invitedApplicant()));
    const outboxBefore = await countRows("outbox");
    const results = await Promise.all(applicants.map((applicant) => book(applicant.id, slot)));

    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "taken")).toHaveLength(19);
    expect(await countRows("sit_down_bookings")).toBe(1);
    expect(await countRows("application_events", "kind = 'sit_down_booked'")).toBe(1);
    expect(await countRows("outbox")).toBe(outboxBefore + 1);
  });

  it("books only for a new request whose applicant was invited, and only a slot that has not begun", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const notInvited = await insertInvitationRequest();
    expect(await book(notInvited.id, slot)).toEqual({ ok: false, reason: "closed" });
    const decided = await invitedApplicant();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'waitlisted' WHERE id = ?").bind(decided.id).run();
    expect(await book(decided.id, slot)).toEqual({ ok: false, reason: "closed" });

    const applicant = await invitedApplicant();
    expect(await book(applicant.id, slot, Date.parse("2026-12-01T02:00:00.000Z"))).toEqual({ ok: false, reason: "gone" });
    expect(await book(applicant.id, crypto.randomUUID())).toEqual({ ok: false, reason: "gone" });
    expect(await countRows("sit_down_bookings")).toBe(0);
    expect(await countRows("application_events", "kind = 'sit_down_booked'")).toBe(0);
  });

  it("cancels a booking before the slot begins, which opens the slot again", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    await book(applicant.id, slot);
    expect(await cancelSitDown(env.DB, { requestId: applicant.id, now: now + HOUR })).toEqual({ ok: true });
    expect(await bookings()).toEqual([]);
    expect((await events(applicant.id)).at(-1)).toEqual({
      kind: "sit_down_cancelled",
      actor_id: null,
      detail: "kickback 2026-12-01T02:00:00.000Z (45 min)",
    });
    expect(await cancelSitDown(env.DB, { requestId: applicant.id, now })).toEqual({ ok: false, reason: "not-booked" });
    // Rebooking after a cancellation is a booking like the first.
    expect((await book(applicant.id, slot, now + 2 * HOUR)).ok).toBe(true);
  });

  it("keeps a booking whose slot has begun, and one of a request decided since", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    await book(applicant.id, slot);
    expect(await cancelSitDown(env.DB, { requestId: applicant.id, now: Date.parse("2026-12-01T02:10:00.000Z") })).toEqual({
      ok: false,
      reason: "started",
    });
    await env.DB.prepare("UPDATE invitation_requests SET status = 'offered' WHERE id = ?").bind(applicant.id).run();
    expect(await cancelSitDown(env.DB, { requestId: applicant.id, now })).toEqual({ ok: false, reason: "closed" });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: slot }]);
    expect(await countRows("application_events", "kind = 'sit_down_cancelled'")).toBe(0);
  });
});

describe("what the status page and the console card show", () => {
  it("offers an invited applicant the open slots ahead, soonest first, and their own booking", async () => {
    const past = await publish(new Date(now + HOUR).toISOString(), "platinum");
    const soon = await publish("2026-11-26T02:00:00.000Z", "business");
    const taken = await publish("2026-11-27T02:00:00.000Z");
    const mine = await publish("2026-11-28T02:00:00.000Z");
    await publish(new Date(now + (SIT_DOWN_HORIZON_DAYS + 1) * DAY).toISOString());
    const applicant = await invitedApplicant();
    const other = await invitedApplicant();
    await book(other.id, taken);
    await book(applicant.id, mine);

    // Two hours on, the first slot has begun.
    const choices = await sitDownChoices(env.DB, applicant.id, now + 2 * HOUR);
    expect(choices?.booked).toMatchObject({ slotId: mine, lounge: "kickback", startsAt: "2026-11-28T02:00:00.000Z" });
    expect(choices?.open.map((slot) => slot.id)).toEqual([soon]);
    expect(choices?.open.map((slot) => slot.id)).not.toContain(past);
  });

  it("shows no sit-down to an applicant not invited, or whose request is decided", async () => {
    const notInvited = await insertInvitationRequest();
    expect(await sitDownChoices(env.DB, notInvited.id, now)).toBeNull();
    const decided = await invitedApplicant();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined' WHERE id = ?").bind(decided.id).run();
    expect(await sitDownChoices(env.DB, decided.id, now)).toBeNull();
  });

  it("summarises each card's sit-down: when the applicant was invited and the slot booked", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const booked = await invitedApplicant();
    await book(booked.id, slot);
    const invited = await invitedApplicant();
    const untouched = await insertInvitationRequest();
    const summaries = await sitDownSummaries(env.DB, [booked.id, invited.id, untouched.id]);
    const invitedAt = new Date(now).toISOString();
    expect(summaries.get(booked.id)).toEqual({
      invitedAt,
      booked: { lounge: "kickback", startsAt: "2026-12-01T02:00:00.000Z", minutes: 45 },
    });
    expect(summaries.get(invited.id)).toEqual({ invitedAt, booked: null });
    expect(summaries.get(untouched.id)).toEqual({ invitedAt: null, booked: null });
  });
});
