import { describe, expect, it } from "vitest";
import { isMultiLineText, isName, isSingleLineText } from "#app/lib/plain-text.ts";

describe("the text people may type (app/lib/plain-text.ts)", () => {
  it("accepts apostrophes, quotes, ampersands, accents and any script", () => {
    for (const text of ["O'Brien", "O’Neill-Park Jr.", '"Smith & Sons"', "Siobhán Zoe\u0308", "李小龍", "3M", "Ελένη"]) {
      expect(isName(text)).toBe(true);
      expect(isSingleLineText(text)).toBe(true);
      expect(isMultiLineText(text)).toBe(true);
    }
  });

  it.each([
    ["<", "<"],
    [">", ">"],
    ["NUL", "\u0000"],
    ["DEL", "\u007F"],
    ["a C1 control", "\u0085"],
    ["tab", "\t"],
    ["U+2028", "\u2028"],
    ["U+2029", "\u2029"],
    ["U+202A", "\u202A"],
    ["U+202E", "\u202E"],
    ["U+2066", "\u2066"],
    ["U+2069", "\u2069"],
    ["U+200E", "\u200E"],
    ["U+200F", "\u200F"],
    ["U+061C", "\u061C"],
    ["a lone surrogate", "\uDC00"],
  ])("refuses %s anywhere", (_name, character) => {
    expect(isSingleLineText(`a${character}b`)).toBe(false);
    expect(isMultiLineText(`a${character}b`)).toBe(false);
    expect(isName(`a${character}b`)).toBe(false);
  });

  it("lets multi-line text keep CR and LF, and nothing else does", () => {
    for (const text of ["a\nb", "a\r\nb", "a\rb"]) {
      expect(isMultiLineText(text)).toBe(true);
      expect(isSingleLineText(text)).toBe(false);
      expect(isName(text)).toBe(false);
    }
  });

  it("refuses a name without a letter or digit, or starting with a combining mark", () => {
    for (const text of ["\u0301\u0301", "\u0301 \u0301", "\u200B\u200B", "--", "\u0301Avery"]) expect(isName(text)).toBe(false);
  });

  it("keeps emoji and the joiners of emoji sequences", () => {
    expect(isMultiLineText("Cheers 👨‍👩‍👧 🚬")).toBe(true);
  });
});
