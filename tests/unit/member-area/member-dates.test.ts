import { describe, expect, it } from "vitest";
import { formatPortlandDate, formatPortlandDateTime, formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";

describe("portlandDay", () => {
  it("is the calendar day in Portland, not in UTC", () => {
    expect(portlandDay(new Date("2026-11-22T07:59:59Z"))).toBe("2026-11-21");
    expect(portlandDay(new Date("2026-11-22T08:00:00Z"))).toBe("2026-11-22");
  });

  it("follows daylight saving time (UTC-7 in summer)", () => {
    expect(portlandDay(new Date("2026-07-04T06:59:59Z"))).toBe("2026-07-03");
    expect(portlandDay(new Date("2026-07-04T07:00:00Z"))).toBe("2026-07-04");
  });

  it("crosses years at Portland's midnight", () => {
    expect(portlandDay(new Date("2027-01-01T05:00:00Z"))).toBe("2026-12-31");
  });
});

describe("Portland date formatting", () => {
  it("shows an event's start in Portland time with the zone", () => {
    expect(formatPortlandDateTime("2026-12-12T03:00:00.000Z")).toMatch(/^Friday, December 11, 2026(,| at) 7:00\sPM PST$/);
    expect(formatPortlandDateTime("2027-07-10T02:00:00.000Z")).toMatch(/^Friday, July 9, 2027(,| at) 7:00\sPM PDT$/);
  });

  it("shows a timestamp's Portland date, and reads a Portland day back", () => {
    expect(formatPortlandDate("2026-11-22T05:00:00.000Z")).toBe("November 21, 2026");
    expect(formatPortlandDay("2026-11-21")).toBe("Saturday, November 21");
  });
});
