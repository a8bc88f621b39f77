import { describe, expect, it } from "vitest";
import { acceptClubRulesForm, redeemConfirmationQuery, redeemRewardForm } from "#app/features/member-area/member-forms.ts";

describe("the rewards form", () => {
  it("never carries a member id, even when the form sends one", () => {
    expect(redeemRewardForm.parse({ itemId: "house-lighter", memberId: "someone-else" })).toEqual({ itemId: "house-lighter" });
  });
});

describe("the rewards page's query", () => {
  it("names the item to confirm, and ignores anything else", () => {
    expect(redeemConfirmationQuery.parse({ redeem: "house-lighter", memberId: "someone" })).toEqual({ redeem: "house-lighter" });
    expect(redeemConfirmationQuery.parse({ redeem: "x".repeat(101) })).toEqual({ redeem: undefined });
    expect(redeemConfirmationQuery.parse({})).toEqual({ redeem: undefined });
  });
});

describe("the rules step's form", () => {
  it("needs the version read; the page to return to is optional", () => {
    expect(acceptClubRulesForm.parse({ rulesVersion: "2026-11" })).toEqual({ rulesVersion: "2026-11" });
    expect(acceptClubRulesForm.safeParse({ redirectTo: "/members" }).success).toBe(false);
  });
});
