import { describe, expect, it } from "vitest";
import {
  formatLockerQuarter,
  formatPortlandDate,
  formatPortlandDateTime,
  formatPortlandDay,
  portlandDay,
} from "#app/features/member-area/member-dates.ts";

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

describe("formatLockerQuarter", () => {
  it("reads a stored quarter the way members say it", () => {
    expect(formatLockerQuarter("2026-Q4")).toBe("Q4 2026");
    expect(formatLockerQuarter("2027-Q1")).toBe("Q1 2027");
  });

  it("is null for no quarter or a malformed one", () => {
    expect(formatLockerQuarter(null)).toBeNull();
    expect(formatLockerQuarter("")).toBeNull();
    expect(formatLockerQuarter("2026-Q5")).toBeNull();
    expect(formatLockerQuarter("Q4 2026")).toBeNull();
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
