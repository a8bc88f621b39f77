import { describe, expect, it } from "vitest";
import { meetingRoomAllowanceText, tiersWithMeetingRooms } from "#app/features/calendar/meeting-room-facts.ts";
import { memberMeetingRoomsForm, meetingRoomDayQuery } from "#app/features/calendar/meeting-room-forms.ts";
import { meetingRoomStartHours, planRoomHours, portlandHourOf, weekOf } from "#app/features/calendar/meeting-room-hours.ts";
import { hourInWords, loungeBySlug, lounges, openingHoursText } from "#app/features/site/site-config.ts";
import { fieldErrors } from "#app/lib/form-result.ts";

/** Monday, January 6, 2031, 9:00 am in Portland (PST, UTC-8). */
const MONDAY_9AM = Date.parse("2031-01-06T17:00:00Z");

describe("the Business Lounge's hours, one rule and its words", () => {
  it("prints every lounge's hours from its opening hours, as the pages always said them", () => {
    expect(lounges.map((lounge) => lounge.hours)).toEqual([
      "Daily, 11 am – midnight",
      "Monday – Saturday, 7 am – 10 pm",
      "Daily, 4 pm – 2 am",
    ]);
    for (const lounge of lounges) expect(lounge.hours).toBe(openingHoursText(lounge.openingHours));
    expect([0, 7, 12, 21, 24, 26].map(hourInWords)).toEqual(["midnight", "7 am", "noon", "9 pm", "midnight", "2 am"]);
  });

  it("offers the hours from opening to the hour that ends at closing", () => {
    const { opens, closes } = loungeBySlug("business").openingHours;
    expect(meetingRoomStartHours).toEqual(Array.from({ length: closes - opens }, (_, index) => opens + index));
    expect(meetingRoomStartHours.map(hourInWords)).toEqual([
      "7 am",
      "8 am",
      "9 am",
      "10 am",
      "11 am",
      "noon",
      "1 pm",
      "2 pm",
      "3 pm",
      "4 pm",
      "5 pm",
      "6 pm",
      "7 pm",
      "8 pm",
      "9 pm",
    ]);
  });
});

describe("planRoomHours", () => {
  it("gives the UTC start of each Portland hour asked for, in winter and in summer", () => {
    expect(planRoomHours({ day: "2031-01-07", startHour: 9, hours: 2 }, MONDAY_9AM)).toEqual({
      ok: true,
      startsAt: ["2031-01-07T17:00:00.000Z", "2031-01-07T18:00:00.000Z"],
    });
    expect(planRoomHours({ day: "2031-02-25", startHour: 21, hours: 1 }, MONDAY_9AM)).toEqual({
      ok: true,
      startsAt: ["2031-02-26T05:00:00.000Z"],
    });
    // July: Portland is on daylight time (UTC-7).
    expect(planRoomHours({ day: "2030-07-02", startHour: 7, hours: 4 }, Date.parse("2030-07-01T12:00:00Z"))).toMatchObject({
      ok: true,
      startsAt: ["2030-07-02T14:00:00.000Z", "2030-07-02T15:00:00.000Z", "2030-07-02T16:00:00.000Z", "2030-07-02T17:00:00.000Z"],
    });
    expect(portlandHourOf("2030-07-02T14:00:00.000Z")).toBe(7);
  });

  it.each([
    ["a Sunday", { day: "2031-01-12", startHour: 10, hours: 1 }],
    ["before the lounge opens", { day: "2031-01-07", startHour: 6, hours: 2 }],
    ["past closing", { day: "2031-01-07", startHour: 21, hours: 2 }],
    ["five hours", { day: "2031-01-07", startHour: 9, hours: 5 }],
    ["no hours", { day: "2031-01-07", startHour: 9, hours: 0 }],
    ["half an hour", { day: "2031-01-07", startHour: 9.5, hours: 1 }],
  ])("refuses %s as outside the lounge's hours", (_case, request) => {
    expect(planRoomHours(request, MONDAY_9AM)).toEqual({ ok: false, reason: "outside-hours" });
  });

  it("refuses an hour that has started, and takes the next whole hour", () => {
    expect(planRoomHours({ day: "2031-01-06", startHour: 9, hours: 1 }, MONDAY_9AM)).toEqual({ ok: false, reason: "past" });
    expect(planRoomHours({ day: "2031-01-06", startHour: 9, hours: 1 }, MONDAY_9AM - 1)).toMatchObject({ ok: true });
    expect(planRoomHours({ day: "2031-01-06", startHour: 10, hours: 1 }, MONDAY_9AM + 59 * 60_000)).toMatchObject({ ok: true });
    expect(planRoomHours({ day: "2031-01-04", startHour: 10, hours: 1 }, MONDAY_9AM)).toEqual({ ok: false, reason: "past" });
  });

  it("takes a day up to 60 Portland days ahead", () => {
    // January 6 + 60 days = March 7, 2031 (a Friday); March 8 is a Saturday.
    expect(planRoomHours({ day: "2031-03-07", startHour: 21, hours: 1 }, MONDAY_9AM)).toMatchObject({ ok: true });
    expect(planRoomHours({ day: "2031-03-08", startHour: 7, hours: 1 }, MONDAY_9AM)).toEqual({ ok: false, reason: "too-far-ahead" });
  });
});

