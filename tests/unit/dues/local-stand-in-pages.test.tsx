import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import LocalBillingPortal from "#app/features/dues/routes/local-billing-portal.tsx";
import LocalCheckout from "#app/features/dues/routes/local-checkout.tsx";

/** The local payments stand-in's pages say what they are, and offer only the buttons that apply. */
function render<Props extends object>(Component: (props: Props) => unknown, loaderData: unknown): string {
  const props = { loaderData, params: {}, matches: [] } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/", Component: () => (Component as (props: Props) => React.ReactNode)(props) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

const checkout = {
  status: "open",
  email: "avery@example.com",
  tierName: "Business",
  initiationFeeCents: 100_000,
  duesCents: 89_700,
  expiresAt: "2026-11-25T07:00:00.000Z",
} satisfies ComponentProps<typeof LocalCheckout>["loaderData"];

describe("the local Checkout stand-in page", () => {
  it("is labelled as a stand-in where no money moves, with the amounts and Pay / Cancel while open", () => {
    const html = render(LocalCheckout, checkout);
    expect(html).toContain("Local stand-in: no money moves");
    expect(html).toContain("$1,000");
    expect(html).toContain("$897");
    expect(html).toContain("$1,897");
    expect(html).toContain('value="pay"');
    expect(html).toContain('value="cancel"');
  });

  it("offers no button once the checkout is complete or expired", () => {
    expect(render(LocalCheckout, { ...checkout, status: "complete" })).toContain("This checkout is complete.");
    const expired = render(LocalCheckout, { ...checkout, status: "expired" });
    expect(expired).toContain("This checkout has expired.");
    expect(expired).not.toContain('value="pay"');
  });
});

describe("the local Billing Portal stand-in page", () => {
  const portal = {
    tierName: "Business",
    duesCents: 89_700,
    status: "past_due",
    currentPeriodEnd: "2027-02-23T08:00:00.000Z",
    cancelAtPeriodEnd: false,
    openInvoiceCents: 89_700,
  } satisfies ComponentProps<typeof LocalBillingPortal>["loaderData"];

  it("is labelled as a stand-in, and offers the open invoice while one waits", () => {
    const html = render(LocalBillingPortal, portal);
    expect(html).toContain("Local stand-in: no money moves");
    expect(html).toContain("Past due");
    expect(html).toContain('value="pay-open-invoice"');
    expect(html).toContain('value="cancel-at-period-end"');
    expect(render(LocalBillingPortal, { ...portal, status: "active", openInvoiceCents: null })).not.toContain('value="pay-open-invoice"');
  });

  it("says when a subscription set to cancel ends, and offers nothing once it is cancelled", () => {
    const ending = render(LocalBillingPortal, { ...portal, status: "active", openInvoiceCents: null, cancelAtPeriodEnd: true });
    expect(ending).toContain("Ends on");
    expect(ending).not.toContain('value="cancel-at-period-end"');
    expect(render(LocalBillingPortal, { ...portal, status: "canceled" })).not.toContain("<form");
  });
});
