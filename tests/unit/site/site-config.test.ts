import { describe, expect, it } from "vitest";
import { localBusinessJsonLd } from "#app/features/site/local-business.ts";
import { membershipTiers, monthlyPriceRange } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { tierInclusions } from "#app/features/site/tier-inclusions.ts";

describe("site configuration", () => {
  it("prices every tier inside the advertised $149 to $599 range", () => {
    const prices = membershipTiers.map((tier) => tier.monthlyPrice);
    expect(Math.min(...prices)).toBe(149);
    expect(Math.max(...prices)).toBe(599);
    expect(monthlyPriceRange).toEqual({ from: 149, to: 599 });
  });

  it("states that every tier includes lockers, guest privileges, events and the academy", () => {
    for (const tier of membershipTiers) {
      const includes = tierInclusions(entitlementsOf(tier.slug)).join(" ").toLowerCase();
      for (const benefit of ["locker", "guest privileges", "events", "academy"]) expect(includes).toContain(benefit);
    }
  });
});

describe("localBusinessJsonLd", () => {
  it("describes the club with the price range and the five amenities, on absolute URLs", () => {
    const jsonLd = localBusinessJsonLd("https://club.example");
    expect(jsonLd.priceRange).toBe("$149 - $599");
    expect(jsonLd.amenityFeature).toHaveLength(5);
    expect(jsonLd.amenityFeature.every((feature) => feature.value === true)).toBe(true);
    expect(jsonLd.url).toBe("https://club.example/");
    expect(jsonLd.department.map((lounge) => lounge.url)).toEqual([
      "https://club.example/lounges/kickback",
      "https://club.example/lounges/business",
      "https://club.example/lounges/platinum",
    ]);
  });
});
