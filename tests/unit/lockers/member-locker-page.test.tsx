import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import MemberLocker from "#app/features/lockers/routes/member-locker.tsx";

/** /members/locker as the server renders it (docs/product-rules.md#lockers), for each state of a member's locker. */
type PageData = Parameters<typeof MemberLocker>[0]["loaderData"];

const held = {
  number: "C-03",
  loungeName: "Platinum Lounge",
  className: "Cedar-lined locker",
  capacity: "Holds 200 cigars",
  hasNameplate: true,
  status: "active" as const,
  statusText: "Active",
  closedText: "Your locker is closed while your dues are unpaid: requests resume once they are paid.",
  term: "Held through June 1, 2027",
  nameplate: null,
};

/** A private locker offered at the Business Lounge; each test names the locker and what differs. */
type Offer = NonNullable<Extract<PageData, { offer: unknown }>["offer"]>;
function offerOf(changes: Partial<Offer>): Offer {
  return {
    ...held,
    className: "Private locker",
    loungeName: "Business Lounge",
    capacity: "Holds 75 cigars",
    hasNameplate: false,
    endsLabel: "March 8, 2027",
    replaces: null,
    downsize: false,
    ...changes,
  };
}

function render(data: PageData, path = "/"): string {
  const Stub = createRoutesStub([
    // The page gets the loader's data as React Router gives it (a stub's loader does not run in renderToString).
    { path: "/", Component: () => createElement(MemberLocker as never, { loaderData: data, actionData: undefined }) },
  ]);
  // Without React's markers between adjacent pieces of text, to read sentences whole.
  return renderToString(createElement(Stub, { initialEntries: [path] })).replaceAll("<!-- -->", "");
}

describe("the member's locker page", () => {
  it("shows the locker held, its term, the nameplate form and the request form with labelled fields", () => {
    const html = render({ held, offer: null, waiting: null, mayJoin: null, requests: [] });
    expect(html).toContain("Locker C-03");
    expect(html).toContain("Held through June 1, 2027");
    expect(html).toContain("Holds 200 cigars");
    expect(html).toMatch(/<label for="nameplate-text"[^>]*>Nameplate text<\/label>/);
    expect(html).toMatch(/<label for="request-kind"[^>]*>What you need<\/label>/);
    expect(html).toMatch(/<label for="request-note"[^>]*>Note \(optional\)<\/label>/);
    expect(html).toContain("No requests yet.");
    expect(html).not.toContain("Join the Waitlist");
  });

  it("shows an offer with Accept and Decline, and no nameplate or request form without a locker", () => {
    const offer = offerOf({ number: "P-01" });
    const html = render({ held: null, offer, waiting: null, mayJoin: null, requests: [] });
    expect(html).toContain("Private locker P-01 at the Business Lounge (holds 75 cigars). The offer holds until March 8, 2027.");
    expect(html).toContain('value="accept"');
    expect(html).toContain('href="/members/locker?decline"');
    expect(html).not.toContain("nameplate-text");
    expect(html).not.toContain("request-kind");
  });

  it("offers no Decline for a downgrade's offer, which replaces the bigger locker the member holds", () => {
    const offer = offerOf({
      number: "S-004",
      className: "Shared shelf",
      loungeName: "Kickback Lounge",
      capacity: "Holds 25 cigars",
      replaces: "C-02 at the Platinum Lounge",
      downsize: true,
    });
    for (const entry of ["/", "/?decline"]) {
      const html = render({ held: null, offer, waiting: null, mayJoin: null, requests: [] }, entry);
      expect(html).toContain("Accepting it releases locker C-02 at the Platinum Lounge.");
      expect(html).toContain("Until you accept it, the offer is made again each time it ends.");
      expect(html).toContain('value="accept"');
      expect(html).not.toContain('href="/members/locker?decline"');
      expect(html).not.toContain('value="decline"');
    }
  });

  it("asks the member to confirm a decline in a second step, without JavaScript", () => {
    const offer = offerOf({ number: "P-03" });
    const first = render({ held: null, offer, waiting: null, mayJoin: null, requests: [] });
    expect(first).toContain('href="/members/locker?decline"');
    expect(first).not.toContain('value="decline"');
    const confirm = render({ held: null, offer, waiting: null, mayJoin: null, requests: [] }, "/?decline");
    expect(confirm).toContain("Decline locker P-03? You leave the line for this class; you can rejoin later.");
    expect(confirm).toContain('value="decline"');
    expect(confirm).not.toContain('value="accept"');
  });

  it("shows no request form for a locker whose contents are held", () => {
    const holding = { ...held, status: "holding" as const, statusText: "Closed while your dues are unpaid." };
    const html = render({ held: holding, offer: null, waiting: null, mayJoin: null, requests: [] });
    expect(html).not.toContain("request-kind");
    expect(html).toContain("requests resume once they are paid");
  });

  it("shows the place in line, or the way to join it", () => {
    expect(
      render({
        held: null,
        offer: null,
        waiting: { text: "You are 3rd in line for a private locker." },
        mayJoin: null,
        requests: [],
      }),
    ).toContain("You are 3rd in line for a private locker.");
    const outside = render({
      held: null,
      offer: null,
      waiting: null,
      mayJoin: { text: "You are not on the waitlist for a private locker." },
      requests: [],
    });
    expect(outside).toContain("You are not on the waitlist for a private locker.");
    expect(outside).toContain("Join the Waitlist");
  });
});
