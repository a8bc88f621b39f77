import { describe, expect, it } from "vitest";
import { homePageFor } from "#app/features/sign-in/home-page.ts";

/** Where each sign-in lands when no page was asked for (docs/product-rules.md#door). */
describe("the page a sign-in lands on", () => {
  it("is the door for door staff, the members area for members and concierges", () => {
    expect(homePageFor("door")).toBe("/door");
    expect(homePageFor("member")).toBe("/members");
    expect(homePageFor("concierge")).toBe("/members");
    expect(homePageFor(undefined)).toBe("/members");
  });
});
