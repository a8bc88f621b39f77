import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listPartnerVendors } from "#worker/features/member-area/partner-vendors.ts";

describe("partner vendors", () => {
  it("lists the vendors of the club catalogue with their member offers, by category", async () => {
    const vendors = await listPartnerVendors(env.DB);
    expect(vendors.length).toBeGreaterThanOrEqual(5);
    expect(vendors.map((vendor) => vendor.category)).toEqual([...vendors.map((vendor) => vendor.category)].sort());
    expect(vendors).toContainEqual(
      expect.objectContaining({
        name: "Steel Bridge Barbers",
        category: "Grooming",
        memberOffer: "A complimentary hot-towel shave with your first cut.",
      }),
    );
  });
});
