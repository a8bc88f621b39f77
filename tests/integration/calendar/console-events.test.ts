import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { calendarBookings, calendarListings, calendarSessions, guestVisits, members, outbox, securityEvents } from "#db/schema.ts";
import * as consoleLayout from "#app/features/concierge/routes/console.tsx";
import * as consoleEvents from "#app/features/calendar/routes/console-events.tsx";
import * as consoleEvent from "#app/features/calendar/routes/console-event.tsx";
import * as consoleAcademy from "#app/features/calendar/routes/console-academy.tsx";
import * as consoleAcademyTerm from "#app/features/calendar/routes/console-academy-term.tsx";
import * as consoleRosterCsv from "#app/features/calendar/routes/console-roster-csv.ts";
import { createWorkerApp } from "#worker/app.ts";
import { listConsoleListings } from "#worker/features/calendar/calendar-console.ts";
import { runCalendarCron } from "#worker/features/calendar/calendar-cron.ts";
import { workerConfig, signingKey } from "#worker/config.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";
import { actionArgs, actionExecutionContext, answerOf, routerContext } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * The calendar's staff pages (docs/product-rules.md#calendar, Staff) against the real D1: events
 * and course terms created, edited and cancelled through the pages' actions as React Router calls
 * them once the console layout's requireConcierge has run, and the pages and the CSV through the
 * real Worker for who may see them.
 */
const database = getDatabase(env.DB);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

beforeEach(async () => {
  await database.batch([
    database.delete(calendarBookings),
    database.delete(calendarSessions),
    database.delete(calendarListings),
    database.delete(guestVisits),
    database.delete(members),
    database.delete(outbox),
    database.delete(securityEvents),
  ]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let created = 0;
async function member(fields: Partial<typeof members.$inferInsert> = {}) {
  created += 1;
  const row = {
    id: crypto.randomUUID(),
    email: `calendar${created}@example.com`,
    name: `Member ${created}`,
    tier: "platinum" as const,
    status: "active" as const,
    ...fields,
  };
  await database.insert(members).values(row);
  return row;
}
const concierge = () => member({ role: "concierge", name: "Elena Marsh" });

/** A Portland date `days` from now, as the form takes it. */
function portlandDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(Date.now() + days * DAY_MS));
}

const eventFields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Connecticut Shade Harvest Dinner",
  description: "Five courses, five cigars.",
  kind: "master-blender-dinner",
  lounge: "platinum",
  day: portlandDate(20),
  startTime: "19:00",
  endTime: "22:30",
  capacity: "10",
  reservedPlaces: "2",
  cutoffHours: "24",
  ...overrides,
});

/**
 * The action of `page` at `path` as the concierge `by` sends the form; a new page's form as freshly
 * shown, with a key of its own unless it names one (docs/product-rules.md#a-form-is-one-intent).
 */
async function submit(
  page: { action: (args: never) => Promise<unknown> },
  path: string,
  params: Record<string, string>,
  by: { id: string; email: string; name: string },
  fields: Record<string, string>,
) {
  const signedIn: SignedInMember = { id: by.id, email: by.email, name: by.name, tier: "platinum", role: "concierge" };
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, signedIn);
  const sent = path.endsWith("/new") ? { formKey: crypto.randomUUID(), ...fields } : fields;
  const answer = await answerOf(async () =>
    page.action(actionArgs(path, { kind: "urlencoded", pairs: Object.entries(sent) }, context, params) as never),
  );
  await execution.settle();
  return answer;
}
const submitEvent = (by: { id: string; email: string; name: string }, fields: Record<string, string>, listingId?: string) =>
  submit(
    consoleEvent,
    listingId ? `/concierge/events/${listingId}` : "/concierge/events/new",
    listingId ? { id: listingId } : {},
    by,
    fields,
  );
const submitTerm = (by: { id: string; email: string; name: string }, fields: Record<string, string>, listingId?: string) =>
  submit(
    consoleAcademyTerm,
    listingId ? `/concierge/academy/${listingId}` : "/concierge/academy/new",
    listingId ? { id: listingId } : {},
    by,
    fields,
  );

