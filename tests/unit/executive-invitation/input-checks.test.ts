import { describe, expect, it } from "vitest";
import { checkEmail, checkPhone, checkText, sanitizeValue } from "#app/features/executive-invitation/input-checks.ts";

describe("the generic checker", () => {
  it("refuses text that changes when sanitised, naming the field", () => {
    expect(checkText("company", "Hale Timber")).toEqual({ valid: true });
    expect(checkText("company", "Hale <Timber>")).toEqual({ valid: false, error: "Invalid characters in company" });
    expect(checkText("name", "  padded ")).toEqual({ valid: false, error: "Invalid characters in name" });
  });

  it("checks email as x@y.z of at most 254 characters", () => {
    expect(checkEmail("a@b.co")).toEqual({ valid: true });
    expect(checkEmail("a@b")).toEqual({ valid: false, error: "Invalid email format" });
    expect(checkEmail(`${"a".repeat(250)}@b.co`)).toEqual({ valid: false, error: "Invalid email format" });
  });

  it("checks phone numbers: 10 to 16 digits, optional +, first digit 1-9", () => {
    expect(checkPhone("(503) 555-0142")).toEqual({ valid: true });
    expect(checkPhone("+1 503 555 0142")).toEqual({ valid: true });
    expect(checkPhone("503-555-014")).toEqual({ valid: false, error: "Invalid phone number format" });
    expect(checkPhone("0503555014")).toEqual({ valid: false, error: "Invalid phone number format" });
    expect(checkPhone("12345678901234567")).toEqual({ valid: false, error: "Invalid phone number format" });
  });

  it("sanitises by trimming, stripping < > \" ' and cutting to length", () => {
    expect(sanitizeValue("  <a href='x'>hi</a>  ", 1000)).toBe("a href=xhi/a");
    expect(sanitizeValue("x".repeat(1200), 1000)).toHaveLength(1000);
  });

  it("cuts by characters, never through the middle of an emoji", () => {
    expect(sanitizeValue("🚬".repeat(1000), 1000)).toBe("🚬".repeat(1000));
    expect(sanitizeValue("a🚬🚬", 2)).toBe("a🚬");
  });
});
