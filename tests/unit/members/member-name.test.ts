import { describe, expect, it } from "vitest";
import { memberName, OperatorError } from "#scripts/members-cli.ts";

describe("the operator commands' --name", () => {
  it("takes the names the site takes, apostrophes and ampersands included", () => {
    expect(memberName("  Ada O'Brien ")).toBe("Ada O'Brien");
    expect(memberName('"Smith & Sons"')).toBe('"Smith & Sons"');
  });

  it.each([
    ["a right-to-left override", "Ada\u202Eevil"],
    ["a line separator", "Ada\u2028Lovelace"],
    ["NUL", "Ada\u0000"],
    ["combining marks alone", "\u0301\u0301\u0301"],
    ["markup", "<b>Ada</b>"],
  ])("refuses a name with %s, as the site does (app/lib/plain-text.ts)", (_case, name) => {
    expect(() => memberName(name)).toThrow(OperatorError);
  });
});
