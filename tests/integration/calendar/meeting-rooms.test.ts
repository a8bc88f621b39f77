import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { getDatabase } from "#db/client.ts";
import { meetingRoomBookings, outbox, securityEvents } from "#db/schema.ts";
import {
  bookMeetingRoom,
  cancelMeetingRoomByStaff,
  cancelMeetingRoomReservation,
  meetingRoomReservationsOn,
  memberMeetingRooms,
  type BookRoomInput,
} from "#worker/features/calendar/meeting-rooms.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";
import { actionExecutionContext } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * Meeting rooms (docs/product-rules.md#meeting-rooms) against the real D1: the one INSERT … SELECT
 * of all a booking's hours, the partial unique index that refuses a double booking, the week's
 * hours, cancelling, and the concierge's cancel with its email and audit, with racing requests.
 */
const database = getDatabase(env.DB);

/** Monday, January 6, 2031, 9:00 am in Portland (PST, UTC-8): the week runs to Sunday the 12th. */
const NOW = Date.parse("2031-01-06T17:00:00Z");
const TUESDAY = "2031-01-07";
const HOUR = 60 * 60 * 1000;

beforeEach(async () => {
  await database.batch([database.delete(meetingRoomBookings), database.delete(outbox), database.delete(securityEvents)]);
});

function book(member: SignedInMember, request: Partial<Omit<BookRoomInput, "memberId">> = {}) {
  return bookMeetingRoom(env.DB, { memberId: member.id, room: "alder", day: TUESDAY, startHour: 9, hours: 1, now: NOW, ...request });
}

/** The booked hours, as `room day hour-start member`. */
async function bookedHours(): Promise<string[]> {
  const rows = await database.select().from(meetingRoomBookings).all();
  return rows
    .filter((row) => row.status === "booked")
    .map((row) => `${row.room} ${row.startsAt} ${row.memberId}`)
    .sort();
}

const setMember = (id: string, column: "status" | "dues_status" | "tier", value: string) =>
  env.DB.prepare(`UPDATE members SET ${column} = ? WHERE id = ?`).bind(value, id).run();

describe("booking a meeting room", () => {
  it("stores every hour of a booking under one reservation, on its Portland day", async () => {
    const member = await createMember({ tier: "business" });
    const result = await book(member, { startHour: 9, hours: 3 });
    expect(result).toEqual({
      ok: true,
      reservationId: expect.any(String),
      startsAt: "2031-01-07T17:00:00.000Z",
      endsAt: "2031-01-07T20:00:00.000Z",
    });
    const rows = await database.select().from(meetingRoomBookings).all();
    expect(rows.map((row) => [row.room, row.day, row.startsAt, row.status, row.reservationId])).toEqual(
      ["17", "18", "19"].map((hour) => ["alder", TUESDAY, `2031-01-07T${hour}:00:00.000Z`, "booked", result.ok && result.reservationId]),
    );
  });

  it("lets exactly one of two members take the same room hour at once; the other is told the taken hour", async () => {
    const [ada, grace] = await Promise.all([createMember(), createMember({ tier: "platinum" })]);
    const results = await Promise.all([book(ada, { startHour: 14 }), book(grace, { startHour: 14 })]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "taken", takenAt: "2031-01-07T22:00:00.000Z" });
    expect(await bookedHours()).toHaveLength(1);
  });

  it("refuses a booking that overlaps another by one hour as a whole, and takes the hours beside it", async () => {
    const [ada, grace] = await Promise.all([createMember(), createMember()]);
    expect(await book(ada, { startHour: 9, hours: 2 })).toMatchObject({ ok: true });
    expect(await book(grace, { startHour: 10, hours: 3 })).toEqual({ ok: false, reason: "taken", takenAt: "2031-01-07T18:00:00.000Z" });
    expect(await book(grace, { startHour: 7, hours: 3 })).toEqual({ ok: false, reason: "taken", takenAt: "2031-01-07T17:00:00.000Z" });
    expect(await bookedHours()).toEqual([`alder 2031-01-07T17:00:00.000Z ${ada.id}`, `alder 2031-01-07T18:00:00.000Z ${ada.id}`]);
    expect(await book(grace, { startHour: 11, hours: 2 })).toMatchObject({ ok: true });
    expect(await book(grace, { room: "fir", startHour: 10, hours: 1 })).toMatchObject({ ok: true });
  });

  it("refuses a member the other room at an hour they already hold, naming the hour, and takes the hours beside it", async () => {
    const member = await createMember({ tier: "platinum" });
    expect(await book(member, { startHour: 10, hours: 2 })).toMatchObject({ ok: true });
    expect(await book(member, { room: "fir", startHour: 9, hours: 3 })).toEqual({
      ok: false,
      reason: "own-hour",
      heldAt: "2031-01-07T18:00:00.000Z",
    });
    expect(await book(member, { room: "fir", startHour: 12, hours: 1 })).toMatchObject({ ok: true });
    expect(await bookedHours()).toHaveLength(3);
  });

  it("leaves one of one member's bookings of both rooms for the same hour at once", async () => {
    const member = await createMember({ tier: "platinum" });
    const results = await Promise.all([book(member, { room: "alder", startHour: 15 }), book(member, { room: "fir", startHour: 15 })]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "own-hour", heldAt: "2031-01-07T23:00:00.000Z" });
    expect(await bookedHours()).toHaveLength(1);
  });

  it("leaves one of two overlapping multi-hour bookings racing for the same room, whole", async () => {
    const [ada, grace] = await Promise.all([createMember(), createMember()]);
    const results = await Promise.all([book(ada, { startHour: 9, hours: 3 }), book(grace, { startHour: 11, hours: 3 })]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, reason: "taken" });
    const winner = results[0]!.ok ? ada : grace;
    const hours = await bookedHours();
    expect(hours).toHaveLength(3);
    expect(hours.every((hour) => hour.endsWith(winner.id))).toBe(true);
  });

  it("holds a Business member to 6 hours a Monday-to-Sunday week, and a Platinum member to 10", async () => {
    const [business, platinum] = await Promise.all([createMember({ tier: "business" }), createMember({ tier: "platinum" })]);
    expect(await book(business, { startHour: 9, hours: 4 })).toMatchObject({ ok: true });
    expect(await book(business, { day: "2031-01-11", startHour: 9, hours: 3 })).toEqual({ ok: false, reason: "over-week" });
    expect(await book(business, { day: "2031-01-11", startHour: 9, hours: 2 })).toMatchObject({ ok: true });
    expect(await book(business, { day: "2031-01-08", startHour: 7, hours: 1 })).toEqual({ ok: false, reason: "over-week" });
    // The next Monday starts a new week.
    expect(await book(business, { day: "2031-01-13", startHour: 9, hours: 4 })).toMatchObject({ ok: true });

    for (const [day, hours] of [
      ["2031-01-08", 4],
      ["2031-01-09", 4],
      ["2031-01-10", 2],
    ] as const)
      expect(await book(platinum, { day, room: "fir", startHour: 9, hours })).toMatchObject({ ok: true });
    expect(await book(platinum, { day: "2031-01-10", room: "fir", startHour: 15, hours: 1 })).toEqual({ ok: false, reason: "over-week" });
  });

  it("gives a member racing bookings past the week's hours no more than the week allows", async () => {
    const member = await createMember({ tier: "business" });
    // Six bookings of two hours on different days of one week: 12 hours asked, 6 allowed.
    const days = ["2031-01-07", "2031-01-08", "2031-01-09", "2031-01-10", "2031-01-11", "2031-01-06"];
    const results = await Promise.all(days.map((day) => book(member, { day, startHour: 15, hours: 2 })));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok && result.reason === "over-week")).toHaveLength(3);
    expect(await bookedHours()).toHaveLength(6);
  });

  it("refuses a tier without meeting rooms, a member whose dues lapsed or who is suspended, and a tier changed since sign-in", async () => {
    const [kickback, lapsed, suspended, downgraded] = await Promise.all([
      createMember({ tier: "kickback" }),
      createMember(),
      createMember({ tier: "platinum" }),
      createMember(),
    ]);
    await setMember(lapsed.id, "dues_status", "lapsed");
    await setMember(suspended.id, "status", "suspended");
    await setMember(downgraded.id, "tier", "kickback");
    expect(await book(kickback)).toEqual({ ok: false, reason: "not-included" });
    expect(await book(lapsed)).toEqual({ ok: false, reason: "not-in-good-standing" });
    expect(await book(suspended)).toEqual({ ok: false, reason: "not-in-good-standing" });
    expect(await book(downgraded)).toEqual({ ok: false, reason: "not-included" });
    expect(await bookedHours()).toEqual([]);
  });

  it.each([
    ["a Sunday", { day: "2031-01-12" }, "outside-hours"],
    ["an hour past closing", { startHour: 21, hours: 2 }, "outside-hours"],
    ["the hour under way", { day: "2031-01-06", startHour: 9 }, "past"],
    ["a day before today", { day: "2031-01-04" }, "past"],
    ["61 days ahead", { day: "2031-03-08" }, "too-far-ahead"],
  ] as const)("refuses %s and stores nothing", async (_case, request, reason) => {
    const member = await createMember();
    expect(await book(member, request)).toEqual({ ok: false, reason });
    expect(await bookedHours()).toEqual([]);
  });
});

