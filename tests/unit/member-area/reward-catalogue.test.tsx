import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RedemptionConfirmation, RewardCatalogue, type RewardItemView } from "#app/features/member-area/reward-catalogue.tsx";

/** The rewards shop's cards and its confirmation step (docs/product-rules.md#member-area), rendered as the server sends them. */
function render(element: () => ReactNode): string {
  const Stub = createRoutesStub([{ path: "/rewards", Component: element, action: () => null }]);
  return renderToString(createElement(Stub, { initialEntries: ["/rewards"] }));
}

const cutter: RewardItemView = { id: "cutter", name: "Double-guillotine cutter", description: "Stainless.", pointsCost: 1200 };
const lighter: RewardItemView = { id: "lighter", name: "House lighter", description: "Triple flame.", pointsCost: 500 };
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("the rewards catalogue", () => {
  it("links an item the balance covers to its confirmation, and says what an unaffordable one needs, with no button", () => {
    const html = render(() => createElement(RewardCatalogue, { items: [cutter, lighter], balance: 1000, outcome: undefined }));
    expect(html).toContain('href="/rewards?redeem=lighter#confirm-redemption"');
    expect(html).not.toContain("?redeem=cutter");
    expect(text(html)).toContain("Unavailable: 200 more points needed");
    expect(text(html)).not.toContain("Unavailable: 1,200");
    expect(html).not.toMatch(/<button/);
  });

  it("says 'point' for a single missing point", () => {
    expect(text(render(() => createElement(RewardCatalogue, { items: [lighter], balance: 499, outcome: undefined })))).toContain(
      "Unavailable: 1 more point needed",
    );
  });

  it("confirms with the balance before and after, 'Confirm Redemption' posting the item and 'Keep My Points' back to the shop", () => {
    const html = render(() =>
      createElement(RedemptionConfirmation, { confirmation: { item: cutter, balanceBefore: 3000, balanceAfter: 1800 } }),
    );
    expect(text(html)).toContain("Redeem Double-guillotine cutter for 1,200 points?");
    expect(text(html)).toContain("Your balance goes from 3,000 points to 1,800 points.");
    const form = /<form [^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/rewards"');
    expect(html).toContain('name="itemId" value="cutter"');
    expect(text(html)).toContain("Confirm Redemption");
    expect(html).toMatch(/<a [^>]*href="\/rewards"[^>]*>Keep My Points<\/a>/);
  });
});
