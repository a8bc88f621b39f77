import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  calendarText,
  clubDateTimeProperty,
  clubTimeZoneLines,
  escapeCalendarText,
  foldCalendarLine,
  utcDateTime,
} from "#worker/shared/ics.ts";

/** worker/shared/ics.ts against RFC 5545, read back by ical.js (the parser of Thunderbird). */

/** A file with the club's VTIMEZONE and one event starting at `iso` in club time. */
function fileStartingAt(iso: string): string {
  return calendarText([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Test//EN",
    ...clubTimeZoneLines,
    "BEGIN:VEVENT",
    "UID:test@example.com",
    `DTSTAMP:${utcDateTime("2026-01-01T00:00:00.000Z")}`,
    clubDateTimeProperty("DTSTART", iso),
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}

/** The instant a calendar app reads from the file: the local time resolved with the file's own VTIMEZONE. */
function instantRead(text: string): string {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // Only the file's block, never a zone ical.js knows on its own.
  ICAL.TimezoneService.reset();
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
  const property = calendar.getFirstSubcomponent("vevent")!.getFirstProperty("dtstart")!;
  const start = property.getFirstValue() as ICAL.Time;
  if (property.getParameter("tzid") === "America/Los_Angeles") start.zone = zone;
  else expect(start.zone).toBe(ICAL.Timezone.utcTimezone);
  return start.toJSDate().toISOString();
}

describe("date-times", () => {
  it("writes UTC date-times in form #2", () => {
    expect(utcDateTime("2026-12-01T02:30:00.000Z")).toBe("20261201T023000Z");
  });

  it.each([
    // Before and after the clocks go forward (Sunday, March 14, 2027, 2 am PST becomes 3 am PDT).
    ["2027-03-14T09:59:00.000Z", "DTSTART;TZID=America/Los_Angeles:20270314T015900"],
    ["2027-03-14T10:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20270314T030000"],
    ["2027-03-13T03:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20270312T190000"],
    ["2027-03-15T02:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20270314T190000"],
    // Before and after they go back (Sunday, November 7, 2027, 2 am PDT becomes 1 am PST).
    ["2027-11-07T07:59:00.000Z", "DTSTART;TZID=America/Los_Angeles:20271107T005900"],
    ["2027-11-07T10:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20271107T020000"],
    ["2027-11-06T02:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20271105T190000"],
    ["2027-11-08T03:00:00.000Z", "DTSTART;TZID=America/Los_Angeles:20271107T190000"],
    // 1:30 am comes twice that night (PDT, then PST): each is written in UTC.
    ["2027-11-07T08:30:00.000Z", "DTSTART:20271107T083000Z"],
    ["2027-11-07T09:30:00.000Z", "DTSTART:20271107T093000Z"],
  ])("writes %s as %s", (iso, expected) => {
    expect(clubDateTimeProperty("DTSTART", iso)).toBe(expected);
  });

  it.each([
    "2026-03-07T03:00:00.000Z",
    "2026-03-09T02:00:00.000Z",
    "2026-10-31T02:00:00.000Z",
    "2026-11-02T03:00:00.000Z",
    "2027-03-14T09:59:00.000Z",
    "2027-03-14T10:00:00.000Z",
    "2027-11-07T07:59:00.000Z",
    "2027-11-07T08:30:00.000Z",
    "2027-11-07T09:30:00.000Z",
    "2027-11-07T10:00:00.000Z",
    "2031-03-09T10:00:00.000Z",
    "2031-11-02T10:00:00.000Z",
    "2030-07-04T01:00:00.000Z",
    "2030-01-15T20:00:00.000Z",
  ])("a calendar app reads %s back from the club time and the file's VTIMEZONE", (iso) => {
    expect(instantRead(fileStartingAt(iso))).toBe(iso);
  });

  it("defines the zone by the US rules since 2007: PDT -0700 from March's second Sunday, PST -0800 from November's first", () => {
    const zone = new ICAL.Component(ICAL.parse(fileStartingAt("2027-01-01T00:00:00.000Z"))).getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe("America/Los_Angeles");
    const [daylight, standard] = [zone.getFirstSubcomponent("daylight")!, zone.getFirstSubcomponent("standard")!];
    expect(daylight.getFirstPropertyValue("tzoffsetto")?.toString()).toBe("-07:00");
    expect(daylight.getFirstPropertyValue("tzname")).toBe("PDT");
    expect(daylight.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(standard.getFirstPropertyValue("tzoffsetto")?.toString()).toBe("-08:00");
    expect(standard.getFirstPropertyValue("tzname")).toBe("PST");
    expect(standard.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });
});

describe("text and lines", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeCalendarText("Oak; Ember, \\ Co\nline\r\nend")).toBe("Oak\\; Ember\\, \\\\ Co\\nline\\nend");
  });

  it("folds long lines at 75 octets without splitting a character, and unfolds to the same line", () => {
    const line = `DESCRIPTION:${"é".repeat(60)}${"a".repeat(90)}`;
    const pieces = foldCalendarLine(line).split("\r\n");
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((piece) => piece.startsWith(" "))).toBe(true);
    expect(pieces.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join("")).toBe(line);
  });

  it("leaves a line of exactly 75 octets whole", () => {
    const line = `SUMMARY:${"x".repeat(67)}`;
    expect(foldCalendarLine(line)).toBe(line);
    expect(foldCalendarLine(`${line}y`)).toBe(`${line}\r\n y`);
  });

  it("ends every line with CRLF, the last included, and nothing with a bare LF or CR", () => {
    const text = calendarText(["BEGIN:VCALENDAR", `DESCRIPTION:${escapeCalendarText(`${"long ".repeat(30)}\nsecond`)}`, "END:VCALENDAR"]);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(new ICAL.Component(ICAL.parse(text)).name).toBe("vcalendar");
  });
});