const audited = async () =>
  (
    await env.DB.prepare("SELECT event_type, user_id, metadata FROM security_events ORDER BY id").all<{
      event_type: string;
      user_id: string;
      metadata: string;
    }>()
  ).results.map((event) => ({
    eventType: event.event_type,
    userId: event.user_id,
    details: (JSON.parse(event.metadata) as { details: Record<string, unknown> }).details,
  }));

const listingOf = (id: string) => database.select().from(calendarListings).where(eq(calendarListings.id, id)).get();
const idFromLocation = (headers: Headers, base: string) => {
  const match = new RegExp(`^${base}/([0-9a-f-]{36})\\?done=created$`).exec(headers.get("Location") ?? "");
  if (!match) throw new Error(`no listing in ${headers.get("Location")}`);
  return match[1]!;
};

async function booking(listingId: string, memberId: string, fields: Partial<typeof calendarBookings.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await database.insert(calendarBookings).values({
    id,
    listingId,
    memberId,
    status: "confirmed",
    confirmedAt: new Date().toISOString(),
    createdAt: new Date(Date.now() + created).toISOString(),
    ...fields,
  });
  return id;
}

describe("creating and editing an event", () => {
  it("creates the event from Portland times: open now, closing at the cut-off, by the concierge, audited", async () => {
    const staff = await concierge();
    const before = Date.now();
    const answer = await submitEvent(staff, eventFields({ cutoffHours: "48" }));
    expect(answer.status).toBe(303);
    const listingId = idFromLocation(answer.headers, "/concierge/events");
    const listing = (await listingOf(listingId))!;
    expect(listing).toMatchObject({
      kind: "event",
      category: "master-blender-dinner",
      lounge: "platinum",
      capacity: 10,
      reservedPlaces: 2,
      status: "scheduled",
      createdBy: staff.id,
    });
    expect(Date.parse(listing.opensAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(listing.startsAt) - Date.parse(listing.closesAt)).toBe(48 * HOUR_MS);
    expect(Date.parse(listing.endsAt) - Date.parse(listing.startsAt)).toBe(3.5 * HOUR_MS);
    expect(
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", minute: "2-digit" }).format(
        new Date(listing.startsAt),
      ),
    ).toBe("7:00 PM");
    expect(await audited()).toEqual([
      {
        eventType: "calendar_listing_created",
        userId: staff.id,
        details: { listingId, kind: "event", category: "master-blender-dinner", startsAt: listing.startsAt, capacity: 10 },
      },
    ]);
  });

  it("creates the event of a form once when it is sent again after its success (a second press, a resent page)", async () => {
    const staff = await concierge();
    const form = eventFields({ formKey: crypto.randomUUID() });
    const answer = await submitEvent(staff, form);
    expect(answer.status).toBe(303);
    const listingId = idFromLocation(answer.headers, "/concierge/events");
    const again = await submitEvent(staff, form);
    expect({ status: again.status, data: again.data }).toEqual({
      status: 409,
      data: { form: "event", ok: false, error: "This event is already created: it is under All events. Nothing more was done." },
    });
    expect(await database.select({ id: calendarListings.id }).from(calendarListings).all()).toEqual([{ id: listingId }]);
    expect((await audited()).map((event) => event.eventType)).toEqual(["calendar_listing_created"]);
    // A refused form gives its key back: corrected, the same form creates (another event here).
    const refusedForm = eventFields({ formKey: crypto.randomUUID(), day: portlandDate(-2) });
    expect((await submitEvent(staff, refusedForm)).status).toBe(409);
    expect((await submitEvent(staff, { ...refusedForm, day: portlandDate(21) })).status).toBe(303);
  });

  it("refuses a start that has passed, and a form with errors shows each beside its field with the values as typed", async () => {
    const staff = await concierge();
    const past = await submitEvent(staff, eventFields({ day: portlandDate(-2) }));
    expect(past.status).toBe(409);
    expect(past.data).toMatchObject({ ok: false, fieldErrors: { startTime: "That time has passed. Choose a time ahead." } });
    const invalid = await submitEvent(staff, eventFields({ title: "", cutoffHours: "200" }));
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      ok: false,
      fieldErrors: { title: "Enter a title.", cutoffHours: "Enter the cut-off in hours, from 0 to 168." },
      values: { cutoffHours: "200", description: "Five courses, five cigars." },
    });
    expect(await database.select().from(calendarListings).all()).toEqual([]);
    expect(await audited()).toEqual([]);
  });

  it("refuses a capacity below the places booked (members and guests), and reserved places the others' bookings need", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    const [a, b, c] = await Promise.all([member(), member({ tier: "business" }), member({ tier: "business" })]);
    await booking(listingId, a.id, { guests: 2, reserved: true });
    await booking(listingId, b.id, { guests: 1 });
    await booking(listingId, c.id);
    await booking(listingId, (await member()).id, { status: "waitlisted", confirmedAt: null });
    await database.delete(securityEvents);

    // 6 places are booked: 3 by Platinum on reserved places, 3 by the others; one member waits.
    expect(await listConsoleListings(env.DB, "event", "upcoming", Date.now())).toMatchObject([
      { id: listingId, placesBooked: 6, waitlisted: 1, capacity: 10 },
    ]);
    const below = await submitEvent(staff, eventFields({ capacity: "5", reservedPlaces: "0" }), listingId);
    expect(below.status).toBe(409);
    expect(below.data).toMatchObject({ ok: false, fieldErrors: { capacity: "6 places are booked: keep at least 6." } });
    const reserved = await submitEvent(staff, eventFields({ capacity: "8", reservedPlaces: "6" }), listingId);
    expect(reserved.status).toBe(409);
    expect(reserved.data).toMatchObject({
      ok: false,
      fieldErrors: { reservedPlaces: "Members without reserved seating hold 3 places: reserve at most 5." },
    });
    expect(await listingOf(listingId)).toMatchObject({ capacity: 10, reservedPlaces: 2, updatedAt: null });
    expect(await audited()).toEqual([]);

    const exact = await submitEvent(staff, eventFields({ capacity: "6", reservedPlaces: "3", title: "Shade Harvest Dinner" }), listingId);
    expect(exact.status).toBe(200);
    expect(exact.data).toMatchObject({ ok: true, toast: { title: "Event Saved" } });
    expect(await listingOf(listingId)).toMatchObject({ capacity: 6, reservedPlaces: 3, title: "Shade Harvest Dinner" });
    expect(await audited()).toEqual([
      {
        eventType: "calendar_listing_updated",
        userId: staff.id,
        details: { listingId, kind: "event", changed: ["title", "capacity", "reservedPlaces"], capacity: 6, promoted: 0 },
      },
    ]);
  });

  it("raising the places books the waitlist in order into them at once, each promoted member emailed", async () => {
    const staff = await concierge();
    const listingId = idFromLocation(
      (await submitEvent(staff, eventFields({ kind: "tasting-night", capacity: "2", reservedPlaces: "0" }))).headers,
      "/concierge/events",
    );
    const [a, b, first, second, third] = await Promise.all([member(), member(), member(), member(), member()]);
    await booking(listingId, a.id);
    await booking(listingId, b.id);
    const waiting = [];
    for (const person of [first, second, third])
      waiting.push(await booking(listingId, person.id, { status: "waitlisted", confirmedAt: null }));
    await database.delete(securityEvents);

    const answer = await submitEvent(staff, eventFields({ kind: "tasting-night", capacity: "4", reservedPlaces: "0" }), listingId);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { title: "Event Saved", description: "Members see the changes at once. 2 members on the waitlist were booked and emailed." },
    });
    const statuses = await database
      .select({ id: calendarBookings.id, status: calendarBookings.status })
      .from(calendarBookings)
      .where(eq(calendarBookings.listingId, listingId))
      .all();
    const statusOf = (id: string) => statuses.find((row) => row.id === id)?.status;
    expect(waiting.map(statusOf)).toEqual(["confirmed", "confirmed", "waitlisted"]);
    expect((await database.select({ recipient: outbox.recipient }).from(outbox).all()).map((email) => email.recipient).sort()).toEqual(
      [first.email, second.email].sort(),
    );
    expect(await audited()).toMatchObject([{ eventType: "calendar_listing_updated", details: { changed: ["capacity"], promoted: 2 } }]);
  });

  it("keeps the Portland day and lounge of an event whose members registered guests; its time and words may change", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    const host = await member();
    const bookingId = await booking(listingId, host.id, { guests: 1 });
    await database.insert(guestVisits).values({
      id: crypto.randomUUID(),
      hostMemberId: host.id,
      lounge: "platinum",
      day: portlandDate(20),
      guestName: "Marlowe Finch",
      guestKey: "marlowe finch",
      adultConfirmed: true,
      stickFeeWaived: true,
      bookingId,
    });
    const message =
      "Members have registered guests for this event's day and lounge, so it keeps them. To move it, cancel it and publish a new one.";
    for (const moved of [{ day: portlandDate(21) }, { lounge: "business" }] as Record<string, string>[]) {
      const answer = await submitEvent(staff, eventFields(moved), listingId);
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({ ok: false, fieldErrors: { day: message } });
    }
    expect(await listingOf(listingId)).toMatchObject({ lounge: "platinum", updatedAt: null });
    expect((await submitEvent(staff, eventFields({ startTime: "20:00", endTime: "23:00", title: "Later Dinner" }), listingId)).status).toBe(
      200,
    );

    // Once the guest is cancelled, the event may move.
    await database.update(guestVisits).set({ status: "cancelled" });
    expect((await submitEvent(staff, eventFields({ day: portlandDate(21) }), listingId)).status).toBe(200);
  });

  it("refuses to change an event that has ended", async () => {
    const staff = await concierge();
    const listingId = crypto.randomUUID();
    const start = Date.now() - 2 * DAY_MS;
    await database.insert(calendarListings).values({
      id: listingId,
      kind: "event",
      category: "tasting-night",
      title: "Autumn Tasting",
      description: "Done.",
      lounge: "kickback",
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * HOUR_MS).toISOString(),
      capacity: 10,
      opensAt: new Date(start - 10 * DAY_MS).toISOString(),
      closesAt: new Date(start - DAY_MS).toISOString(),
    });
    const answer = await submitEvent(staff, eventFields({ day: portlandDate(-2), title: "Renamed" }), listingId);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, error: "This event has ended: it can no longer be changed." });
    expect(await listingOf(listingId)).toMatchObject({ title: "Autumn Tasting" });
  });

  it("keeps a cancelled event as it was, and answers 404 for an event that does not exist", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    await database.update(calendarListings).set({ status: "cancelled" }).where(eq(calendarListings.id, listingId));
    const cancelled = await submitEvent(staff, eventFields({ capacity: "20" }), listingId);
    expect(cancelled.status).toBe(409);
    expect(cancelled.data).toMatchObject({ ok: false, error: "This event is cancelled: it can no longer be changed." });
    expect((await submitEvent(staff, eventFields(), crypto.randomUUID())).status).toBe(404);
    expect(await listingOf(listingId)).toMatchObject({ capacity: 10 });
  });
});

