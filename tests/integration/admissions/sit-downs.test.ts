import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberContext, requestContext } from "#app/context.ts";
import { action as slotsAction, loader as slotsLoader } from "#app/features/admissions/routes/sit-downs.tsx";
import { action as bookingAction, loader as bookingLoader } from "#app/features/admissions/routes/sit-down-booking.ts";
import { loader as applicationLoader } from "#app/features/admissions/routes/application.tsx";
import { loader as calendarLoader } from "#app/features/admissions/routes/sit-down-calendar.ts";
import { loadSitDownPanel } from "#app/features/admissions/sit-downs.server.ts";
import { sitDownOutcomes } from "#app/features/admissions/sit-down-panel.tsx";
import { CAPPED_EMAILS_PER_DAY } from "#worker/shared/email-cap.ts";
import { action as requestsAction } from "#app/features/admissions/routes/requests.tsx";
import { applicationCookie } from "#worker/features/admissions/application-cookie.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { deleteExpiredRecords } from "#worker/features/operations/data-retention.ts";
import { workerConfig } from "#worker/config.ts";
import fc from "fast-check";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  formBody,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  readRow,
  routerContext,
  substitute,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import {
  bookSitDown,
  cancelSitDown,
  inviteToSitDown,
  listSitDownSlots,
  publishSitDownSlot,
  removeSitDownSlot,
  sitDownChoices,
  SIT_DOWN_HORIZON_DAYS,
} from "#worker/features/admissions/sit-downs.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import {
  clearApplicationTables,
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
  await clearApplicationTables();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
  // The pages read the clock: they run at `now`, whatever day the tests run on.
  vi.useFakeTimers({ now, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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

  const remove = (slotId: string, at = now) => removeSitDownSlot(env.DB, { slotId, conciergeId, now: at });

  it("removes an open slot, never one an applicant under consideration has booked", async () => {
    const open = await publish("2026-12-01T02:00:00.000Z");
    const taken = await publish("2026-12-01T03:00:00.000Z");
    const applicant = await invitedApplicant();
    expect((await book(applicant.id, taken)).ok).toBe(true);

    expect(await remove(taken)).toBe("booked");
    expect(await remove(open)).toBe("removed");
    expect(await remove(open)).toBe("not-found");
    expect(await env.DB.prepare("SELECT id FROM sit_down_slots").all()).toMatchObject({ results: [{ id: taken }] });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: taken }]);
    expect(await countRows("application_events", "kind = 'sit_down_cancelled'")).toBe(0);
  });

  it("frees a slot ahead held by an application decided since, cancelling its booking in the concierge's name", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    await book(applicant.id, slot);
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined' WHERE id = ?").bind(applicant.id).run();
    // Once the slot has begun, the booking is part of the application's story and stays.
    expect(await remove(slot, Date.parse("2026-12-01T02:00:00.000Z"))).toBe("booked");

    expect(await remove(slot)).toBe("removed");
    expect(await countRows("sit_down_slots")).toBe(0);
    expect(await bookings()).toEqual([]);
    expect((await events(applicant.id)).at(-1)).toEqual({
      kind: "sit_down_cancelled",
      actor_id: conciergeId,
      detail: "Kickback Lounge, Nov 30, 2026, 6:00 PM PST (45 min)",
    });
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
      { kind: "sit_down_booked", actor_id: null, detail: "Business Lounge, Nov 30, 2026, 6:30 PM PST (60 min)" },
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
      detail: "Kickback Lounge, Nov 30, 2026, 6:00 PM PST (45 min)",
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

describe("retention", () => {
  it("deletes a sit-down booking with its request, 730 days after the decision, and keeps the others", async () => {
    const oldSlot = await publish("2026-12-01T02:00:00.000Z");
    const slot = await publish("2026-12-02T02:00:00.000Z");
    const decidedLongAgo = await invitedApplicant();
    const current = await invitedApplicant();
    await book(decidedLongAgo.id, oldSlot);
    await book(current.id, slot);
    await env.DB.prepare("UPDATE invitation_requests SET status = 'declined', decided_at = ? WHERE id = ?")
      .bind("2026-12-03T00:00:00.000Z", decidedLongAgo.id)
      .run();
    await deleteExpiredRecords(env.DB, Date.parse("2028-12-04T00:00:00.000Z"));
    expect(await bookings()).toEqual([{ request_id: current.id, slot_id: slot }]);
  });
});

describe("what the status page shows", () => {
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
});

// ---------------------------------------------------------------------------------------------
// The pages: the concierge's slots, the applicant's booking forms and calendar file, the card's invitation.

const origin = "https://emberandoak.test";

/** A route's arguments as React Router passes them; `settle` waits for the security events written after the answer. */
function routeArgs(request: Request, member?: { id: string; email: string; name: string }) {
  const pending: Promise<unknown>[] = [];
  const context = new RouterContextProvider();
  const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => {} };
  context.set(requestContext, createRequestContext(env, ctx, request));
  if (member) context.set(memberContext, { ...member, tier: "business", role: "concierge" });
  const url = new URL(request.url);
  return { args: { request, url, pattern: url.pathname, params: {}, context }, settle: () => Promise.allSettled(pending) };
}

