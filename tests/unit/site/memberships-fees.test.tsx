import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Memberships from "#app/features/site/routes/memberships.tsx";

/** /memberships shows what an offer charges: each tier's quarterly dues and initiation fee, from site-config. */
describe("the memberships page's prices", () => {
  it("shows each tier's dues billed quarterly and its one-time initiation fee", () => {
    // The page's loader reads the calendar's teaser (tests/unit/calendar/memberships-teaser.test.tsx); none here.
    const Page = () => createElement(Memberships, { loaderData: { events: [] } } as unknown as Parameters<typeof Memberships>[0]);
    const Stub = createRoutesStub([{ path: "/memberships", Component: Page }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/memberships"] })).replaceAll("<!-- -->", "");
    expect(html).toContain("$447 billed quarterly; initiation fee $500, once, waived when a member introduces you");
    expect(html).toContain("$897 billed quarterly; initiation fee $1,000, once, waived when a member introduces you");
    expect(html).toContain("$1,797 billed quarterly; initiation fee $2,500, once, waived when a member introduces you");
    // The rule the waiver follows (docs/product-rules.md#paying-an-offer).
    expect(html).toContain("Initiation is waived for members introduced by a current member in good standing.");
  });
});
