import { describe, expect, it } from "vitest";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { emailsTo } from "#tests/integration/dues/dues-fixtures.ts";
import { bookListing, cancelBooking, type CalendarMember } from "#worker/features/calendar/calendar-bookings.ts";
import { runCalendarCron } from "#worker/features/calendar/calendar-cron.ts";
import { bookingOf, createCalendarMember, createListing, database, DAY_MS, HOUR_MS, iso, now, services } from "./calendar-fixtures.ts";

const book = (listingId: string, member: CalendarMember, options: { joinWaitlist?: boolean; at?: number } = {}) =>
  bookListing(services(), { listingId, member, guests: [], joinWaitlist: options.joinWaitlist ?? false, now: options.at ?? now });

function bookingIdOf(result: Awaited<ReturnType<typeof book>>): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.reason)}`);
  return result.bookingId;
}

/** The calendar's cron steps (docs/product-rules.md#events). */
describe("the calendar cron", () => {
  it("reminds each confirmed booking once, from 10 am Portland the day before", async () => {
    const startsAt = Date.parse(portlandTimeToUtc("2031-06-20", "19:00")!);
    const night = await createListing({ startsAt: iso(startsAt) });
    const member = await createCalendarMember("business");
    const booked = await bookListing(services(), { listingId: night.id, member, guests: [], joinWaitlist: false, now });
    if (!booked.ok) throw new Error("refused");
    const tenAm = Date.parse(portlandTimeToUtc("2031-06-19", "10:00")!);
    expect((await runCalendarCron(services(), tenAm - 1)).reminded).not.toContain(booked.bookingId);
    const [first, second] = await Promise.all([runCalendarCron(services(), tenAm), runCalendarCron(services(), tenAm + 1)]);
    expect([...first.reminded, ...second.reminded].filter((id) => id === booked.bookingId)).toHaveLength(1);
    expect((await runCalendarCron(services(), tenAm + HOUR_MS)).reminded).not.toContain(booked.bookingId);
    expect((await emailsTo(member.email)).map((email) => email.subject)).toEqual(["Tomorrow at Ember & Oak Society"]);
    expect(await bookingOf(booked.bookingId)).toMatchObject({ remindedAt: expect.any(String) });
  });

  it("queues a promotion email the promoting step did not, once", async () => {
    const night = await createListing();
    const member = await createCalendarMember("business");
    const booked = await bookListing(services(), { listingId: night.id, member, guests: [], joinWaitlist: false, now });
    if (!booked.ok) throw new Error("refused");
    await database().$client.prepare("UPDATE calendar_bookings SET promoted_at = ? WHERE id = ?").bind(iso(now), booked.bookingId).run();
    expect((await runCalendarCron(services(), now + 1)).promotionEmails).toContain(booked.bookingId);
    expect((await runCalendarCron(services(), now + 2)).promotionEmails).not.toContain(booked.bookingId);
    expect(await emailsTo(member.email)).toHaveLength(1);
  });

  it("promotes a member waiting when a place is free (their dues paid again)", async () => {
    const night = await createListing({ capacity: 1 });
    const holder = await createCalendarMember("business");
    const waiting = await createCalendarMember("business");
    const held = await bookListing(services(), { listingId: night.id, member: holder, guests: [], joinWaitlist: false, now });
    const wait = await bookListing(services(), { listingId: night.id, member: waiting, guests: [], joinWaitlist: true, now });
    if (!held.ok || !wait.ok) throw new Error("refused");
    // Cancelled behind the engine's back: only the cron notices the free place.
    await database().$client.prepare("UPDATE calendar_bookings SET status = 'cancelled' WHERE id = ?").bind(held.bookingId).run();
    expect((await runCalendarCron(services(), now + 1)).promotionEmails).toContain(wait.bookingId);
    expect(await bookingOf(wait.bookingId)).toMatchObject({ status: "confirmed", promotionEmailedAt: iso(now + 1) });
  });

  it("is not held up by listings whose free places fit nobody waiting (reserved places)", async () => {
    const base = now + 100 * DAY_MS;
    for (let index = 0; index < 21; index++) {
      const dinner = await createListing({
        category: "master-blender-dinner",
        lounge: "business",
        capacity: 2,
        reservedPlaces: 1,
        startsAt: iso(base + index * DAY_MS),
      });
      await book(dinner.id, await createCalendarMember("business"));
      bookingIdOf(await book(dinner.id, await createCalendarMember("business"), { joinWaitlist: true }));
    }
    const later = await createListing({ capacity: 1, startsAt: iso(base + 30 * DAY_MS) });
    const held = bookingIdOf(await book(later.id, await createCalendarMember("business")));
    const waiting = bookingIdOf(await book(later.id, await createCalendarMember("business"), { joinWaitlist: true }));
    await database().$client.prepare("UPDATE calendar_bookings SET status = 'cancelled' WHERE id = ?").bind(held).run();
    expect((await runCalendarCron(services(), now + 1)).promotionEmails).toContain(waiting);
    expect((await bookingOf(waiting)).status).toBe("confirmed");
  });

  it("passes over a suspended member waiting, and promotes them once reinstated", async () => {
    const night = await createListing({ capacity: 2 });
    const [first, second] = [await createCalendarMember("business"), await createCalendarMember("business")];
    const firstHeld = bookingIdOf(await book(night.id, first));
    const secondHeld = bookingIdOf(await book(night.id, second));
    const suspended = await createCalendarMember("business");
    const suspendedWait = bookingIdOf(await book(night.id, suspended, { joinWaitlist: true, at: now + 1 }));
    const next = await createCalendarMember("business");
    const nextWait = bookingIdOf(await book(night.id, next, { joinWaitlist: true, at: now + 2 }));
    const setStatus = (id: string, status: string) =>
      database().$client.prepare("UPDATE members SET status = ? WHERE id = ?").bind(status, id).run();
    await setStatus(suspended.id, "suspended");
    expect(await cancelBooking(services(), { bookingId: firstHeld, memberId: first.id, now: now + 3 })).toEqual({
      ok: true,
      promoted: [nextWait],
    });
    await database().$client.prepare("UPDATE calendar_bookings SET status = 'cancelled' WHERE id = ?").bind(secondHeld).run();
    expect((await runCalendarCron(services(), now + 4)).promotionEmails).not.toContain(suspendedWait);
    expect((await bookingOf(suspendedWait)).status).toBe("waitlisted");
    await setStatus(suspended.id, "active");
    expect((await runCalendarCron(services(), now + 5)).promotionEmails).toContain(suspendedWait);
    expect(await bookingOf(suspendedWait)).toMatchObject({ status: "confirmed", promotionEmailedAt: iso(now + 5) });
  });

  it("reminds only members in good standing", async () => {
    const startsAt = Date.parse(portlandTimeToUtc("2031-06-24", "19:00")!);
    const night = await createListing({ startsAt: iso(startsAt) });
    const [good, suspended, lapsed] = [
      await createCalendarMember("business"),
      await createCalendarMember("business"),
      await createCalendarMember("business"),
    ];
    const ids = [];
    for (const member of [good, suspended, lapsed]) ids.push(bookingIdOf(await book(night.id, member)));
    await database().$client.prepare("UPDATE members SET status = 'suspended' WHERE id = ?").bind(suspended.id).run();
    await database().$client.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(lapsed.id).run();
    const reminded = (await runCalendarCron(services(), Date.parse(portlandTimeToUtc("2031-06-23", "10:00")!))).reminded;
    expect(ids.filter((id) => reminded.includes(id))).toEqual([ids[0]]);
    for (const member of [suspended, lapsed]) expect(await emailsTo(member.email)).toHaveLength(0);
  });

  it("reminds the Portland day before across a change of the clocks, and before a course's first session", async () => {
    // The clocks go back on Sunday 2 November 2031: the reminder for Monday's evening is sent
    // from 10 am Pacific Standard Time on the Sunday, for Sunday's evening from 10 am PDT on the Saturday.
    const monday = await createListing({ startsAt: portlandTimeToUtc("2031-11-03", "19:00")! });
    const sunday = await createListing({ startsAt: portlandTimeToUtc("2031-11-02", "19:00")! });
    const term = await createListing({
      kind: "course",
      category: "foundations",
      startsAt: portlandTimeToUtc("2031-11-04", "18:00")!,
      endsAt: portlandTimeToUtc("2031-11-25", "20:00")!,
    });
    const member = await createCalendarMember("business");
    const [mondayId, sundayId, termId] = [
      bookingIdOf(await book(monday.id, member)),
      bookingIdOf(await book(sunday.id, member)),
      bookingIdOf(await book(term.id, member)),
    ];
    const saturdayTen = Date.parse("2031-11-01T17:00:00.000Z");
    const sundayTen = Date.parse("2031-11-02T18:00:00.000Z");
    const mondayTen = Date.parse("2031-11-03T18:00:00.000Z");
    expect(Date.parse(portlandTimeToUtc("2031-11-02", "10:00")!)).toBe(sundayTen);
    expect((await runCalendarCron(services(), saturdayTen - 1)).reminded).toEqual([]);
    expect((await runCalendarCron(services(), saturdayTen)).reminded).toEqual([sundayId]);
    expect((await runCalendarCron(services(), sundayTen - 1)).reminded).toEqual([]);
    expect((await runCalendarCron(services(), sundayTen)).reminded).toEqual([mondayId]);
    expect((await runCalendarCron(services(), mondayTen)).reminded).toEqual([termId]);
  });
});
