import { describe, expect, it } from "vitest";
import { acceptClubRulesForm, redeemRewardForm } from "#app/features/member-area/member-forms.ts";

describe("the rewards form", () => {
  it("never carries a member id, even when the form sends one", () => {
    expect(redeemRewardForm.parse({ itemId: "house-lighter", memberId: "someone-else" })).toEqual({ itemId: "house-lighter" });
  });
});

describe("the rules step's form", () => {
  it("needs the version read; the page to return to is optional", () => {
    expect(acceptClubRulesForm.parse({ rulesVersion: "2026-11" })).toEqual({ rulesVersion: "2026-11" });
    expect(acceptClubRulesForm.safeParse({ redirectTo: "/members" }).success).toBe(false);
  });
});
