import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUsPhoneNumber } from "#worker/features/sms-invitation/us-phone-number.ts";
import { randomSixDigitCode } from "#worker/features/sms-invitation/local-sms.ts";

describe("parseUsPhoneNumber", () => {
  it("turns 10 US digits into the national number and +1 E.164", () => {
    expect(parseUsPhoneNumber("5035550142")).toEqual({ national: "5035550142", e164: "+15035550142" });
    expect(parseUsPhoneNumber("2125551234")).toEqual({ national: "2125551234", e164: "+12125551234" });
  });

  it.each([
    "4165550123",
    "6045550100",
    "1235550100",
    "5551234567",
    "8005550100",
    "8885550100",
    "9005550100",
    "503555014",
    "15035550142",
    "(503) 555-0142",
    "+15035550142",
    "",
  ])("refuses %j", (input) => expect(parseUsPhoneNumber(input)).toBeNull());

  it("only ever answers +1 followed by the same 10 digits", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{10}$/)), (input) => {
        const parsed = parseUsPhoneNumber(input);
        if (parsed) expect(parsed).toEqual({ national: input, e164: `+1${input}` });
      }),
    );
  });
});

describe("randomSixDigitCode", () => {
  it("is always six digits, and varies", () => {
    const codes = Array.from({ length: 200 }, randomSixDigitCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
