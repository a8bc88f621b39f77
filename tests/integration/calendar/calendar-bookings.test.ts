import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calendarBookings } from "#db/schema.ts";
import { emailsTo } from "#tests/integration/dues/dues-fixtures.ts";
import { register } from "#tests/integration/guests/guest-fixtures.ts";
import {
  addGuest,
  bookListing,
  cancelBooking,
  cancelListing,
  listingBookings,
  memberCalendar,
  memberListing,
  promoteWaitlisted,
  removeGuest,
  upcomingEventTeaser,
  type CalendarMember,
} from "#worker/features/calendar/calendar-bookings.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import {
  bookingOf,
  bookingsOf,
  createCalendarMember,
  createListing,
  database,
  DAY_MS,
  guest,
  guestVisitsOf,
  HOUR_MS,
  iso,
  now,
  services,
} from "./calendar-fixtures.ts";

/** The booking engine (docs/product-rules.md#events), against the real D1 in workerd. */
const book = (
  listingId: string,
  member: CalendarMember,
  options: { guests?: ReturnType<typeof guest>[]; joinWaitlist?: boolean; at?: number } = {},
) =>
  bookListing(services(), {
    listingId,
    member,
    guests: options.guests ?? [],
    joinWaitlist: options.joinWaitlist ?? false,
    now: options.at ?? now,
  });

async function members(tier: CalendarMember["tier"], count: number): Promise<CalendarMember[]> {
  const created: CalendarMember[] = [];
  for (let index = 0; index < count; index++) created.push(await createCalendarMember(tier));
  return created;
}