describe("cancelling", () => {
  it("cancels all the member's hours up to an hour before the first, which frees them for anyone", async () => {
    const [ada, grace] = await Promise.all([createMember(), createMember()]);
    const booked = await book(ada, { day: "2031-01-06", startHour: 11, hours: 2 });
    if (!booked.ok) throw new Error("refused");
    const cancel = (memberId: string, now: number) =>
      cancelMeetingRoomReservation(env.DB, { memberId, reservationId: booked.reservationId, now });
    expect(await cancel(grace.id, NOW)).toEqual({ ok: false, reason: "not-found" });
    // 10:00:00.001 is less than an hour before 11 am.
    expect(await cancel(ada.id, NOW + HOUR + 1)).toEqual({ ok: false, reason: "too-late" });
    expect(await cancel(ada.id, NOW + HOUR)).toEqual({ ok: true });
    expect(await cancel(ada.id, NOW)).toEqual({ ok: false, reason: "not-found" });
    const rows = await database.select().from(meetingRoomBookings).all();
    expect(rows.map((row) => [row.status, row.cancelledBy])).toEqual([
      ["cancelled", "member"],
      ["cancelled", "member"],
    ]);
    expect(await book(grace, { day: "2031-01-06", startHour: 11, hours: 2 })).toMatchObject({ ok: true });
    expect(await book(ada, { startHour: 9, hours: 4 })).toMatchObject({ ok: true });
  });

  it("lets the concierge cancel a reservation that has not started: the member is emailed once, and it is audited", async () => {
    const [ada, concierge] = await Promise.all([createMember(), createMember()]);
    const booked = await book(ada, { startHour: 13, hours: 2 });
    if (!booked.ok) throw new Error("refused");
    const execution = actionExecutionContext();
    const services = createRequestContext(env, execution.ctx, new Request("http://localhost/concierge/meeting-rooms"));
    const cancel = () => cancelMeetingRoomByStaff(services, { staffId: concierge.id, reservationId: booked.reservationId, now: NOW });
    const results = await Promise.all([cancel(), cancel()]);
    await execution.settle();
    expect(results).toContainEqual({
      ok: true,
      memberName: ada.name,
      room: "alder",
      day: TUESDAY,
      startsAt: "2031-01-07T21:00:00.000Z",
      endsAt: "2031-01-07T23:00:00.000Z",
    });
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results).toContainEqual({ ok: false, reason: "not-found" });

    const emails = await database.select().from(outbox).all();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      channel: "email",
      recipient: ada.email,
      subject: "Your meeting room reservation at Ember & Oak Society was cancelled",
    });
    expect(emails[0]!.body).toContain("Alder Room at the Business Lounge on Tuesday, January 7, 1:00 PM PST to 3:00 PM PST");
    const events = await database.select().from(securityEvents).all();
    expect(events.map((event) => [event.eventType, event.userId])).toEqual([["meeting_room_booking_cancelled_by_staff", concierge.id]]);
    expect((await database.select().from(meetingRoomBookings).all()).map((row) => row.cancelledBy)).toEqual(["staff", "staff"]);
  });

  it("refuses the concierge a reservation under way, and changes nothing", async () => {
    const [ada, concierge] = await Promise.all([createMember(), createMember()]);
    const booked = await book(ada, { startHour: 10 });
    if (!booked.ok) throw new Error("refused");
    const services = createRequestContext(env, actionExecutionContext().ctx, new Request("http://localhost/"));
    expect(
      await cancelMeetingRoomByStaff(services, {
        staffId: concierge.id,
        reservationId: booked.reservationId,
        now: Date.parse("2031-01-07T18:30:00Z"),
      }),
    ).toEqual({ ok: false, reason: "started" });
    expect(await bookedHours()).toHaveLength(1);
    expect(await database.select().from(outbox).all()).toEqual([]);
  });
});

