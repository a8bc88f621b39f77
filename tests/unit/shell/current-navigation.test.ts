import { describe, expect, it } from "vitest";
import { currentNavigationPath } from "#app/shell/site-header.tsx";
import { memberNavigation } from "#app/features/site/site-config.ts";

const paths = memberNavigation.map((link) => link.to);

describe("the header's current page", () => {
  it("marks Calendar alone on the calendar's pages, not Members Area too", () => {
    expect(currentNavigationPath(paths, "/members/events")).toBe("/members/events");
    expect(currentNavigationPath(paths, "/members/events/abc")).toBe("/members/events");
  });

  it("marks Members Area on its other pages, and Home only on the home page", () => {
    expect(currentNavigationPath(paths, "/members")).toBe("/members");
    expect(currentNavigationPath(paths, "/members/locker")).toBe("/members");
    expect(currentNavigationPath(paths, "/")).toBe("/");
    expect(currentNavigationPath(paths, "/members-yards")).toBeUndefined();
  });
});
