import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Memberships from "#app/features/site/routes/memberships.tsx";

/** The calendar's public teaser on /memberships (docs/product-rules.md#members-pages). */
function render(events: { key: string; month: string; title: string }[]): string {
  const Page = () => createElement(Memberships, { loaderData: { events } } as unknown as Parameters<typeof Memberships>[0]);
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

describe("the memberships page's events", () => {
  it("lists the next events by month and title, and nothing about places or members", () => {
    const html = render([
      { key: "a", month: "December", title: "Holiday Humidor Night" },
      { key: "b", month: "January", title: "Dominican Ligero Night" },
    ]);
    expect(html).toContain('<span class="text-brass">December</span> · Holiday Humidor Night');
    expect(html).toContain('<span class="text-brass">January</span> · Dominican Ligero Night');
    const events = html.slice(html.indexOf('id="events-title"'), html.indexOf('id="how-to-join-title"'));
    expect(events).not.toMatch(/places? left|full|waitlist|Avery|@/i);
  });

  it("says the evenings are announced to members first when none is on the calendar", () => {
    expect(render([]).replaceAll("&#x27;", "'")).toContain("The next season's evenings are announced to members first.");
  });
});
