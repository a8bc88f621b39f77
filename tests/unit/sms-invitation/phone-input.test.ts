import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editPhoneInput, FORMATTED_PHONE_LENGTH, formatPhoneInput, phoneDigits } from "#app/features/sms-invitation/phone-input.ts";

/** Anything a visitor might type or paste: digits, the usual separators, letters, and any text. */
const typedText = fc.oneof(fc.string({ unit: fc.constantFrom(..."0123456789()- +.x") }), fc.string({ unit: "binary" }));
const upToTenDigits = fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 10 });

/** What the field holds after the visitor presses Backspace with the caret at `caret`. */
function backspace(value: string, caret: number) {
  return editPhoneInput(value, value.slice(0, caret - 1) + value.slice(caret), caret - 1, "backward");
}

describe("formatPhoneInput", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["503", "(503"],
    ["5035", "(503) 5"],
    ["503555", "(503) 555"],
    ["5035550", "(503) 555-0"],
    ["5035550142", "(503) 555-0142"],
  ])("formats %j progressively as %j", (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it("keeps the first 10 digits and drops everything else", () => {
    expect(formatPhoneInput("503.555.0142 ext 9")).toBe("(503) 555-0142");
    expect(formatPhoneInput("+1 503 555 0142")).toBe("(503) 555-0142");
    expect(formatPhoneInput("1 503 555 0142 9")).toBe("(150) 355-5014");
    expect(formatPhoneInput("call me")).toBe("");
  });

  it("is never longer than 14 characters, and its digits are the first 10 typed (after a +1 country code)", () => {
    fc.assert(
      fc.property(typedText, (typed) => {
        const shown = formatPhoneInput(typed);
        const digits = phoneDigits(typed);
        expect(shown.length).toBeLessThanOrEqual(FORMATTED_PHONE_LENGTH);
        expect(phoneDigits(shown)).toBe((digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits).slice(0, 10));
      }),
    );
  });

  it("leaves an already formatted value as it is", () => {
    fc.assert(
      fc.property(typedText, (typed) => {
        expect(formatPhoneInput(formatPhoneInput(typed))).toBe(formatPhoneInput(typed));
      }),
    );
  });

  it("loses exactly the last digit when the last character is deleted", () => {
    fc.assert(
      fc.property(
        upToTenDigits.filter((digits) => digits.length > 0),
        (digits) => {
          expect(formatPhoneInput(formatPhoneInput(digits).slice(0, -1))).toBe(formatPhoneInput(digits.slice(0, -1)));
        },
      ),
    );
  });
});

describe("phoneDigits", () => {
  it("keeps only the digits", () => {
    expect(phoneDigits("(503) 555-0142")).toBe("5035550142");
    expect(phoneDigits("")).toBe("");
  });
});

describe("editPhoneInput", () => {
  it("formats while typing at the end and keeps the caret at the end", () => {
    expect(editPhoneInput("(503", "(5035", 5, "backward")).toEqual({ value: "(503) 5", caret: 7 });
  });

  it("ignores letters without moving the caret", () => {
    expect(editPhoneInput("(503", "(503a", 5, "backward")).toEqual({ value: "(503", caret: 4 });
  });

  it("keeps the caret beside the digit typed in the middle", () => {
    expect(editPhoneInput("(503) 555", "(5103) 555", 3, "backward")).toEqual({ value: "(510) 355-5", caret: 3 });
  });

  it("Backspace just after ')', ' ' or '-' deletes the digit before it", () => {
    expect(backspace("(503) 555", 5)).toEqual({ value: "(505) 55", caret: 3 });
    expect(backspace("(503) 555", 6)).toEqual({ value: "(505) 55", caret: 3 });
    expect(backspace("(503) 555-0142", 10)).toEqual({ value: "(503) 550-142", caret: 8 });
  });

  it("Delete just before ')' or '-' deletes the digit after it", () => {
    expect(editPhoneInput("(503) 555", "(503 555", 4, "forward")).toEqual({ value: "(503) 55", caret: 4 });
    expect(editPhoneInput("(503) 555-0142", "(503) 5550142", 9, "forward")).toEqual({ value: "(503) 555-142", caret: 9 });
  });

  it("Backspace anywhere removes exactly the digit before the caret", () => {
    fc.assert(
      fc.property(upToTenDigits, fc.nat(), (digits, position) => {
        const shown = formatPhoneInput(digits);
        fc.pre(shown.length > 0);
        const caret = 1 + (position % shown.length);
        const before = phoneDigits(shown.slice(0, caret)).length;
        const expected = before === 0 ? digits : digits.slice(0, before - 1) + digits.slice(before);
        expect(phoneDigits(backspace(shown, caret).value)).toBe(expected);
      }),
    );
  });

  it("deleting a selection of separators deletes no digit", () => {
    expect(editPhoneInput("(503) 555", "(503555", 4, "backward")).toEqual({ value: "(503) 555", caret: 4 });
  });
});