function bookingIdOf(result: Awaited<ReturnType<typeof book>>): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.reason)}`);
  return result.bookingId;
}

describe("eligibility by tier", () => {
  it("refuses a Kickback member a master blender dinner their tier does not include, and books a Business member", async () => {
    const dinner = await createListing({ category: "master-blender-dinner", lounge: "business" });
    const [kickback] = await members("kickback", 1);
    const [business] = await members("business", 1);
    expect(await book(dinner.id, kickback!)).toEqual({ ok: false, reason: "not-included" });
    expect(await book(dinner.id, business!)).toMatchObject({ ok: true, status: "confirmed", position: null });
    expect(await bookingsOf(dinner.id)).toHaveLength(1);
  });

  it("refuses an event at a lounge the member's tier does not open, though its kind is theirs, in the booking's statement", async () => {
    const atPlatinum = await createListing({ lounge: "platinum" });
    const [kickback] = await members("kickback", 1);
    const [business] = await members("business", 1);
    const [platinum] = await members("platinum", 1);
    expect(await book(atPlatinum.id, kickback!)).toEqual({ ok: false, reason: "lounge-not-included" });
    expect(await book(atPlatinum.id, business!)).toEqual({ ok: false, reason: "lounge-not-included" });
    expect(await book(atPlatinum.id, platinum!)).toMatchObject({ ok: true, status: "confirmed" });
    expect(await bookingsOf(atPlatinum.id)).toHaveLength(1);
  });

  it("refuses a member whose dues lapsed, and one whose tier changed since the page was read", async () => {
    const night = await createListing();
    const lapsed = await createCalendarMember("business", { duesStatus: "lapsed" });
    expect(await book(night.id, lapsed)).toEqual({ ok: false, reason: "not-in-good-standing" });
    const [member] = await members("kickback", 1);
    expect(await book(night.id, { ...member!, tier: "platinum" })).toEqual({ ok: false, reason: "not-in-good-standing" });
    expect(await bookingsOf(night.id)).toHaveLength(0);
  });

  it("refuses a second booking of the same member", async () => {
    const night = await createListing();
    const [member] = await members("business", 1);
    expect(await book(night.id, member!)).toMatchObject({ ok: true });
    expect(await book(night.id, member!, { joinWaitlist: true })).toEqual({ ok: false, reason: "already-booked" });
  });
});

describe("the window", () => {
  it("refuses before the listing opens, after the cut-off and after the start; cancelling stays open until the start", async () => {
    const startsAt = now + 3 * DAY_MS;
    const night = await createListing({ startsAt: iso(startsAt), opensAt: iso(now + HOUR_MS), closesAt: iso(startsAt - DAY_MS) });
    const [early, late, booked] = await members("business", 3);
    expect(await book(night.id, early!)).toEqual({ ok: false, reason: "not-open-yet" });
    const bookingId = bookingIdOf(await book(night.id, booked!, { at: now + 2 * HOUR_MS }));
    expect(await book(night.id, late!, { at: startsAt - DAY_MS })).toEqual({ ok: false, reason: "closed" });
    expect(await book(night.id, late!, { at: startsAt - DAY_MS, joinWaitlist: true })).toEqual({ ok: false, reason: "closed" });
    expect(await book(night.id, late!, { at: startsAt })).toEqual({ ok: false, reason: "started" });
    expect(await cancelBooking(services(), { bookingId, memberId: booked!.id, now: startsAt })).toEqual({ ok: false, reason: "started" });
    expect(await cancelBooking(services(), { bookingId, memberId: booked!.id, now: startsAt - HOUR_MS })).toEqual({
      ok: true,
      promoted: [],
    });
  });

  it("refuses a cancelled listing", async () => {
    const night = await createListing({ status: "cancelled" });
    const [member] = await members("business", 1);
    expect(await book(night.id, member!)).toEqual({ ok: false, reason: "cancelled" });
    expect(await book(crypto.randomUUID(), member!)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("capacity and the waitlist", () => {
  it("leaves exactly one of ten members racing for the last place in, and refuses the others", async () => {
    const night = await createListing({ capacity: 3 });
    for (const member of await members("business", 2)) expect(await book(night.id, member)).toMatchObject({ ok: true });
    const racers = await members("business", 10);
    const results = await Promise.all(racers.map((member) => book(night.id, member)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "full")).toHaveLength(9);
    expect((await bookingsOf(night.id)).filter((booking) => booking.status === "confirmed")).toHaveLength(3);
  });

  it("puts the nine others in line, each in a place of their own, when they ask to wait", async () => {
    const night = await createListing({ capacity: 1 });
    const racers = await members("kickback", 10);
    const results = await Promise.all(racers.map((member) => book(night.id, member, { joinWaitlist: true })));
    expect(results.filter((result) => result.ok && result.status === "confirmed")).toHaveLength(1);
    const positions = results.flatMap((result) => (result.ok && result.status === "waitlisted" ? [result.position] : []));
    expect(positions.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("promotes the first in line when a place frees, emails them once, and moves the others up", async () => {
    const night = await createListing({ capacity: 1, title: "Maduro & <Mezcal>" });
    const [holder, first, second] = await members("business", 3);
    const held = bookingIdOf(await book(night.id, holder!));
    const firstId = bookingIdOf(await book(night.id, first!, { joinWaitlist: true, at: now + 1 }));
    expect(await book(night.id, second!, { joinWaitlist: true, at: now + 2 })).toMatchObject({
      ok: true,
      status: "waitlisted",
      position: 2,
    });
    expect(await cancelBooking(services(), { bookingId: held, memberId: holder!.id, now: now + 3 })).toEqual({
      ok: true,
      promoted: [firstId],
    });
    expect(await bookingOf(firstId)).toMatchObject({ status: "confirmed", promotedAt: iso(now + 3), promotionEmailedAt: iso(now + 3) });
    const emails = await emailsTo(first!.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("A place has opened for you at Ember & Oak Society");
    expect(emails[0]!.body).toContain("Maduro &amp; &lt;Mezcal&gt;");
    expect(await memberListing(database().$client, second!, night.id, now + 4)).toMatchObject({
      booking: { status: "waitlisted", position: 1 },
    });
    expect(await emailsTo(second!.email)).toHaveLength(0);
  });

  it("never leaves a free place with someone waiting when a cancellation races a waitlist join", async () => {
    for (let round = 0; round < 5; round++) {
      const night = await createListing({ capacity: 1 });
      const [holder, joiner] = await members("business", 2);
      const held = bookingIdOf(await book(night.id, holder!));
      await Promise.all([
        cancelBooking(services(), { bookingId: held, memberId: holder!.id, now: now + 1 }),
        book(night.id, joiner!, { joinWaitlist: true, at: now + 1 }),
      ]);
      const live = (await bookingsOf(night.id)).filter((booking) => booking.status !== "cancelled");
      expect(live).toEqual([expect.objectContaining({ memberId: joiner!.id, status: "confirmed" })]);
    }
  });

  it("promotes two different members when two cancellations race, never the same one twice", async () => {
    const night = await createListing({ capacity: 2 });
    const [a, b] = await members("business", 2);
    const [aId, bId] = [bookingIdOf(await book(night.id, a!)), bookingIdOf(await book(night.id, b!))];
    const waiting = await members("business", 3);
    const waitIds: string[] = [];
    for (const [index, member] of waiting.entries())
      waitIds.push(bookingIdOf(await book(night.id, member, { joinWaitlist: true, at: now + index + 1 })));
    const [first, second] = await Promise.all([
      cancelBooking(services(), { bookingId: aId, memberId: a!.id, now: now + 10 }),
      cancelBooking(services(), { bookingId: bId, memberId: b!.id, now: now + 10 }),
    ]);
    const promoted = [...(first.ok ? first.promoted : []), ...(second.ok ? second.promoted : [])];
    expect(promoted.sort()).toEqual(waitIds.slice(0, 2).sort());
    expect((await bookingOf(waitIds[2]!)).status).toBe("waitlisted");
    for (const member of waiting.slice(0, 2)) expect(await emailsTo(member.email)).toHaveLength(1);
  });

  it("promotes as many as fit when staff raise the capacity", async () => {
    const night = await createListing({ capacity: 1 });
    const [holder, ...waiting] = await members("business", 3);
    await book(night.id, holder!);
    const waitIds = [];
    for (const [index, member] of waiting.entries())
      waitIds.push(bookingIdOf(await book(night.id, member, { joinWaitlist: true, at: now + index })));
    await database().$client.prepare("UPDATE calendar_listings SET capacity = 2 WHERE id = ?").bind(night.id).run();
    expect(await promoteWaitlisted(services(), { listingId: night.id, now: now + 5 })).toEqual([waitIds[0]]);
    expect(await promoteWaitlisted(services(), { listingId: night.id, now: now + 6 })).toEqual([]);
  });
});

describe("reserved places", () => {
  it("lets a Platinum member take a reserved place no other tier can", async () => {
    const dinner = await createListing({ category: "master-blender-dinner", capacity: 4, reservedPlaces: 2 });
    const [b1, b2, b3] = await members("business", 3);
    const [platinum] = await members("platinum", 1);
    expect(await book(dinner.id, b1!)).toMatchObject({ ok: true });
    expect(await book(dinner.id, b2!)).toMatchObject({ ok: true });
    expect(await book(dinner.id, b3!)).toEqual({ ok: false, reason: "full" });
    const platinumId = bookingIdOf(await book(dinner.id, platinum!));
    expect(await bookingOf(platinumId)).toMatchObject({ reserved: true });
    expect(await memberListing(database().$client, b3!, dinner.id, now)).toMatchObject({ placesLeft: 0 });
    expect(await memberListing(database().$client, platinum!, dinner.id, now)).toMatchObject({ placesLeft: 1 });
  });

  it("passes over a waiting Business member when only a reserved place frees, and promotes the Platinum member behind them", async () => {
    const dinner = await createListing({ category: "master-blender-dinner", capacity: 2, reservedPlaces: 1 });
    const [business, businessWaiting] = await members("business", 2);
    const [platinum, platinumWaiting] = await members("platinum", 2);
    await book(dinner.id, business!);
    const platinumId = bookingIdOf(await book(dinner.id, platinum!));
    const businessWait = bookingIdOf(await book(dinner.id, businessWaiting!, { joinWaitlist: true, at: now + 1 }));
    // The Platinum member waits too: the places are all taken.
    const platinumWait = bookingIdOf(await book(dinner.id, platinumWaiting!, { joinWaitlist: true, at: now + 2 }));
    expect(await cancelBooking(services(), { bookingId: platinumId, memberId: platinum!.id, now: now + 3 })).toEqual({
      ok: true,
      promoted: [platinumWait],
    });
    expect(await bookingOf(platinumWait)).toMatchObject({ status: "confirmed", reserved: true });
    expect((await bookingOf(businessWait)).status).toBe("waitlisted");
  });
});

describe("guests", () => {
  it("counts plus-ones against the capacity, each a named guest visit of the event's day and lounge", async () => {
    const night = await createListing({ capacity: 5 });
    const [platinum] = await members("platinum", 1);
    const [business, other] = await members("business", 2);
    const guests = [guest(), guest(), guest()];
    const bookingId = bookingIdOf(await book(night.id, platinum!, { guests }));
    const visits = await guestVisitsOf(bookingId);
    expect(visits.map((visit) => [visit.guestName, visit.day, visit.lounge, visit.status])).toEqual(
      guests.map((entry) => [entry.name, portlandDay(new Date(night.startsAt)), "kickback", "expected"]),
    );
    expect(visits.map((visit) => visit.eventNightExtra)).toEqual([false, true, true]);
    expect(await bookingOf(bookingId)).toMatchObject({ guests: 3 });
    expect(await book(night.id, business!, { guests: [guest()] })).toEqual({ ok: false, reason: "no-room-for-guests" });
    expect(await book(night.id, business!)).toMatchObject({ ok: true });
    expect(await book(night.id, other!, { joinWaitlist: true })).toMatchObject({ ok: true, status: "waitlisted" });
  });

  it("refuses more guests than the tier brings on an event night", async () => {
    const night = await createListing();
    const [platinum] = await members("platinum", 1);
    const [business] = await members("business", 1);
    expect(await book(night.id, platinum!, { guests: [guest(), guest(), guest(), guest()] })).toEqual({
      ok: false,
      reason: "too-many-guests",
    });
    expect(await book(night.id, business!, { guests: [guest(), guest()] })).toEqual({ ok: false, reason: "too-many-guests" });
    const course = await createListing({ kind: "course", category: "foundations" });
    expect(await book(course.id, business!, { guests: [guest()] })).toEqual({ ok: false, reason: "too-many-guests" });
  });

  it("undoes the booking and every guest when the guest rules refuse one of them", async () => {
    const night = await createListing();
    const [kickback] = await members("kickback", 1);
    // A guest already registered for that day: the Kickback member's one guest a day is taken.
    const registered = await register(
      { ...kickback!, role: "member" },
      { day: portlandDay(new Date(night.startsAt)), guestName: guest().name },
    );
    expect(registered.ok).toBe(true);
    const refused = guest();
    expect(await book(night.id, kickback!, { guests: [refused] })).toEqual({
      ok: false,
      reason: { guest: refused.name, reason: "day-full" },
    });
    expect(await bookingsOf(night.id)).toHaveLength(0);
    const [platinum] = await members("platinum", 1);
    const twice = guest();
    expect(await book(night.id, platinum!, { guests: [guest(), twice, { ...twice }] })).toEqual({
      ok: false,
      reason: { guest: twice.name, reason: "already-registered" },
    });
    expect(await bookingsOf(night.id)).toHaveLength(0);
    expect(await book(night.id, kickback!)).toMatchObject({ ok: true });
  });

  it("adds a guest within the places and the allowance, and gives the place of a removed guest to the first in line", async () => {
    const night = await createListing({ capacity: 3 });
    const [platinum] = await members("platinum", 1);
    const [business, waiting] = await members("business", 2);
    const bookingId = bookingIdOf(await book(night.id, platinum!, { guests: [guest()] }));
    expect(await addGuest(services(), { bookingId, member: platinum!, guest: guest(), now })).toEqual({ ok: true });
    expect(await bookingOf(bookingId)).toMatchObject({ guests: 2 });
    expect(await addGuest(services(), { bookingId, member: platinum!, guest: guest(), now })).toEqual({
      ok: false,
      reason: "no-room-for-guests",
    });
    expect(await book(night.id, business!)).toEqual({ ok: false, reason: "full" });
    const waitId = bookingIdOf(await book(night.id, waiting!, { joinWaitlist: true }));
    const [visit] = await guestVisitsOf(bookingId);
    expect(await removeGuest(services(), { bookingId, guestVisitId: visit!.id, memberId: business!.id, now })).toEqual({
      ok: false,
      promoted: [],
    });
    expect(await removeGuest(services(), { bookingId, guestVisitId: visit!.id, memberId: platinum!.id, now })).toEqual({
      ok: true,
      promoted: [waitId],
    });
    expect(await bookingOf(bookingId)).toMatchObject({ guests: 1 });
    expect(await removeGuest(services(), { bookingId, guestVisitId: visit!.id, memberId: platinum!.id, now })).toEqual({
      ok: false,
      promoted: [],
    });
    expect(await bookingOf(bookingId)).toMatchObject({ guests: 1 });
  });

  it("refuses an added guest after the cut-off and beyond the tier's allowance", async () => {
    const night = await createListing();
    const [business] = await members("business", 1);
    const bookingId = bookingIdOf(await book(night.id, business!));
    expect(await addGuest(services(), { bookingId, member: business!, guest: guest(), now: Date.parse(night.closesAt) })).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await addGuest(services(), { bookingId, member: business!, guest: guest(), now })).toEqual({ ok: true });
    expect(await addGuest(services(), { bookingId, member: business!, guest: guest(), now })).toEqual({
      ok: false,
      reason: "too-many-guests",
    });
  });

  it("cancels the booking's guests with it", async () => {
    const night = await createListing();
    const [business] = await members("business", 1);
    const bookingId = bookingIdOf(await book(night.id, business!, { guests: [guest()] }));
    expect(await cancelBooking(services(), { bookingId, memberId: business!.id, now })).toMatchObject({ ok: true });
    expect((await guestVisitsOf(bookingId)).map((visit) => visit.status)).toEqual(["cancelled"]);
    expect(await cancelBooking(services(), { bookingId, memberId: business!.id, now })).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("staff cancellations", () => {
  it("cancels every booking and waitlist place of a listing with their guests and emails each member once", async () => {
    const night = await createListing({ capacity: 2 });
    const [a, b, waiting] = await members("business", 3);
    const aId = bookingIdOf(await book(night.id, a!, { guests: [guest()] }));
    await book(night.id, b!, { joinWaitlist: true });
    await book(night.id, waiting!, { joinWaitlist: true });
    expect(await cancelListing(services(), { listingId: night.id, staffId: "staff", now })).toEqual({ ok: true, bookingsCancelled: 3 });
    expect((await bookingsOf(night.id)).map((booking) => [booking.status, booking.cancelledBy, booking.cancellationEmailedAt])).toEqual([
      ["cancelled", "listing", iso(now)],
      ["cancelled", "listing", iso(now)],
      ["cancelled", "listing", iso(now)],
    ]);
    expect((await guestVisitsOf(aId)).map((visit) => visit.status)).toEqual(["cancelled"]);
    for (const member of [a, b, waiting])
      expect((await emailsTo(member!.email)).map((email) => email.subject)).toEqual([
        "A booking of yours at Ember & Oak Society is cancelled",
      ]);
    expect(await cancelListing(services(), { listingId: night.id, staffId: "staff", now })).toEqual({
      ok: false,
      reason: "already-cancelled",
    });
  });

  it("refuses to cancel a listing that has started", async () => {
    const night = await createListing();
    expect(await cancelListing(services(), { listingId: night.id, staffId: "staff", now: Date.parse(night.startsAt) })).toEqual({
      ok: false,
      reason: "over",
    });
  });

  it("emails the member whose booking staff cancel, and promotes the next in line", async () => {
    const night = await createListing({ capacity: 1 });
    const [held, waiting] = await members("business", 2);
    const heldId = bookingIdOf(await book(night.id, held!));
    const waitId = bookingIdOf(await book(night.id, waiting!, { joinWaitlist: true }));
    expect(await cancelBooking(services(), { bookingId: heldId, memberId: null, staffId: "staff", now })).toEqual({
      ok: true,
      promoted: [waitId],
    });
    expect(await bookingOf(heldId)).toMatchObject({ cancelledBy: "staff", cancellationEmailedAt: iso(now) });
    expect(await emailsTo(held!.email)).toHaveLength(1);
  });
});

describe("what members and the public read", () => {
  it("shows a member only what their tier includes, with the places left for them and their own booking", async () => {
    const dinner = await createListing({ category: "master-blender-dinner", capacity: 6, reservedPlaces: 2, title: "Dinner" });
    const night = await createListing({ title: "Night" });
    const [kickback] = await members("kickback", 1);
    const [business] = await members("business", 1);
    const guests = [guest()];
    const bookingId = bookingIdOf(await book(dinner.id, business!, { guests }));
    const mine = await memberCalendar(database().$client, business!, now, "event");
    expect(mine.find((listing) => listing.id === dinner.id)).toMatchObject({
      tiers: ["business", "platinum"],
      placesLeft: 2,
      state: "open",
      booking: { id: bookingId, status: "confirmed", guests: 1, guestVisits: [{ name: guests[0]!.name }], position: null },
    });
    expect(mine.find((listing) => listing.id === night.id)).toMatchObject({ booking: null, placesLeft: 10 });
    const theirs = await memberCalendar(database().$client, kickback!, now, "event");
    expect(theirs.some((listing) => listing.id === dinner.id)).toBe(false);
    expect(theirs.some((listing) => listing.id === night.id)).toBe(true);
    expect(await memberListing(database().$client, kickback!, dinner.id, now)).toMatchObject({
      included: false,
      tiers: ["business", "platinum"],
      booking: null,
    });
    const roster = await listingBookings(database().$client, dinner.id);
    expect(roster).toMatchObject({
      confirmed: [{ bookingId, name: business!.name, tier: "business", guests: 1, guestNames: [guests[0]!.name] }],
      waitlisted: [],
    });
  });

  it("teases upcoming scheduled events by title and start only", async () => {
    const startsAt = iso(now + 400 * DAY_MS);
    await createListing({ title: "Far-off Harvest Dinner", startsAt });
    await createListing({ title: "Cancelled Evening", startsAt, status: "cancelled" });
    const teaser = await upcomingEventTeaser(database().$client, now + 399 * DAY_MS, 10);
    expect(teaser).toContainEqual({ title: "Far-off Harvest Dinner", startsAt });
    expect(teaser.some((event) => event.title === "Cancelled Evening")).toBe(false);
    expect(Object.keys(teaser[0]!)).toEqual(["title", "startsAt"]);
  });
});

describe("the old RSVPs", () => {
  it("keeps an unnamed plus-one counted: the booking's guests, no guest visit", async () => {
    const night = await createListing({ capacity: 2 });
    const [old, late] = await members("business", 2);
    await database()
      .insert(calendarBookings)
      .values({ id: crypto.randomUUID(), listingId: night.id, memberId: old!.id, status: "confirmed", guests: 1, confirmedAt: iso(now) });
    expect(await book(night.id, late!)).toEqual({ ok: false, reason: "full" });
    const [row] = await database().select().from(calendarBookings).where(eq(calendarBookings.memberId, old!.id)).all();
    expect(await guestVisitsOf(row!.id)).toHaveLength(0);
  });
});