describe("what the pages read", () => {
  it("gives the member's hours this week and their reservations not yet ended, and a day's reservations by room", async () => {
    const [ada, grace] = await Promise.all([createMember(), createMember({ tier: "platinum" })]);
    await book(ada, { day: "2031-01-06", startHour: 8, hours: 1, now: NOW - 2 * HOUR });
    await book(ada, { startHour: 9, hours: 2 });
    await book(ada, { day: "2031-01-13", startHour: 9, hours: 1 });
    await book(grace, { room: "fir", startHour: 9, hours: 1 });
    await book(grace, { startHour: 7, hours: 2 });

    const mine = await memberMeetingRooms(env.DB, { memberId: ada.id, today: "2031-01-06", now: NOW });
    // Monday's 8 am hour has ended: it still counts this week, but is no longer listed.
    expect(mine.hoursThisWeek).toBe(3);
    expect(mine.upcoming.map((reservation) => [reservation.day, reservation.startsAt, reservation.endsAt, reservation.hours])).toEqual([
      [TUESDAY, "2031-01-07T17:00:00.000Z", "2031-01-07T19:00:00.000Z", 2],
      ["2031-01-13", "2031-01-13T17:00:00.000Z", "2031-01-13T18:00:00.000Z", 1],
    ]);

    const day = await meetingRoomReservationsOn(env.DB, TUESDAY);
    expect(
      day.map((reservation) => [reservation.room, reservation.memberName, reservation.tier, reservation.startsAt, reservation.hours]),
    ).toEqual([
      ["alder", grace.name, "platinum", "2031-01-07T15:00:00.000Z", 2],
      ["alder", ada.name, "business", "2031-01-07T17:00:00.000Z", 2],
      ["fir", grace.name, "platinum", "2031-01-07T17:00:00.000Z", 1],
    ]);
  });
});
