import { describe, expect, it } from "vitest";
import { acceptClubRulesForm, membersPageForm, redeemRewardForm } from "#app/features/member-area/member-forms.ts";
import { fieldErrors, formFields } from "#app/lib/form-result.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("the /members forms", () => {
  it("accepts a guest's name with accents, apostrophes and hyphens, trimmed", () => {
    expect(membersPageForm.parse(formFields(form({ intent: "use-guest-waiver", guestName: "  Siobhán O'Neill-Park Jr. " })))).toEqual({
      intent: "use-guest-waiver",
      guestName: "Siobhán O'Neill-Park Jr.",
    });
  });

  it.each([
    ["", "Please enter your guest's full name."],
    ["A", "Please enter your guest's full name."],
    ["<b>Ada</b>", "Please use letters, spaces, hyphens and apostrophes only."],
    ["Ada\nLovelace", "Please use letters, spaces, hyphens and apostrophes only."],
    ["Ada\u202ELovelace", "Please use letters, spaces, hyphens and apostrophes only."],
    ["\u0301\u0301\u0301", "Please use letters, spaces, hyphens and apostrophes only."],
    ["\u0301Ada", "Please use letters, spaces, hyphens and apostrophes only."],
    ["x".repeat(101), "Name too long"],
  ])("refuses the guest name %j with a message for the field", (guestName, message) => {
    const result = membersPageForm.safeParse({ intent: "use-guest-waiver", guestName });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ guestName: message });
  });

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
