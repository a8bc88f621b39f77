import { writeFileSync } from "node:fs";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ColumnChart, MeterChart } from "#app/features/concierge/dashboard-charts.tsx";
import { addDays, portlandMidnight, portlandQuarter, portlandToday, weekMonday } from "#app/features/concierge/club-days.ts";

/**
 * The dashboard's SVG charts (docs/product-rules.md#dashboard): an image named by its title and
 * described by its summary, a bar per value, the numbers again in a table, and no script. With
 * CHART_PREVIEW=<file.html> the charts are also written there with sample figures, to be looked at
 * in a browser at a phone's width.
 */
const evenings = [0, 3, 12, 0, 7, 9, 31, 0, 2, 5, 14, 22, 40, 6].map((value, index) => ({
  label: `Nov ${11 + index}`,
  name: `Evening ${index + 1}`,
  value,
}));

const columnChart = createElement(ColumnChart, {
  title: "Check-ins per evening",
  summary: "151 check-ins in the last 14 evenings.",
  columns: evenings,
  periodHeading: "Evening",
  valueHeading: "Members checked in",
  labelEvery: 4,
  emptyText: "No check-ins in these 14 evenings",
});

const meterChart = createElement(MeterChart, {
  title: "Locker occupancy",
  summary: "Business Lounge: 20 of 24 held, 2 offered.",
  meters: [
    { label: "Business Lounge", value: 20, extra: 2, of: 24, reading: "20 held · 2 offered · 2 free", cells: ["20", "2", "2", "24"] },
    { label: "Platinum Lounge", value: 14, of: 12, reading: "14 of 12", cells: ["14", "0", "0", "12"] },
  ],
  headings: ["Lounge", "Held", "Offered", "Free", "Lockers"],
  legend: { value: "Held", extra: "Offered" },
});

describe("the dashboard's charts", () => {
  it("draw a named, described image with a bar per value and a table of the figures, without script", () => {
    const html = renderToStaticMarkup(columnChart);
    const labelledBy = /<svg role="img" aria-labelledby="([^"]+)"/.exec(html)![1]!.split(" ");
    expect(labelledBy).toHaveLength(2);
    expect(html).toContain(`<title id="${labelledBy[0]}">Check-ins per evening</title>`);
    expect(html).toContain(`<desc id="${labelledBy[1]}">151 check-ins in the last 14 evenings.</desc>`);
    expect(html.match(/<rect /g)).toHaveLength(evenings.filter((evening) => evening.value > 0).length);
    expect(html.match(/<th scope="row"/g)).toHaveLength(14);
    expect(html).toContain("<summary");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("No check-ins in these 14 evenings");
  });

  it("say so in the chart when every value is zero", () => {
    const html = renderToStaticMarkup(
      createElement(ColumnChart, { ...columnChart.props, columns: evenings.map((evening) => ({ ...evening, value: 0 })) }),
    );
    expect(html).toContain("No check-ins in these 14 evenings");
    expect(html).not.toContain("<rect");
  });

  it("turn a meter ember past its whole, and show a second part (offers) in ember beside the first", () => {
    const html = renderToStaticMarkup(meterChart);
    expect(html.match(/class="fill-ember"/g)).toHaveLength(3); // the offers, the over-full bar, the legend
    expect(html).toContain("14 of 12");
  });

  it("write a preview when asked", () => {
    const file = process.env.CHART_PREVIEW;
    if (!file) return;
    const css = process.env.CHART_CSS ?? "";
    const body = renderToStaticMarkup(createElement(Fragment, null, columnChart, meterChart));
    writeFileSync(
      file,
      `<!doctype html><html><head><link rel="stylesheet" href="${css}"></head><body class="bg-night p-5"><div class="grid gap-6">${body}</div></body></html>`,
    );
  });
});

describe("the club's periods", () => {
  it("know Portland's days, weeks and quarters, and their midnights in UTC across the clock changes", () => {
    expect(portlandToday(Date.parse("2026-11-24T07:59:59Z"))).toBe("2026-11-23");
    expect(portlandToday(Date.parse("2026-11-24T08:00:00Z"))).toBe("2026-11-24");
    expect(weekMonday("2026-11-29")).toBe("2026-11-23"); // a Sunday ends its week
    expect(weekMonday("2026-11-23")).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(portlandMidnight("2026-07-01")).toBe("2026-07-01T07:00:00.000Z");
    expect(portlandMidnight("2026-12-01")).toBe("2026-12-01T08:00:00.000Z");
    expect(portlandMidnight("2026-11-01")).toBe("2026-11-01T07:00:00.000Z"); // the clocks go back at 2 am
    expect(portlandQuarter("2026-11-24")).toEqual({
      first: "2026-10-01",
      next: "2027-01-01",
      months: ["2026-10-01", "2026-11-01", "2026-12-01"],
    });
    expect(portlandQuarter("2027-03-31")).toEqual({
      first: "2027-01-01",
      next: "2027-04-01",
      months: ["2027-01-01", "2027-02-01", "2027-03-01"],
    });
  });
});
