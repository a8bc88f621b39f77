import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  calendarDocument,
  groupReservations,
  listingEntries,
  reservationEntry,
  type ListingForFile,
} from "#worker/features/calendar/calendar-files.ts";

/** The pure part of the club calendar's files (worker/features/calendar/calendar-files.ts), read back by ical.js. */
const siteUrl = "https://emberandoak.club";

const listing = (overrides: Partial<ListingForFile> = {}): ListingForFile => ({
  id: "late-night",
  kind: "event",
  title: "Late pour",
  description: "Rare pours; last seating at midnight.",
  lounge: "platinum",
  startsAt: "2027-11-07T06:00:00.000Z",
  endsAt: "2027-11-07T08:30:00.000Z",
  status: "scheduled",
  cancelledAt: null,
  createdAt: "2027-10-01T17:00:00.000Z",
  updatedAt: null,
  ...overrides,
});

function readBack(text: string) {
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const instant = (name: string) => {
      const property = component.getFirstProperty(name)!;
      const time = property.getFirstValue() as ICAL.Time;
      if (property.getParameter("tzid")) time.zone = zone;
      return time.toJSDate().toISOString();
    };
    return {
      uid: component.getFirstPropertyValue("uid"),
      start: instant("dtstart"),
      end: instant("dtend"),
      status: component.getFirstPropertyValue("status"),
      sequence: component.getFirstPropertyValue("sequence"),
      summary: component.getFirstPropertyValue("summary"),
      location: component.getFirstPropertyValue("location"),
    };
  });
}

describe("an event's entry", () => {
  it("runs past 1 am on the night the clocks go back, and a calendar app reads both ends right", () => {
    // 11 pm PDT to 1:30 am PDT: the first of the two 1:30s, written in UTC.
    const text = calendarDocument(listingEntries(listing(), [], siteUrl));
    expect(text).toContain("\r\nDTSTART;TZID=America/Los_Angeles:20271106T230000\r\n");
    expect(text).toContain("\r\nDTEND:20271107T083000Z\r\n");
    expect(readBack(text)).toMatchObject([
      {
        uid: "event-late-night@emberandoak.club",
        start: "2027-11-07T06:00:00.000Z",
        end: "2027-11-07T08:30:00.000Z",
        status: "CONFIRMED",
        sequence: 0,
        summary: "Late pour",
        location: "Platinum Lounge, Northwest 23rd, Portland, Oregon",
      },
    ]);
  });

  it("says CANCELLED when the listing or the member's booking is, with a higher SEQUENCE", () => {
    const edited = listing({ updatedAt: "2027-10-02T17:00:00.000Z" });
    expect(readBack(calendarDocument(listingEntries(edited, [], siteUrl)))[0]).toMatchObject({ status: "CONFIRMED", sequence: 86_400 });
    const cancelled = listing({ status: "cancelled", cancelledAt: "2027-10-03T17:00:00.000Z", updatedAt: "2027-10-02T17:00:00.000Z" });
    expect(readBack(calendarDocument(listingEntries(cancelled, [], siteUrl)))[0]).toMatchObject({ status: "CANCELLED", sequence: 172_800 });
    const left = listingEntries(listing(), [], siteUrl, "2027-10-04T17:00:00.000Z");
    expect(readBack(calendarDocument(left))[0]).toMatchObject({ status: "CANCELLED", sequence: 259_200 });
  });

  it("a course term has one entry per session, numbered in order", () => {
    const term = listing({ id: "term", kind: "course", title: "Foundations" });
    const sessions = [
      { startsAt: "2027-03-07T02:00:00.000Z", endsAt: "2027-03-07T04:00:00.000Z" },
      { startsAt: "2027-03-15T01:00:00.000Z", endsAt: "2027-03-15T03:00:00.000Z" },
    ];
    const events = readBack(calendarDocument(listingEntries(term, sessions, siteUrl)));
    expect(events.map((event) => [event.uid, event.summary, event.start])).toEqual([
      ["course-term-1@emberandoak.club", "Foundations (session 1 of 2)", "2027-03-07T02:00:00.000Z"],
      ["course-term-2@emberandoak.club", "Foundations (session 2 of 2)", "2027-03-15T01:00:00.000Z"],
    ]);
  });
});

describe("meeting-room reservations", () => {
  const hour = (reservationId: string, startsAt: string, status: "booked" | "cancelled" = "booked") => ({
    reservationId,
    room: "fir" as const,
    startsAt,
    status,
    createdAt: "2027-01-01T17:00:00.000Z",
    cancelledAt: status === "cancelled" ? "2027-01-02T17:00:00.000Z" : null,
  });

  it("groups the hours of each reservation, in order, as one entry from the first hour to the end of the last", () => {
    const reservations = groupReservations([
      hour("b", "2027-01-05T19:00:00.000Z"),
      hour("a", "2027-01-04T18:00:00.000Z"),
      hour("b", "2027-01-05T18:00:00.000Z"),
    ]);
    expect(reservations.map((reservation) => [reservation.reservationId, reservation.hours])).toEqual([
      ["a", ["2027-01-04T18:00:00.000Z"]],
      ["b", ["2027-01-05T18:00:00.000Z", "2027-01-05T19:00:00.000Z"]],
    ]);
    const [entry] = readBack(calendarDocument([reservationEntry(reservations[1]!, siteUrl)]));
    expect(entry).toMatchObject({
      uid: "meeting-room-b@emberandoak.club",
      start: "2027-01-05T18:00:00.000Z",
      end: "2027-01-05T20:00:00.000Z",
      summary: "Fir Room, Ember & Oak Society",
      status: "CONFIRMED",
    });
  });

  it("is cancelled once every hour is", () => {
    const [cancelled] = groupReservations([
      hour("c", "2027-01-05T18:00:00.000Z", "cancelled"),
      hour("c", "2027-01-05T19:00:00.000Z", "cancelled"),
    ]);
    expect(readBack(calendarDocument([reservationEntry(cancelled!, siteUrl)]))[0]).toMatchObject({ status: "CANCELLED", sequence: 86_400 });
  });
});