describe("cancelling an event", () => {
  it("cancels every booking and waitlist place, emails each member exactly once (the cron adds none), and is audited", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    const booked = await Promise.all([member(), member(), member()]);
    const waiting = await member();
    for (const person of booked) await booking(listingId, person.id);
    await booking(listingId, waiting.id, { status: "waitlisted", confirmedAt: null });
    await database.delete(securityEvents);

    const answer = await submitEvent(staff, { intent: "cancel" }, listingId);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/concierge/events/${listingId}?done=cancelled`);
    expect(await listingOf(listingId)).toMatchObject({ status: "cancelled" });
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM calendar_bookings WHERE listing_id = ? AND status <> 'cancelled'")
      .bind(listingId)
      .first<{ n: number }>();
    expect(live!.n).toBe(0);

    const config = workerConfig(env);
    await runCalendarCron({ env, config, signingKey: signingKey(config) }, Date.now());
    const emails = await database.select({ recipient: outbox.recipient }).from(outbox).all();
    expect(emails.map((email) => email.recipient).sort()).toEqual([...booked, waiting].map((person) => person.email).sort());

    expect(await audited()).toEqual([
      { eventType: "calendar_listing_cancelled", userId: staff.id, details: { listingId, kind: "event", bookingsCancelled: 4 } },
    ]);
    const again = await submitEvent(staff, { intent: "cancel" }, listingId);
    expect(again.status).toBe(409);
    expect(await database.select().from(outbox).all()).toHaveLength(4);
  });
});

describe("cancelling one booking", () => {
  it("cancels one member's booking as staff: the member emailed, the waitlist promoted into the place, audited", async () => {
    const staff = await concierge();
    const listingId = idFromLocation(
      (await submitEvent(staff, eventFields({ capacity: "1", reservedPlaces: "0" }))).headers,
      "/concierge/events",
    );
    const [booked, waiting] = await Promise.all([member({ name: "Avery Hale" }), member({ name: "Blair Stone" })]);
    const bookingId = await booking(listingId, booked.id);
    const waitingId = await booking(listingId, waiting.id, { status: "waitlisted", confirmedAt: null });
    await database.delete(securityEvents);

    const answer = await submitEvent(staff, { intent: "cancel-booking", bookingId }, listingId);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/concierge/events/${listingId}?done=booking-cancelled`);
    const status = async (id: string) =>
      database
        .select({ status: calendarBookings.status, by: calendarBookings.cancelledBy })
        .from(calendarBookings)
        .where(eq(calendarBookings.id, id))
        .get();
    expect(await status(bookingId)).toEqual({ status: "cancelled", by: "staff" });
    expect(await status(waitingId)).toEqual({ status: "confirmed", by: null });
    const emails = await database.select({ recipient: outbox.recipient, body: outbox.body }).from(outbox).all();
    expect(emails.map((email) => email.recipient).sort()).toEqual([booked.email, waiting.email].sort());
    expect(emails.find((email) => email.recipient === booked.email)!.body).toContain("The concierge has cancelled your booking");
    expect(await audited()).toEqual([
      {
        eventType: "calendar_booking_cancelled_by_staff",
        userId: staff.id,
        details: { bookingId, listingId, kind: "event", memberId: booked.id, was: "confirmed", promoted: 1 },
      },
    ]);

    // Twice, or a booking of another listing through this one's page: refused, nothing changes.
    expect((await submitEvent(staff, { intent: "cancel-booking", bookingId }, listingId)).status).toBe(409);
    const otherId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    const elsewhere = await booking(otherId, booked.id);
    expect((await submitEvent(staff, { intent: "cancel-booking", bookingId: elsewhere }, listingId)).status).toBe(409);
    expect(await status(elsewhere)).toEqual({ status: "confirmed", by: null });
    expect(await database.select().from(outbox).all()).toHaveLength(2);
  });
});

