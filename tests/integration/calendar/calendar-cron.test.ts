import { describe, expect, it } from "vitest";
import { portlandTimeToUtc } from "#app/features/admissions/sit-down-times.ts";
import { emailsTo } from "#tests/integration/dues/dues-fixtures.ts";
import { bookListing } from "#worker/features/calendar/calendar-bookings.ts";
import { runCalendarCron } from "#worker/features/calendar/calendar-cron.ts";
import { bookingOf, createCalendarMember, createListing, database, HOUR_MS, iso, now, services } from "./calendar-fixtures.ts";

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
});
