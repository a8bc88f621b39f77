import { describe, expect, it } from "vitest";
import { memberLockerForm, nameplateText } from "#app/features/lockers/locker-forms.ts";
import { ordinal } from "#app/features/lockers/locker-view.ts";

/** The locker page's forms and words (docs/product-rules.md#lockers). */
describe("the nameplate", () => {
  it("takes letters of any script, digits, spaces and & . ' -, trimmed, up to 40", () => {
    expect(nameplateText.parse("  Siobhán & Ode 1887  ")).toBe("Siobhán & Ode 1887");
    expect(nameplateText.parse("x".repeat(40))).toHaveLength(40);
  });

  it("refuses markup, control and direction characters, punctuation alone and more than 40", () => {
    for (const text of ["<b>", "a\u0000b", "a\u202Eb", "a\nb", "...", "x".repeat(41), "   ", "a@b"])
      expect(nameplateText.safeParse(text).success).toBe(false);
  });
});

describe("the request form", () => {
  it("takes a kind and an optional note, an empty note as none", () => {
    expect(memberLockerForm.parse({ intent: "request", kind: "pull", note: " " })).toEqual({ intent: "request", kind: "pull", note: null });
    expect(memberLockerForm.parse({ intent: "request", kind: "humidity", note: "Line one\nline two" })).toMatchObject({
      note: "Line one\nline two",
    });
  });

  it("refuses an unknown kind or intent", () => {
    expect(memberLockerForm.safeParse({ intent: "request", kind: "polish" }).success).toBe(false);
    expect(memberLockerForm.safeParse({ intent: "release" }).success).toBe(false);
  });
});

describe("ordinal", () => {
  it("says a place in line as members read it", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});