describe("course terms", () => {
  const termFields = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    course: "blending-terroir",
    title: "Blending & Terroir, spring term",
    description: "Six Wednesday evenings.",
    lounge: "business",
    seats: "8",
    session1Day: portlandDate(40),
    session1Time: "18:00",
    session1Minutes: "120",
    session2Day: portlandDate(30),
    session2Time: "18:00",
    session2Minutes: "120",
    ...overrides,
  });

  it("creates the term of a form once when it is sent again after its success", async () => {
    const staff = await concierge();
    const form = termFields({ formKey: crypto.randomUUID() });
    const termId = idFromLocation((await submitTerm(staff, form)).headers, "/concierge/academy");
    const again = await submitTerm(staff, form);
    expect({ status: again.status, data: again.data }).toEqual({
      status: 409,
      data: { form: "term", ok: false, error: "This term is already created: it is under All terms. Nothing more was done." },
    });
    expect(await database.select({ id: calendarListings.id }).from(calendarListings).all()).toEqual([{ id: termId }]);
    expect(await database.select().from(calendarSessions).all()).toHaveLength(2);
  });

  it("creates a term with its sessions: enrolment opens 21 days before the first and closes as it begins; audited", async () => {
    const staff = await concierge();
    const answer = await submitTerm(staff, termFields());
    expect(answer.status).toBe(303);
    const listingId = idFromLocation(answer.headers, "/concierge/academy");
    const listing = (await listingOf(listingId))!;
    const sessions = await database
      .select()
      .from(calendarSessions)
      .where(eq(calendarSessions.listingId, listingId))
      .orderBy(calendarSessions.startsAt);
    expect(sessions).toHaveLength(2);
    expect(listing).toMatchObject({
      kind: "course",
      category: "blending-terroir",
      capacity: 8,
      reservedPlaces: 0,
      startsAt: sessions[0]!.startsAt,
      endsAt: sessions[1]!.endsAt,
      closesAt: sessions[0]!.startsAt,
      opensAt: new Date(Date.parse(sessions[0]!.startsAt) - 21 * DAY_MS).toISOString(),
    });
    expect((await audited()).map((event) => [event.eventType, event.userId])).toEqual([["calendar_listing_created", staff.id]]);
  });

  it("replaces the sessions on edit, and a refused edit (seats below those taken) changes neither the term nor its sessions", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitTerm(staff, termFields())).headers, "/concierge/academy");
    for (const person of await Promise.all([member(), member(), member()])) await booking(listingId, person.id);
    const sessionsNow = () =>
      database
        .select({ startsAt: calendarSessions.startsAt })
        .from(calendarSessions)
        .where(eq(calendarSessions.listingId, listingId))
        .all();
    const before = await sessionsNow();

    const refused = await submitTerm(staff, termFields({ seats: "2", session2Day: "", session2Time: "" }), listingId);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { seats: "3 seats are booked: keep at least 3." } });
    expect(await sessionsNow()).toEqual(before);
    expect(await listingOf(listingId)).toMatchObject({ capacity: 8 });

    const saved = await submitTerm(staff, termFields({ seats: "3", session2Day: "", session2Time: "" }), listingId);
    expect(saved.status).toBe(200);
    const after = await sessionsNow();
    expect(after).toHaveLength(1);
    expect(await listingOf(listingId)).toMatchObject({ capacity: 3, startsAt: after[0]!.startsAt, closesAt: after[0]!.startsAt });
    expect((await audited()).map((event) => event.eventType)).toEqual(["calendar_listing_created", "calendar_listing_updated"]);
  });

  it("cancels a term through the engine, audited", async () => {
    const staff = await concierge();
    const listingId = idFromLocation((await submitTerm(staff, termFields())).headers, "/concierge/academy");
    const enrolled = await member();
    await booking(listingId, enrolled.id);
    const answer = await submitTerm(staff, { intent: "cancel" }, listingId);
    expect(answer.status).toBe(303);
    expect(await listingOf(listingId)).toMatchObject({ status: "cancelled" });
    expect((await audited()).map((event) => event.eventType)).toEqual(["calendar_listing_created", "calendar_listing_cancelled"]);
    expect((await database.select({ recipient: outbox.recipient }).from(outbox).all()).map((email) => email.recipient)).toEqual([
      enrolled.email,
    ]);
  });

  it("takes a member off a term's waitlist from the term's page, and not from an event's", async () => {
    const staff = await concierge();
    const termId = idFromLocation((await submitTerm(staff, termFields())).headers, "/concierge/academy");
    const waiting = await member();
    const waitingId = await booking(termId, waiting.id, { status: "waitlisted", confirmedAt: null });
    expect((await submitEvent(staff, { intent: "cancel-booking", bookingId: waitingId }, termId)).status).toBe(409);
    const answer = await submitTerm(staff, { intent: "cancel-booking", bookingId: waitingId }, termId);
    expect(answer.headers.get("Location")).toBe(`/concierge/academy/${termId}?done=booking-cancelled`);
    expect((await audited()).at(-1)).toMatchObject({
      eventType: "calendar_booking_cancelled_by_staff",
      details: { bookingId: waitingId, listingId: termId, kind: "course", was: "waitlisted", promoted: 0 },
    });
  });

  it("does not let an event's page edit a term, nor a term's page an event", async () => {
    const staff = await concierge();
    const termId = idFromLocation((await submitTerm(staff, termFields())).headers, "/concierge/academy");
    expect((await submitEvent(staff, eventFields(), termId)).status).toBe(404);
    expect((await submitEvent(staff, { intent: "cancel" }, termId)).status).toBe(404);
    expect(await listingOf(termId)).toMatchObject({ kind: "course", status: "scheduled" });
  });
});