const formPost = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });

const concierge = async () => ({ id: conciergeId, email: "elena@example.com", name: "Elena Marsh" });

const sitDownSecurityEvents = async () =>
  (await env.DB.prepare("SELECT user_id, description FROM security_events WHERE event_type = 'admissions_sit_down' ORDER BY id").all())
    .results;

/** The Cookie header a browser sends once the applicant's link was opened on it. */
const applicantCookie = async (requestId: string) => (await applicationCookie(testSigningKey(), requestId)).split(";")[0]!;

describe("the concierge's sit-down page", () => {
  it("publishes a slot from a Portland date and time, audited", async () => {
    const { args, settle } = routeArgs(
      formPost("/concierge/sit-downs", { intent: "publish", lounge: "platinum", day: "2027-01-15", time: "19:30", minutes: "60" }),
      await concierge(),
    );
    const answer = await answerOf(() => slotsAction(args));
    expect(answer).toMatchObject({
      status: 200,
      data: {
        form: "publish",
        ok: true,
        toast: { title: "Slot Published", description: "Platinum Lounge, Friday, January 15 at 7:30 PM PST, 60 minutes." },
      },
    });
    expect(await env.DB.prepare("SELECT lounge, starts_at, minutes, created_by FROM sit_down_slots").all()).toMatchObject({
      results: [{ lounge: "platinum", starts_at: "2027-01-16T03:30:00.000Z", minutes: 60, created_by: conciergeId }],
    });
    await settle();
    expect(await sitDownSecurityEvents()).toEqual([{ user_id: conciergeId, description: "sit-down slot published" }]);
  });

  it("answers a bad, past or overlapping slot with the field's message, storing nothing more", async () => {
    await publish("2027-01-16T03:30:00.000Z", "platinum");
    const attempt = async (fields: Record<string, string>) => {
      const { args } = routeArgs(formPost("/concierge/sit-downs", { intent: "publish", ...fields }), await concierge());
      return answerOf(() => slotsAction(args));
    };
    expect(await attempt({ lounge: "cellar", day: "2027-01-15", time: "19:30", minutes: "45" })).toMatchObject({
      status: 400,
      data: { form: "publish", ok: false, fieldErrors: { lounge: "Choose a lounge." } },
    });
    expect(await attempt({ lounge: "kickback", day: "2020-01-15", time: "19:30", minutes: "45" })).toMatchObject({
      status: 409,
      data: { fieldErrors: { time: "That time has passed. Choose a time ahead." } },
    });
    expect(await attempt({ lounge: "platinum", day: "2027-01-15", time: "20:00", minutes: "45" })).toMatchObject({
      status: 409,
      data: { fieldErrors: { time: "Another slot in this lounge overlaps that time. Choose another time or length." } },
    });
    expect(await countRows("sit_down_slots")).toBe(1);
  });

  it("removes an open slot (audited) and keeps a booked one", async () => {
    const open = await publish("2026-12-01T02:00:00.000Z");
    const booked = await publish("2026-12-02T02:00:00.000Z");
    const applicant = await invitedApplicant();
    await book(applicant.id, booked);
    const remove = async (slotId: string) => {
      const { args, settle } = routeArgs(formPost("/concierge/sit-downs", { intent: "remove", slotId }), await concierge());
      const answer = await answerOf(() => slotsAction(args));
      await settle();
      return answer;
    };
    expect(await remove(booked)).toMatchObject({
      status: 409,
      data: {
        form: booked,
        ok: false,
        error: "An applicant under consideration has booked this slot, so it stays. They can cancel it from their application page.",
      },
    });
    expect(await remove(open)).toMatchObject({ status: 200, data: { form: open, ok: true, toast: { title: "Slot Removed" } } });
    expect(await remove(open)).toMatchObject({ status: 404, data: { error: "This slot no longer exists." } });
    expect(await countRows("sit_down_slots")).toBe(1);
    expect(await sitDownSecurityEvents()).toEqual([{ user_id: conciergeId, description: "sit-down slot removed" }]);
  });

  it("lists today's booked sit-downs first, then every slot from the start of today with who booked it", async () => {
    vi.setSystemTime(Date.parse("2026-12-01T20:00:00.000Z")); // noon in Portland
    // Portland's December 1: one this morning (begun), one tonight; then one on December 2.
    const morning = await publish("2026-12-01T17:00:00.000Z");
    const tonight = await publish("2026-12-02T03:00:00.000Z", "business");
    const tomorrow = await publish("2026-12-02T20:00:00.000Z");
    const applicant = await invitedApplicant({ name: "Avery Hale", email: "avery@example.com" });
    await book(applicant.id, tonight);
    const { args } = routeArgs(new Request(`${origin}/concierge/sit-downs`), await concierge());
    const page = await slotsLoader(args);
    expect(page.today).toEqual([
      expect.objectContaining({
        time: "7:00 PM PST",
        lounge: "Business Lounge",
        booking: { name: "Avery Hale", email: "avery@example.com", status: "Under consideration" },
      }),
    ]);
    // Removable: an open slot ahead; not one that has begun, nor one an applicant under consideration holds.
    expect(page.slots.map((slot) => [slot.id, slot.day, slot.removable])).toEqual([
      [morning, "Tuesday, December 1", false],
      [tonight, "Tuesday, December 1", false],
      [tomorrow, "Wednesday, December 2", true],
    ]);
  });
});

