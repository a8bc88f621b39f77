import { describe, expect, it } from "vitest";
import { guestAllowanceText, stickFeeText } from "#app/features/guests/guest-allowance.ts";
import { guestLogQuery, memberGuestsForm } from "#app/features/guests/guest-forms.ts";
import { fieldErrors, formFields } from "#app/lib/form-result.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const valid = {
  intent: "register",
  formKey: "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90",
  day: "2031-01-05",
  lounge: "kickback",
  guestName: "Ada Lovelace",
  adult: "yes",
};

describe("the /members/guests forms", () => {
  it("accepts a guest's name with accents, apostrophes and hyphens, trimmed, and an email or none", () => {
    expect(
      memberGuestsForm.parse(formFields(form({ ...valid, guestName: "  Siobhán O'Neill-Park Jr. ", guestEmail: " ada@example.com " }))),
    ).toEqual({
      ...valid,
      guestName: "Siobhán O'Neill-Park Jr.",
      guestEmail: "ada@example.com",
    });
    expect(memberGuestsForm.parse({ ...valid, guestEmail: "" })).toMatchObject({ guestEmail: null });
    expect(memberGuestsForm.parse(valid)).toMatchObject({ guestEmail: null });
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
    const result = memberGuestsForm.safeParse({ ...valid, guestName });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ guestName: message });
  });

  it.each(["2026-11-31", "2026-09-31", "2026-11-99", "2026-02-29", "2026-13-01", "2026-00-10", "2026-11-00"])(
    "refuses the made-up day %s with the day's message",
    (day) => {
      expect(fieldErrors(memberGuestsForm.safeParse({ ...valid, day }).error!)).toEqual({ day: "Choose a day." });
    },
  );

  it("accepts a day on the calendar, February 29 of a leap year included", () => {
    expect(memberGuestsForm.parse({ ...valid, day: "2028-02-29" })).toMatchObject({ day: "2028-02-29" });
    expect(memberGuestsForm.parse({ ...valid, day: "2026-12-31" })).toMatchObject({ day: "2026-12-31" });
  });

  it("requires the 21-or-older box to be ticked", () => {
    expect(fieldErrors(memberGuestsForm.safeParse({ ...valid, adult: undefined }).error!)).toEqual({
      adult: "Please confirm your guest is 21 or older.",
    });
  });

  it("reads the log's query, ignoring what is not a page number", () => {
    expect(guestLogQuery.parse({ q: " ada ", page: "3" })).toEqual({ q: "ada", page: 3 });
    expect(guestLogQuery.parse({ q: "", page: "-1" })).toEqual({ q: null, page: 1 });
    expect(guestLogQuery.parse({})).toEqual({ q: null, page: 1 });
  });
});

describe("the guest allowance in words", () => {
  it("counts a Kickback member's guest days left, and says every day for the daily tiers", () => {
    expect(guestAllowanceText("kickback", 2)).toBe("2 of 4 guest days left this month.");
    expect(guestAllowanceText("kickback", 5)).toBe("0 of 4 guest days left this month.");
    expect(guestAllowanceText("business", 9)).toBe("A guest every day.");
    expect(guestAllowanceText("platinum", 0)).toBe("A guest every day, and two extra guests on event nights.");
  });

  it("counts each later month the member registered guests in against its own allowance", () => {
    expect(guestAllowanceText("kickback", 1, [{ month: "December", used: 3 }])).toBe(
      "3 of 4 guest days left this month; 1 of 4 in December.",
    );
    expect(guestAllowanceText("business", 0, [{ month: "December", used: 3 }])).toBe("A guest every day.");
  });

  it("says the extras pay the stick fee only for a tier that has extras", () => {
    expect(stickFeeText("kickback")).toBe("The stick fee of your first guest each day is waived.");
    expect(stickFeeText("platinum")).toBe("The stick fee of your first guest each day is waived; extra guests on event nights pay it.");
  });
});