describe("who may see the calendar's staff pages", () => {
  type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
  const build: ServerBuild = {
    entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      concierge: { id: "concierge", parentId: "root", path: "concierge", module: consoleLayout as RouteModule },
      events: { id: "events", parentId: "concierge", path: "events", module: consoleEvents as RouteModule },
      "event-new": { id: "event-new", parentId: "concierge", path: "events/new", module: consoleEvent as RouteModule },
      event: { id: "event", parentId: "concierge", path: "events/:id", module: consoleEvent as RouteModule },
      "event-csv": { id: "event-csv", parentId: "concierge", path: "events/:id.csv", module: consoleRosterCsv as RouteModule },
      academy: { id: "academy", parentId: "concierge", path: "academy", module: consoleAcademy as RouteModule },
      "term-csv": { id: "term-csv", parentId: "concierge", path: "academy/:id.csv", module: consoleRosterCsv as RouteModule },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  const app = createWorkerApp(createRequestHandler(build, "production"));

  async function send(path: string, cookie: string, init: RequestInit = {}): Promise<Response> {
    const context = createExecutionContext();
    const headers = new Headers(init.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await app.fetch(new Request(`http://localhost:8787${path}`, { ...init, headers }), env, context);
    await waitOnExecutionContext(context);
    return response;
  }

  it("a concierge gets the lists, never cached; a member and a visitor get the 404, and their form creates nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const staff = await concierge();
    const plain = await member();
    const staffCookie = (await signedInAs(staff)).cookie;
    const memberCookie = (await signedInAs(plain)).cookie;
    await submitEvent(staff, eventFields({ title: "Winter Tasting Night", kind: "tasting-night", reservedPlaces: "0" }));

    for (const path of ["/concierge/events.data", "/concierge/academy.data"]) {
      const page = await send(path, staffCookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect(await (await send("/concierge/events.data", staffCookie)).text()).toContain("Winter Tasting Night");
    for (const cookie of [memberCookie, ""]) {
      for (const path of ["/concierge/events", "/concierge/academy", "/concierge/events/new"])
        expect((await send(path, cookie)).status).toBe(404);
      const post = await send("/concierge/events/new", cookie, {
        method: "POST",
        headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(eventFields()).toString(),
      });
      expect(post.status).toBe(404);
    }
    expect(await database.select({ title: calendarListings.title }).from(calendarListings).all()).toEqual([
      { title: "Winter Tasting Night" },
    ]);
  });

  it("exports the booked list and waitlist as CSV, a typed formula shown as text; audited; 404 for a member", async () => {
    const staff = await concierge();
    const staffCookie = (await signedInAs(staff)).cookie;
    const listingId = idFromLocation((await submitEvent(staff, eventFields())).headers, "/concierge/events");
    const sly = await member({ name: '=HYPERLINK("http://evil.example","Click")' });
    const waiting = await member({ name: "Blair, Waiting" });
    await booking(listingId, sly.id, { reserved: true });
    await booking(listingId, waiting.id, { status: "waitlisted", confirmedAt: null });
    await database.delete(securityEvents);

    const csv = await send(`/concierge/events/${listingId}.csv`, staffCookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Cache-Control")).toBe("private, no-store");
    // 7 pm in Portland is the next day in UTC: the file is named by the Portland day.
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="event-${portlandDate(20)}.csv"`);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("List,Position,Member,Email,Tier,Guests,Guest names,Reserved place,Booked,From the waitlist");
    expect(lines[1]).toMatch(/^Booked,,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",calendar\d+@example\.com,Platinum,0,,Yes,/);
    expect(lines[2]).toMatch(/^Waitlist,1,"Blair, Waiting",/);
    expect(await audited()).toEqual([
      { eventType: "sensitive_read", userId: staff.id, details: { export: "event.csv", listingId, rows: 2 } },
    ]);

    expect((await send(`/concierge/events/${listingId}.csv`, (await signedInAs(sly)).cookie)).status).toBe(404);
    expect((await send(`/concierge/academy/${listingId}.csv`, staffCookie)).status).toBe(404);
  });
});