describe("the week's hours", () => {
  it("counts Monday to Sunday", () => {
    expect(weekOf("2031-01-06")).toEqual(["2031-01-06", "2031-01-12"]);
    expect(weekOf("2031-01-12")).toEqual(["2031-01-06", "2031-01-12"]);
    expect(weekOf("2031-01-01")).toEqual(["2030-12-30", "2031-01-05"]);
  });

  it("says the hours left in words, this week's and each later week's booked", () => {
    expect(tiersWithMeetingRooms()).toEqual(["business", "platinum"]);
    expect(meetingRoomAllowanceText("business", 2)).toBe("4 of 6 hours left this week.");
    expect(meetingRoomAllowanceText("platinum", 0, [{ monday: "Monday, January 13", booked: 3 }])).toBe(
      "10 of 10 hours left this week; 7 of 10 in the week of Monday, January 13.",
    );
    expect(meetingRoomAllowanceText("business", 9)).toBe("0 of 6 hours left this week.");
  });
});

describe("the /members/meeting-rooms forms", () => {
  const formKey = "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90";
  const valid = { intent: "book", formKey, room: "alder", day: "2031-01-07", startHour: "9", hours: "2" };

  it("reads a booking's numbers", () => {
    expect(memberMeetingRoomsForm.parse(valid)).toEqual({
      intent: "book",
      formKey,
      room: "alder",
      day: "2031-01-07",
      startHour: 9,
      hours: 2,
    });
    expect(memberMeetingRoomsForm.parse({ intent: "cancel", reservationId: " r-1 " })).toEqual({ intent: "cancel", reservationId: "r-1" });
  });

  it.each([
    [{ room: "boardroom" }, { room: "Choose a room." }],
    [{ day: "2031-02-30" }, { day: "Choose a day." }],
    [{ startHour: "6" }, { startHour: "Choose a start time." }],
    [{ startHour: "22" }, { startHour: "Choose a start time." }],
    [{ startHour: "nine" }, { startHour: "Choose a start time." }],
    [{ hours: "5" }, { hours: "Choose 1 to 4 hours." }],
    [{ hours: "0" }, { hours: "Choose 1 to 4 hours." }],
    [{ hours: undefined }, { hours: "Choose 1 to 4 hours." }],
    [{ formKey: "resent" }, { formKey: "This form is out of date. Reload the page and fill it in again." }],
  ])("refuses %j with the field's message", (change, errors) => {
    const parsed = memberMeetingRoomsForm.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)).toEqual(errors);
  });

  it("reads ?day= only when it is a day on the calendar", () => {
    expect(meetingRoomDayQuery.parse({ day: "2031-01-07" })).toEqual({ day: "2031-01-07" });
    expect(meetingRoomDayQuery.parse({ day: "soon" })).toEqual({ day: undefined });
    expect(meetingRoomDayQuery.parse({})).toEqual({ day: undefined });
  });
});
