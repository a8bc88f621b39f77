import { describe, expect, it } from "vitest";
import { checkEmail, checkPhone } from "#app/features/executive-invitation/input-checks.ts";

describe("the generic checker", () => {
  it("checks email as x@y.z of at most 254 characters", () => {
    expect(checkEmail("a@b.co")).toEqual({ valid: true });
    expect(checkEmail("o'brien@example.com")).toEqual({ valid: true });
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
});
