import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ConciergeNav } from "#app/features/concierge/concierge-nav.tsx";

/** The console's tabs: which one is marked current (aria-current="page") on a page. */
function currentTabs(path: string): string[] {
  const Stub = createRoutesStub([{ path: "*", Component: ConciergeNav }]);
  const html = renderToString(createElement(Stub, { initialEntries: [path] }));
  return [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!);
}

describe("the concierge console's tabs", () => {
  it.each([
    ["/concierge/events", "Calendar"],
    ["/concierge/events/new", "Calendar"],
    ["/concierge/events/3f2a9c41", "Calendar"],
    ["/concierge/academy", "Calendar"],
    ["/concierge/academy/3f2a9c41", "Calendar"],
    ["/concierge/meeting-rooms", "Calendar"],
    ["/concierge/meeting-rooms?day=2031-01-07", "Calendar"],
    ["/concierge", "Applications"],
    ["/concierge/guests", "Guests"],
    ["/concierge/messages", "Messages"],
    ["/concierge/lockers/42", "Lockers"],
  ])("marks one tab current on %s: %s", (path, tab) => {
    expect(currentTabs(path)).toEqual([tab]);
  });

  it("marks no tab current on a path that only starts like a tab's", () => {
    expect(currentTabs("/concierge/eventsx")).toEqual([]);
    expect(currentTabs("/concierge/academy-old")).toEqual([]);
  });
});
