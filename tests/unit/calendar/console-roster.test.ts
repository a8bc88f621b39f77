import { describe, expect, it } from "vitest";
import { rosterCsv, rosterLine } from "#app/features/calendar/console-roster.server.ts";
import type { RosterRow } from "#worker/features/calendar/calendar-reads.ts";

/** A listing's booked list and waitlist for staff (docs/product-rules.md#calendar, Staff). */
const row = (fields: Partial<RosterRow> = {}): RosterRow => ({
  bookingId: "b-1",
  memberId: "m-1",
  name: "Avery Hale",
  email: "avery@example.com",
  tier: "platinum",
  guests: 0,
  guestNames: [],
  reserved: false,
  createdAt: "2026-12-01T20:05:00.000Z",
  promotedAt: null,
  ...fields,
});

describe("the roster's lines", () => {
  it("names the guests, counts an unnamed plus-one, and shows times in Portland time", () => {
    expect(rosterLine(row({ guests: 3, guestNames: ["Marlowe Finch", "Hollis Grey"], promotedAt: "2026-12-02T18:00:00.000Z" }))).toEqual({
      bookingId: "b-1",
      name: "Avery Hale",
      email: "avery@example.com",
      tierName: "Platinum",
      guests: "Marlowe Finch, Hollis Grey, 1 unnamed guest",
      bookedAtLabel: "Dec 1, 2026, 12:05 PM PST",
      promotedAtLabel: "Dec 2, 2026, 10:00 AM PST",
      reserved: false,
    });
  });
});

describe("the roster as CSV", () => {
  it("lists the booked, then the waitlist with positions; a name typed as a formula stays text", () => {
    const csv = rosterCsv({
      confirmed: [row({ name: '=HYPERLINK("http://evil.example","Click")', guests: 1, guestNames: ["+Marlowe"], reserved: true })],
      waitlisted: [row({ bookingId: "b-2", name: "Blair, Waiting", tier: "business" }), row({ bookingId: "b-3", name: "@Casey" })],
    });
    expect(csv.split("\r\n")).toEqual([
      "List,Position,Member,Email,Tier,Guests,Guest names,Reserved place,Booked,From the waitlist",
      `Booked,,"'=HYPERLINK(""http://evil.example"",""Click"")",avery@example.com,Platinum,1,'+Marlowe,Yes,"Dec 1, 2026, 12:05 PM PST",`,
      `Waitlist,1,"Blair, Waiting",avery@example.com,Business,0,,No,"Dec 1, 2026, 12:05 PM PST",`,
      `Waitlist,2,'@Casey,avery@example.com,Platinum,0,,No,"Dec 1, 2026, 12:05 PM PST",`,
      "",
    ]);
  });
});