describe("the card's 'Invite to a Sit-Down'", () => {
  it("invites, emails and audits once; a second press is refused beside the card's invitation", async () => {
    const request = await insertInvitationRequest({ email: "avery@example.com" });
    const invite = async () => {
      const { args, settle } = routeArgs(formPost("/concierge", { intent: "invite-sit-down", requestId: request.id }), await concierge());
      const answer = await answerOf(() => requestsAction(args));
      await settle();
      return answer;
    };
    expect(await invite()).toMatchObject({
      status: 200,
      data: { form: `sit-down:${request.id}`, ok: true, toast: { title: "Sit-Down Invitation Sent" } },
    });
    expect(await invite()).toMatchObject({
      status: 409,
      data: {
        form: `sit-down:${request.id}`,
        ok: false,
        error: "This applicant has already been invited to a sit-down, perhaps in another tab.",
      },
    });
    expect(await emailsTo("avery@example.com")).toHaveLength(1);
    expect(await sitDownSecurityEvents()).toEqual([{ user_id: conciergeId, description: "applicant invited to book a sit-down" }]);
  });
});

describe("the applicant's sit-down forms", () => {
  // Each booking as a form freshly shown, with its own key (docs/product-rules.md#a-form-is-one-intent).
  const post = async (fields: Record<string, string>, cookie?: string) => {
    const sent = fields.intent === "book" ? { formKey: crypto.randomUUID(), ...fields } : fields;
    const { args } = routeArgs(formPost("/application/sit-down", sent, cookie));
    const answer = await answerOf(() => bookingAction(args));
    return { status: answer.status, location: answer.headers.get("Location") };
  };

  it("books, moves and cancels for the application the cookie names, answering with a redirect naming the outcome", async () => {
    const first = await publish("2026-12-01T02:00:00.000Z");
    const second = await publish("2026-12-02T02:00:00.000Z");
    const applicant = await invitedApplicant();
    const cookie = await applicantCookie(applicant.id);

    expect(await post({ intent: "book", slotId: first }, cookie)).toEqual({ status: 303, location: "/application?sitDown=booked" });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: first }]);
    expect(await post({ intent: "book", slotId: second }, cookie)).toEqual({ status: 303, location: "/application?sitDown=booked" });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: second }]);
    expect(await post({ intent: "cancel" }, cookie)).toEqual({ status: 303, location: "/application?sitDown=cancelled" });
    expect(await bookings()).toEqual([]);
    expect(await post({ intent: "cancel" }, cookie)).toEqual({ status: 303, location: "/application?sitDown=not-booked" });
  });

  it("books once when the same form is sent again after its success", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    const cookie = await applicantCookie(applicant.id);
    const form = { intent: "book", slotId: slot, formKey: crypto.randomUUID() };
    expect(await post(form, cookie)).toEqual({ status: 303, location: "/application?sitDown=booked" });
    expect(await post(form, cookie)).toEqual({ status: 303, location: "/application?sitDown=sent-before" });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: slot }]);
    expect(await emailsTo(applicant.email)).toHaveLength(2);
  });

  it("names a taken slot and a bad choice, and without the cookie books nothing", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const other = await invitedApplicant();
    await book(other.id, slot);
    const applicant = await invitedApplicant();
    const cookie = await applicantCookie(applicant.id);
    expect(await post({ intent: "book", slotId: slot }, cookie)).toEqual({ status: 303, location: "/application?sitDown=taken" });
    expect(await post({ intent: "book" }, cookie)).toEqual({ status: 303, location: "/application?sitDown=choose" });
    expect(await post({ intent: "book", slotId: "' OR 1=1 --" }, cookie)).toEqual({ status: 303, location: "/application?sitDown=choose" });
    const open = await publish("2026-12-03T02:00:00.000Z");
    expect(await post({ intent: "book", slotId: open })).toEqual({ status: 303, location: "/application" });
    expect(await post({ intent: "book", slotId: open }, "ember_application=forged.0000")).toEqual({
      status: 303,
      location: "/application",
    });
    expect(await bookings()).toEqual([{ request_id: other.id, slot_id: slot }]);
  });

  it("moves as often as asked but emails at most five confirmations a day, then says no more email today", async () => {
    const first = await publish("2026-12-01T02:00:00.000Z");
    const second = await publish("2026-12-02T02:00:00.000Z");
    const applicant = await invitedApplicant({ email: "avery@example.com" });
    const cookie = await applicantCookie(applicant.id);
    const outcomes: Array<string | null> = [];
    // Twenty moves between two slots queued twenty-two emails before the cap.
    for (let move = 0; move < 20; move += 1) {
      outcomes.push((await post({ intent: "book", slotId: move % 2 === 0 ? first : second }, cookie)).location);
    }
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill("/application?sitDown=booked"));
    expect(outcomes.slice(5)).toEqual(Array(15).fill("/application?sitDown=booked-not-emailed"));
    // Every move happened; the concierge's invitation is not an applicant's email and does not count.
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: second }]);
    expect(await countRows("application_events", "kind = 'sit_down_booked'")).toBe(20);
    expect((await emailsTo("avery@example.com")).map((email) => email.subject)).toEqual([
      "Choose a time for your sit-down at Ember & Oak Society",
      ...Array(5).fill("Your sit-down at Ember & Oak Society is booked"),
    ]);
    expect(sitDownOutcomes["booked-not-emailed"].toast.description).toContain("no confirmation will be emailed again today");
  });

  it("sends a visit (GET) to the status page, changing nothing", async () => {
    const answer = await answerOf(async () => bookingLoader());
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/application");
  });

  it("acts on the application a repeat submission joined", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    const repeat = await insertInvitationRequest();
    await env.DB.prepare("UPDATE invitation_requests SET status = 'joined', joined_to = ? WHERE id = ?")
      .bind(applicant.id, repeat.id)
      .run();
    expect(await post({ intent: "book", slotId: slot }, await applicantCookie(repeat.id))).toEqual({
      status: 303,
      location: "/application?sitDown=booked",
    });
    expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: slot }]);
  });

  it("shows the status page's sit-down once the applicant is invited, and none before", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const request = await insertInvitationRequest();
    const statusPage = async () => {
      const { args } = routeArgs(new Request(`${origin}/application`, { headers: { Cookie: await applicantCookie(request.id) } }));
      return (await answerOf(() => applicationLoader(args))).data as { sitDown: unknown };
    };
    expect((await statusPage()).sitDown).toBeNull();
    await inviteToSitDown(env.DB, { ...links(), requestId: request.id, conciergeId, now });
    expect((await statusPage()).sitDown).toMatchObject({
      booked: null,
      lounges: [{ slug: "kickback", days: [{ slots: [{ id: slot }] }] }],
    });
  });

  it("gives the status page its open times by lounge and day, in Portland time, and the booking", async () => {
    const booked = await publish("2026-12-01T02:00:00.000Z", "platinum");
    const evening = await publish("2026-12-01T03:00:00.000Z");
    const nextDay = await publish("2026-12-02T03:00:00.000Z");
    const business = await publish("2026-12-01T03:00:00.000Z", "business", 60);
    const applicant = await invitedApplicant();
    await book(applicant.id, booked);
    expect(await loadSitDownPanel(env.DB, applicant.id, now)).toEqual({
      booked: { when: "Monday, November 30, 2026 at 6:00 PM PST", place: "Platinum Lounge, Northwest 23rd, Portland, Oregon", minutes: 45 },
      lounges: [
        {
          slug: "kickback",
          name: "Kickback Lounge",
          neighbourhood: "Pearl District",
          days: [
            { label: "Monday, November 30", slots: [{ id: evening, time: "7:00 PM PST", minutes: 45 }] },
            { label: "Tuesday, December 1", slots: [{ id: nextDay, time: "7:00 PM PST", minutes: 45 }] },
          ],
        },
        {
          slug: "business",
          name: "Business Lounge",
          neighbourhood: "Downtown, near Pioneer Courthouse Square",
          days: [{ label: "Monday, November 30", slots: [{ id: business, time: "7:00 PM PST", minutes: 60 }] }],
        },
      ],
    });
    expect(await loadSitDownPanel(env.DB, (await insertInvitationRequest()).id, now)).toBeNull();
  });
});

