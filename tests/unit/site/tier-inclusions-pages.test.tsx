import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InvitationDialogProvider } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { AuthProvider } from "#app/features/sign-in/auth.tsx";
import { loungePages } from "#app/features/site/lounges/lounge-pages.tsx";
import CigarAcademy from "#app/features/site/routes/cigar-academy.tsx";
import Home from "#app/features/site/routes/home.tsx";
import Memberships from "#app/features/site/routes/memberships.tsx";
import Terms from "#app/features/site/routes/terms.tsx";
import { loungeBySlug, membershipTiers } from "#app/features/site/site-config.ts";
import {
  courseNames,
  eventKindNames,
  guestVisitsPerQuarter,
  lockerClasses,
  tierEntitlements,
  type TierSlug,
} from "#app/features/site/tier-entitlements.ts";
import { plusOneInWords, tierInclusions } from "#app/features/site/tier-inclusions.ts";

/** Renders a page or a fragment inside a router, as text with React's escapes undone. */
function render(content: () => ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: content }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }))
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'");
}

const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Each tier's card on /memberships, from its name's heading to the next card. */
function tierCards(html: string): Record<TierSlug, string> {
  const cards = {} as Record<TierSlug, string>;
  for (const [index, tier] of membershipTiers.entries()) {
    const start = html.indexOf(`>${tier.name}</h3>`);
    const next = membershipTiers[index + 1];
    const end = next ? html.indexOf(`>${next.name}</h3>`) : html.indexOf("Dues are billed quarterly in advance.");
    expect(start).toBeGreaterThan(-1);
    cards[tier.slug] = html.slice(start, end);
  }
  return cards;
}

/** /memberships prints what the tier entitlements grant (docs/product-rules.md#tier-entitlements). */
describe("the memberships page's inclusions", () => {
  // The page's loader reads the calendar's teaser (tests/unit/calendar/memberships-teaser.test.tsx); none here.
  const html = render(() => createElement(Memberships, { loaderData: { events: [] } } as unknown as Parameters<typeof Memberships>[0]));
  const cards = tierCards(html);

  it("lists each tier's inclusions, worded from the table, in that tier's card", () => {
    for (const tier of membershipTiers) {
      for (const line of tierInclusions(tierEntitlements[tier.slug])) expect(cards[tier.slug]).toContain(`<span>${line}</span>`);
    }
  });

  it("shows every number and name of the table in the card of its tier", () => {
    for (const tier of membershipTiers) {
      const entitlements = tierEntitlements[tier.slug];
      const card = cards[tier.slug];
      for (const slug of entitlements.lounges) {
        expect(card).toContain(loungeBySlug(slug).name);
        expect(card).toContain(loungeBySlug(slug).hours);
      }
      const locker = lockerClasses[entitlements.lockerClass];
      expect(card).toContain(`up to ${locker.cigars} cigars`);
      expect(card.includes("nameplate")).toBe(locker.nameplate);
      const { guests } = entitlements;
      expect(card).toContain(guests.guestDaysPerMonth === null ? "a guest every day" : `${numberWords[guests.guestsPerDay]} guest a day`);
      if (guests.guestDaysPerMonth !== null) expect(card).toContain(`on ${guests.guestDaysPerMonth} days a month`);
      expect(card.includes("the stick fee waived")).toBe(guests.plusOneStickFeeWaived);
      expect(card.includes("extra guests on event nights (their stick fee not waived)")).toBe(guests.extraGuestsOnEventNights > 1);
      if (guests.extraGuestsOnEventNights > 0) expect(card).toContain(`${numberWords[guests.extraGuestsOnEventNights]} extra guest`);
      for (const kind of entitlements.events) expect(card).toContain(eventKindNames[kind]);
      for (const course of entitlements.courses) expect(card).toContain(courseNames[course]);
      expect(card.includes("reserved seating")).toBe(entitlements.reservedSeating);
      expect(card.includes("meeting rooms")).toBe(entitlements.meetingRooms);
      expect(card.includes("Concierge service")).toBe(entitlements.conciergeService);
    }
    expect(cards.kickback).not.toContain("Humidor Craft");
    expect(cards.business).not.toContain("Platinum Lounge");
  });

  it("states the quarterly limit on one guest's visits", () => {
    expect(html).toContain(`The same guest may visit at most ${guestVisitsPerQuarter} times a quarter, whoever hosts them.`);
  });
});

describe("other pages that repeat a tier's promise", () => {
  it("names the tiers that include each course on /cigar-academy from the table", () => {
    const html = render(CigarAcademy);
    for (const name of Object.values(courseNames)) expect(html).toContain(`>${name}</h3>`);
    expect(html).toContain("Included with: Kickback, Business, Platinum");
    expect(html).toContain("Included with: Business, Platinum");
    expect(html.match(/Included with: Platinum</g)).toHaveLength(2);
  });

  it("words the home page's plus-one and the terms' guest limit from the table", () => {
    const homeProps = { loaderData: { smsVerified: false }, params: {}, matches: [] } as unknown as Parameters<typeof Home>[0];
    const home = () => (
      <AuthProvider auth={{ user: null, session: null }}>
        <InvitationDialogProvider siteKey="">
          <Home {...homeProps} />
        </InvitationDialogProvider>
      </AuthProvider>
    );
    // The home page writes its plus-one out (its first load carries no words code): it must say what the table says.
    expect(render(home)).toContain(`${plusOneInWords()} Introductions are how this society has always grown.`);
    const terms = render(Terms);
    expect(terms).toContain(`The same guest may visit at most ${guestVisitsPerQuarter} times a quarter, whoever hosts them.`);
    // The locker lapse workflow (docs/product-rules.md#lockers: 7 days' grace, contents held 60 days, then released).
    expect(terms).toContain("the locker stays yours for seven days");
    expect(terms).toContain("the concierge holds its contents for sixty days for you to collect");
  });

  it("words the lounges' guest notes and the Platinum Lounge's lockers from the table", () => {
    expect(loungePages.platinum.details).toContainEqual({
      label: "Lockers",
      value: `Cedar-lined, up to ${lockerClasses.cedar.cigars} cigars each, with an engraved brass nameplate`,
    });
    expect(render(() => loungePages.business.admission.note)).toContain(
      "Business and Platinum members bring a plus-one every day with the stick fee waived",
    );
    expect(render(() => loungePages.platinum.admission.note)).toContain(
      "A Platinum member may bring a guest every day, the stick fee waived, and two extra guests on event nights (their stick fee not waived).",
    );
  });
});
