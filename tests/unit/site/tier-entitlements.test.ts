import { describe, expect, it } from "vitest";
import { lounges, membershipTiers } from "#app/features/site/site-config.ts";
import {
  courseNames,
  guestVisitsPerQuarter,
  tierEntitlements,
  tiersOpeningLounge,
  tiersWithCourse,
  type CourseSlug,
  type TierSlug,
} from "#app/features/site/tier-entitlements.ts";
import { guestAllowanceInWords, guestVisitLimitInWords, plusOneInWords, tierInclusions } from "#app/features/site/tier-inclusions.ts";

const tierSlugs = Object.keys(tierEntitlements) as TierSlug[];

/** What each tier includes is worded from the table (docs/product-rules.md#tier-entitlements). */
describe("the words of the tier entitlements", () => {
  it("words each tier's inclusions exactly as the rules enforce them", () => {
    expect(tierInclusions(tierEntitlements.kickback)).toEqual([
      "Lounge access: the Kickback Lounge (Daily, 11 am – midnight)",
      "Quarterly locker: a shared shelf for up to 25 cigars, offered when one is free (otherwise a place on its waitlist)",
      "Guest privileges: one guest a day, the stick fee waived, on 4 days a month",
      "Member events: the monthly tasting night and the summer patio series",
      "Cigar Academy: Foundations",
    ]);
    expect(tierInclusions(tierEntitlements.business)).toEqual([
      "Lounge access: the Business Lounge (Monday – Saturday, 7 am – 10 pm) and the Kickback Lounge (Daily, 11 am – midnight)",
      "Quarterly locker: a private locker for up to 75 cigars, offered when one is free (otherwise a place on its waitlist)",
      "Guest privileges: a guest every day, the stick fee waived",
      "Member events: the monthly tasting night, the summer patio series and master blender dinners",
      "Cigar Academy: Foundations and Blending & Terroir",
      "The Business Lounge's meeting rooms, up to 6 hours a week",
    ]);
    expect(tierInclusions(tierEntitlements.platinum)).toEqual([
      "Lounge access: the Platinum Lounge (Daily, 4 pm – 2 am), the Business Lounge (Monday – Saturday, 7 am – 10 pm) and the Kickback Lounge (Daily, 11 am – midnight)",
      "Quarterly locker: a cedar-lined locker for up to 200 cigars, with a nameplate whose text you choose, offered when one is free (otherwise a place on its waitlist)",
      "Guest privileges: a guest every day, the stick fee waived, and two extra guests on event nights (their stick fee not waived)",
      "Member events: the monthly tasting night, the summer patio series, master blender dinners and special events, with reserved seating at master blender dinners",
      "Cigar Academy: Foundations, Blending & Terroir, Humidor Craft and Sommelier Pairing masterclass",
      "The Business Lounge's meeting rooms, up to 10 hours a week",
      "Concierge service for allocations, private rooms and travel humidors",
    ]);
    expect(guestVisitLimitInWords()).toBe(`The same guest may visit at most ${guestVisitsPerQuarter} times a quarter, whoever hosts them.`);
  });

  it("changes the words when one allowance of a copy of the table changes", () => {
    const table = structuredClone(tierEntitlements);
    table.kickback.guests.guestDaysPerMonth = 6;
    expect(tierInclusions(table.kickback)).toContain("Guest privileges: one guest a day, the stick fee waived, on 6 days a month");
    expect(plusOneInWords(table)).toBe(
      "Bring a plus-one and we waive their stick fee: every day with Business and Platinum, six days a month with Kickback.",
    );

    table.platinum.guests.extraGuestsOnEventNights = 1;
    expect(guestAllowanceInWords(table.platinum.guests)).toBe(
      "a guest every day, the stick fee waived, and one extra guest on event nights (their stick fee not waived)",
    );

    table.business.guests.guestDaysPerMonth = 8;
    expect(plusOneInWords(table)).toBe(
      "Bring a plus-one and we waive their stick fee: every day with Platinum, six days a month with Kickback, eight days a month with Business.",
    );

    table.kickback.courses.push("humidor-craft");
    expect(tierInclusions(table.kickback)).toContain("Cigar Academy: Foundations and Humidor Craft");
    table.kickback.lockerClass = "private";
    expect(tierInclusions(table.kickback)[1]).toMatch(/^Quarterly locker: a private locker for up to 75 cigars/);
    expect(guestVisitLimitInWords(4)).toBe("The same guest may visit at most 4 times a quarter, whoever hosts them.");
  });

  it("words the home page's plus-one from the table", () => {
    expect(plusOneInWords()).toBe(
      "Bring a plus-one and we waive their stick fee: every day with Business and Platinum, four days a month with Kickback.",
    );
  });
});

describe("pages derived from the tier entitlements", () => {
  it("gives each lounge a key for exactly the tiers whose entitlements open it", () => {
    for (const lounge of lounges) {
      expect(lounge.tiers).toEqual(tiersOpeningLounge(lounge.slug));
      for (const tier of tierSlugs) expect(lounge.tiers.includes(tier)).toBe(tierEntitlements[tier].lounges.includes(lounge.slug));
    }
    expect(lounges.find((lounge) => lounge.slug === "business")?.tiers).toEqual(["business", "platinum"]);
  });

  it("includes each course with exactly the tiers whose entitlements list it", () => {
    for (const course of Object.keys(courseNames) as CourseSlug[]) {
      for (const tier of tierSlugs) expect(tiersWithCourse(course).includes(tier)).toBe(tierEntitlements[tier].courses.includes(course));
    }
    expect(tiersWithCourse("blending-terroir")).toEqual(["business", "platinum"]);
  });

  it("has an entry for every tier of site-config, and every tier's home lounge first", () => {
    expect(tierSlugs.toSorted()).toEqual(membershipTiers.map((tier) => tier.slug).toSorted());
    for (const tier of tierSlugs) expect(tierEntitlements[tier].lounges[0]).toBe(tier);
  });

  it("keeps the lounge pages' words on who holds a key: the Kickback open to every tier, the Platinum to Platinum only", () => {
    // lounge-pages.tsx: "open to every membership tier", "Open to every tier"; "for Platinum members only"; reserved seats there.
    expect(tiersOpeningLounge("kickback")).toEqual(tierSlugs);
    expect(tiersOpeningLounge("platinum")).toEqual(["platinum"]);
    expect(tierSlugs.filter((tier) => tierEntitlements[tier].reservedSeating)).toEqual(["platinum"]);
  });

  it("keeps the Business Lounge's promise: every tier with its key has a plus-one every day, the stick fee waived", () => {
    // lounge-pages.tsx says so of the tiers that hold a key to the Business Lounge.
    for (const tier of tiersOpeningLounge("business")) {
      const { guests } = tierEntitlements[tier];
      expect(guests.guestDaysPerMonth).toBeNull();
      expect(guests.plusOneStickFeeWaived).toBe(true);
      expect(guests.guestsPerDay).toBeGreaterThanOrEqual(1);
    }
  });
});
