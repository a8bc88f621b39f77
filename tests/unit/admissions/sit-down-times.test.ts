import { describe, expect, it } from "vitest";
import { formatSitDownDay, formatSitDownTime, portlandTimeToUtc, startOfPortlandDay } from "#app/features/admissions/sit-down-times.ts";
import { sitDownSlotForm } from "#app/features/admissions/sit-down-forms.ts";

/** The concierge types Portland times; the database keeps UTC (docs/product-rules.md#sit-downs). */
describe("portlandTimeToUtc", () => {
  it("reads a winter time as PST (UTC-8) and a summer time as PDT (UTC-7)", () => {
    expect(portlandTimeToUtc("2026-12-01", "18:30")).toBe("2026-12-02T02:30:00.000Z");
    expect(portlandTimeToUtc("2026-07-01", "18:30")).toBe("2026-07-02T01:30:00.000Z");
    expect(portlandTimeToUtc("2026-12-31", "23:45")).toBe("2027-01-01T07:45:00.000Z");
  });

  it("refuses the hour skipped in March and impossible dates; takes the first of November's repeated hour", () => {
    expect(portlandTimeToUtc("2026-03-08", "02:30")).toBeNull();
    expect(portlandTimeToUtc("2026-03-08", "03:00")).toBe("2026-03-08T10:00:00.000Z");
    expect(portlandTimeToUtc("2026-11-01", "01:30")).toBe("2026-11-01T08:30:00.000Z");
    expect(portlandTimeToUtc("2026-02-30", "18:00")).toBeNull();
    expect(portlandTimeToUtc("2026-12-01", "24:00")).toBeNull();
    expect(portlandTimeToUtc("2026-12-1", "18:00")).toBeNull();
  });

  it("finds the instant Portland's day began, and shows times back in Portland", () => {
    expect(startOfPortlandDay(Date.parse("2026-12-02T05:00:00.000Z"))).toBe("2026-12-01T08:00:00.000Z");
    expect(formatSitDownDay("2026-12-02T02:30:00.000Z")).toBe("Tuesday, December 1");
    expect(formatSitDownTime("2026-12-02T02:30:00.000Z")).toBe("6:30 PM PST");
  });
});

describe("the concierge's slot form", () => {
  it("turns a Portland date and time into the slot's UTC start", () => {
    expect(sitDownSlotForm.parse({ intent: "publish", lounge: "platinum", day: "2026-12-01", time: "18:30", minutes: "45" })).toEqual({
      intent: "publish",
      lounge: "platinum",
      startsAt: "2026-12-02T02:30:00.000Z",
      minutes: 45,
    });
  });

  it("names the field of each mistake", () => {
    const errors = (fields: Record<string, string>) => sitDownSlotForm.safeParse({ intent: "publish", ...fields }).error?.issues[0];
    const valid = { lounge: "kickback", day: "2026-12-01", time: "18:30", minutes: "45" };
    expect(errors({ ...valid, lounge: "cellar" })).toMatchObject({ path: ["lounge"], message: "Choose a lounge." });
    expect(errors({ ...valid, day: "" })).toMatchObject({ path: ["day"], message: "Choose a date." });
    expect(errors({ ...valid, time: "6pm" })).toMatchObject({ path: ["time"], message: "Choose a start time." });
    expect(errors({ ...valid, day: "2026-03-08", time: "02:15" })).toMatchObject({
      path: ["time"],
      message: "That date and time do not exist in Portland. Choose another.",
    });
    for (const minutes of ["", "10", "181", "45.5", "forty"])
      expect(errors({ ...valid, minutes })).toMatchObject({ path: ["minutes"], message: "Enter the length in minutes, from 15 to 180." });
  });
});
