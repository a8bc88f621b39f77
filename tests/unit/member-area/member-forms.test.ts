import { describe, expect, it } from "vitest";
import { acceptClubRulesForm, membersPageForm, redeemRewardForm } from "#app/features/member-area/member-forms.ts";

describe("the /members forms", () => {
  it("reads the plus-one checkbox: ticked when sent, not when absent", () => {
    expect(membersPageForm.parse({ intent: "rsvp", eventId: "e1", plusOne: "yes" })).toEqual({
      intent: "rsvp",
      eventId: "e1",
      plusOne: true,
    });
    expect(membersPageForm.parse({ intent: "rsvp", eventId: "e1" })).toEqual({ intent: "rsvp", eventId: "e1", plusOne: false });
    expect(membersPageForm.safeParse({ intent: "rsvp", eventId: "e1", plusOne: "2" }).success).toBe(false);
  });

  it("refuses an unknown intent and an RSVP without an event", () => {
    expect(membersPageForm.safeParse({ intent: "delete-member" }).success).toBe(false);
    expect(membersPageForm.safeParse({ intent: "cancel-rsvp", eventId: "" }).success).toBe(false);
  });

  it("never carries a member id, even when the form sends one", () => {
    expect(membersPageForm.parse({ intent: "cancel-rsvp", eventId: "e1", memberId: "someone-else" })).toEqual({
      intent: "cancel-rsvp",
      eventId: "e1",
    });
    expect(redeemRewardForm.parse({ itemId: "house-lighter", memberId: "someone-else" })).toEqual({ itemId: "house-lighter" });
  });
});

describe("the rules step's form", () => {
  it("needs the version read; the page to return to is optional", () => {
    expect(acceptClubRulesForm.parse({ rulesVersion: "2026-11" })).toEqual({ rulesVersion: "2026-11" });
    expect(acceptClubRulesForm.safeParse({ redirectTo: "/members" }).success).toBe(false);
  });
});
