import { describe, expect, it } from "vitest";
import { emailsTo } from "#tests/integration/dues/dues-fixtures.ts";
import { addGuest, bookListing, cancelBooking, type CalendarMember } from "#worker/features/calendar/calendar-bookings.ts";
import {
  bookingOf,
  bookingsOf,
  createCalendarMember,
  createListing,
  database,
  guest,
  guestVisitsOf,
  now,
  services,
} from "./calendar-fixtures.ts";

/** Steps of the booking engine racing each other (docs/product-rules.md#events), many rounds each. */
const book = (listingId: string, member: CalendarMember, options: { joinWaitlist?: boolean; at?: number } = {}) =>
  bookListing(services(), { listingId, member, guests: [], joinWaitlist: options.joinWaitlist ?? false, now: options.at ?? now });

function bookingIdOf(result: Awaited<ReturnType<typeof book>>): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.reason)}`);
  return result.bookingId;
}

describe("cancellations racing promotions", () => {
  it("gives the place to the next in line when the member being promoted cancels their waitlist place at the same time", async () => {
    for (let round = 0; round < 10; round++) {
      const night = await createListing({ capacity: 1 });
      const [holder, promoted, next, newcomer] = [
        await createCalendarMember("business"),
        await createCalendarMember("business"),
        await createCalendarMember("business"),
        await createCalendarMember("business"),
      ];
      const held = bookingIdOf(await book(night.id, holder));
      const promotedId = bookingIdOf(await book(night.id, promoted, { joinWaitlist: true, at: now + 1 }));
      const nextId = bookingIdOf(await book(night.id, next, { joinWaitlist: true, at: now + 2 }));
      await Promise.all([
        cancelBooking(services(), { bookingId: held, memberId: holder.id, now: now + 10 }),
        cancelBooking(services(), { bookingId: promotedId, memberId: promoted.id, now: now + 10 }),
      ]);
      expect((await bookingOf(nextId)).status).toBe("confirmed");
      expect((await bookingsOf(night.id)).filter((booking) => booking.status === "confirmed")).toHaveLength(1);
      expect(await emailsTo(next.email)).toHaveLength(1);
      expect(await book(night.id, newcomer, { at: now + 20 })).toEqual({ ok: false, reason: "full" });
    }
  });
});

describe("staff changing a listing's kind while members book", () => {
  const makeDinner = (listingId: string) =>
    database()
      .$client.prepare("UPDATE calendar_listings SET category = 'master-blender-dinner', lounge = 'platinum' WHERE id = ?")
      .bind(listingId)
      .run();

  it("never confirms a member whose tier does not include what the listing has become", async () => {
    for (let round = 0; round < 10; round++) {
      const night = await createListing();
      const kickback = await createCalendarMember("kickback");
      const [booked] = await Promise.all([book(night.id, kickback), makeDinner(night.id)]);
      expect(booked).toEqual({ ok: false, reason: "not-included" });
    }
  });

  it("never promotes a member whose tier does not include what the listing has become", async () => {
    for (let round = 0; round < 10; round++) {
      const night = await createListing({ capacity: 1 });
      const [holder, kickback] = [await createCalendarMember("business"), await createCalendarMember("kickback")];
      const held = bookingIdOf(await book(night.id, holder));
      const waiting = bookingIdOf(await book(night.id, kickback, { joinWaitlist: true, at: now + 1 }));
      await Promise.all([cancelBooking(services(), { bookingId: held, memberId: holder.id, now: now + 2 }), makeDinner(night.id)]);
      expect((await bookingOf(waiting)).status).toBe("waitlisted");
    }
  });
});

describe("two guests added at once", () => {
  it("answers the second with the real reason: the allowance reached, or no place left", async () => {
    for (let round = 0; round < 5; round++) {
      // Business brings one guest to an event; ten places leave room.
      const roomy = await createListing();
      const business = await createCalendarMember("business");
      const booked = bookingIdOf(await book(roomy.id, business));
      const answers = await Promise.all([
        addGuest(services(), { bookingId: booked, member: business, guest: guest(), now }),
        addGuest(services(), { bookingId: booked, member: business, guest: guest(), now }),
      ]);
      expect(answers).toContainEqual({ ok: true });
      expect(answers).toContainEqual({ ok: false, reason: "too-many-guests" });
      expect((await bookingOf(booked)).guests).toBe(1);

      // Platinum brings three; two places leave room for one.
      const tight = await createListing({ capacity: 2 });
      const platinum = await createCalendarMember("platinum");
      const held = bookingIdOf(await book(tight.id, platinum));
      const tightAnswers = await Promise.all([
        addGuest(services(), { bookingId: held, member: platinum, guest: guest(), now }),
        addGuest(services(), { bookingId: held, member: platinum, guest: guest(), now }),
      ]);
      expect(tightAnswers).toContainEqual({ ok: true });
      expect(tightAnswers).toContainEqual({ ok: false, reason: "no-room-for-guests" });
      expect(await guestVisitsOf(held)).toHaveLength(1);
    }
  });

  it("adds both when the allowance and the places take them", async () => {
    const night = await createListing();
    const platinum = await createCalendarMember("platinum");
    const held = bookingIdOf(await book(night.id, platinum));
    const answers = await Promise.all([
      addGuest(services(), { bookingId: held, member: platinum, guest: guest(), now }),
      addGuest(services(), { bookingId: held, member: platinum, guest: guest(), now }),
    ]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect((await bookingOf(held)).guests).toBe(2);
    expect(await guestVisitsOf(held)).toHaveLength(2);
  });
});

describe("a batch failing for another reason", () => {
  it("passes a CHECK failure other than the guests' mismatch on as an error, not as a guest's refusal", async () => {
    const night = await createListing();
    const member = await createCalendarMember("business");
    const db = database().$client;
    // Stands in for any other constraint of the batch failing (D1 rolls the batch back).
    await db.exec(
      "CREATE TRIGGER test_guest_visits_fail BEFORE INSERT ON guest_visits BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: guest_visits_adult'); END",
    );
    try {
      await expect(bookListing(services(), { listingId: night.id, member, guests: [guest()], joinWaitlist: false, now })).rejects.toThrow(
        /guest_visits_adult/,
      );
    } finally {
      await db.exec("DROP TRIGGER test_guest_visits_fail");
    }
    expect(await bookingsOf(night.id)).toEqual([]);
  });
});