describe("the calendar file", () => {
  const download = async (cookie?: string) => {
    const { args } = routeArgs(new Request(`${origin}/application/sit-down.ics`, { headers: cookie ? { Cookie: cookie } : {} }));
    return (await calendarLoader(args)) as Response;
  };

  /** The file as a calendar app reads it (ical.js, the parser of Thunderbird). */
  const parse = (text: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);

  it("is the booked sit-down in UTC, a download never cached, that a calendar app reads back exactly", async () => {
    const slot = await publish("2026-12-01T02:30:00.000Z", "business", 60);
    const applicant = await invitedApplicant();
    await book(applicant.id, slot);
    const response = await download(await applicantCookie(applicant.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ember-and-oak-sit-down.ics"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();

    // RFC 5545: CRLF line ends, no line over 75 octets, UTC date-times.
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain("\r\nDTSTART:20261201T023000Z\r\n");
    expect(text).toContain("\r\nDTEND:20261201T033000Z\r\n");

    const event = parse(text);
    expect(event.uid).toBe(`sit-down-${applicant.id}@${new URL(workerConfig(env).SITE_URL).hostname}`);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-01T02:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(event.summary).toBe("Sit-down at Ember & Oak Society");
    expect(event.location).toBe("Business Lounge, Downtown, near Pioneer Courthouse Square, Portland, Oregon");
    expect(event.description).toContain("\nPlease bring a valid government-issued photo ID.\n");
    expect(event.sequence).toBe(0);
    // The status link is a secret: calendars are shared and synced.
    expect(text).not.toContain("/application");
  });

  it("keeps its UID when the booking moves, with a higher SEQUENCE, so the calendar updates the event", async () => {
    const first = await publish("2026-12-01T02:00:00.000Z");
    const second = await publish("2026-12-03T02:00:00.000Z", "platinum");
    const applicant = await invitedApplicant();
    const cookie = await applicantCookie(applicant.id);
    await book(applicant.id, first);
    const before = parse(await (await download(cookie)).text());
    expect(parse(await (await download(cookie)).text()).uid).toBe(before.uid);
    await book(applicant.id, second, now + HOUR);
    const after = parse(await (await download(cookie)).text());
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(1);
    expect(after.startDate.toJSDate().toISOString()).toBe("2026-12-03T02:00:00.000Z");
    expect(after.location).toBe("Platinum Lounge, Northwest 23rd, Portland, Oregon");
  });

  it("answers 404 without a booking or without the cookie", async () => {
    const slot = await publish("2026-12-01T02:00:00.000Z");
    const applicant = await invitedApplicant();
    expect((await download(await applicantCookie(applicant.id))).status).toBe(404);
    await book(applicant.id, slot);
    const anonymous = await download();
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get("Cache-Control")).toBe("private, no-store");
    expect(anonymous.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await anonymous.text()).toBe("No sit-down is booked for this application.");
  });
});

describe("the sit-down forms (fuzzed)", () => {
  const outcomes =
    /^\/application(\?sitDown=(booked|booked-not-emailed|cancelled|taken|gone|choose|started|closed|not-booked|sent-before))?$/;

  it(
    "the applicant's forms answer every body with a redirect to a known outcome; nobody else's booking moves and every booking has its email, up to the day's cap",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const open = await publish("2026-12-01T02:00:00.000Z");
      const taken = await publish("2026-12-02T02:00:00.000Z");
      const other = await invitedApplicant();
      await book(other.id, taken);
      const applicant = await invitedApplicant({ email: "fuzz.applicant@example.com" });
      const cookie = await applicantCookie(applicant.id);
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx);
      const fields = {
        intent: fc.constantFrom("book", "cancel", "Book", "", "invite-sit-down"),
        formKey: fc.oneof(fc.uuid().map(String), fc.constantFrom("", "not-a-uuid")),
        slotId: fc.oneof(fc.constantFrom("__OPEN__", "__TAKEN__", crypto.randomUUID(), ` __OPEN__`), fuzzString),
      };
      await fc.assert(
        fc.asyncProperty(formBody(fields), fc.boolean(), async (generated, withCookie) => {
          const submission = substitute(generated, { __OPEN__: open, __TAKEN__: taken });
          const answer = await answerOf(async () =>
            bookingAction(actionArgs("/application/sit-down", submission, context, {}, withCookie ? { Cookie: cookie } : {})),
          );
          await execution.settle();
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect(answer.status).toBe(303);
          expect(answer.headers.get("Location")).toMatch(outcomes);
          expect(await bookings()).toContainEqual({ request_id: other.id, slot_id: taken });
          const mine = await readRow(
            `SELECT (SELECT COUNT(*) FROM sit_down_bookings WHERE request_id = ?1) AS held,
                    (SELECT COUNT(*) FROM application_events WHERE request_id = ?1 AND kind = 'sit_down_booked') AS booked,
                    (SELECT COUNT(*) FROM outbox WHERE recipient = 'fuzz.applicant@example.com') AS emails`,
            applicant.id,
          );
          expect(mine.held).toBeLessThanOrEqual(1);
          // The invitation, then one confirmation per booking, up to the address's daily cap (the fuzz runs in one day).
          expect(mine.emails).toBe(Math.min(Number(mine.booked), CAPPED_EMAILS_PER_DAY) + 1);
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );

  it(
    "the concierge's slot form answers every body with a clear outcome; slots change only with a success, and a held slot is never removed",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const held = await publish("2026-12-01T02:00:00.000Z");
      const applicant = await invitedApplicant();
      await book(applicant.id, held);
      const removable = await publish("2026-12-05T02:00:00.000Z", "business");
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx, { ...(await concierge()), tier: "business", role: "concierge" });
      const fields = {
        intent: fc.constantFrom("publish", "remove", "Publish", ""),
        lounge: fc.oneof(fc.constantFrom("kickback", "business", "platinum", "cellar"), fuzzString),
        day: fc.oneof(
          fc
            .date({ min: new Date("2026-11-20"), max: new Date("2027-03-31"), noInvalidDate: true })
            .map((date) => date.toISOString().slice(0, 10)),
          fc.constantFrom("2026-03-08", "2026-02-30", ""),
          fuzzString,
        ),
        time: fc.oneof(
          fc
            .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 60 }))
            .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
          fuzzString,
        ),
        minutes: fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fuzzString),
        slotId: fc.oneof(fc.constantFrom("__HELD__", "__REMOVABLE__", crypto.randomUUID()), fuzzString),
      };
      const slotCount = () => countRows("sit_down_slots");
      await fc.assert(
        fc.asyncProperty(formBody(fields), async (generated) => {
          const submission = substitute(generated, { __HELD__: held, __REMOVABLE__: removable });
          const before = await slotCount();
          const answer = await answerOf(async () => slotsAction(actionArgs("/concierge/sit-downs", submission, context, {})));
          await execution.settle();
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          const after = await slotCount();
          if (answer.status === 200) {
            expect(answer.data).toMatchObject({ ok: true });
            expect(Math.abs(after - before)).toBe(1);
          } else {
            expect([400, 404, 409]).toContain(answer.status);
            expectClearActionResult(answer.data);
            expect(after).toBe(before);
          }
          expect(await bookings()).toEqual([{ request_id: applicant.id, slot_id: held }]);
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
