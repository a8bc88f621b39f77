/// <reference types="node" />
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  ACCESSIBILITY_SETTINGS_STORAGE_KEY,
  accessibilityPrePaintScript,
  accessibilityRootAttributes,
  accessibilityRootStyle,
  allowedAccessibilityValues,
  applyAccessibilitySettings,
  defaultAccessibilitySettings,
  fontSizeRange,
  forgetStoredAccessibilitySettings,
  normalizeAccessibilitySettings,
  parseStoredAccessibilitySettings,
  readStoredAccessibilitySettings,
  sliderSteps,
  textSpacingRange,
  type AccessibilitySettings,
} from "#app/features/accessibility/accessibility-settings.ts";
import { colorFilters, correctionMatrix } from "#app/features/accessibility/color-vision-filters.ts";

/** Just enough of <html> to record what the apply function does to it. */
function fakeRoot() {
  const properties = new Map<string, string>();
  const attributes = new Map<string, string>();
  const root = {
    style: { setProperty: (name: string, value: string) => void properties.set(name, value) },
    toggleAttribute: (name: string, force: boolean) => {
      if (force) attributes.set(name, "");
      else attributes.delete(name);
      return force;
    },
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
  return { root, properties, attributes };
}

function applied(settings: AccessibilitySettings) {
  const { root, properties, attributes } = fakeRoot();
  applyAccessibilitySettings(settings, root as unknown as HTMLElement);
  return { properties: Object.fromEntries(properties), attributes: Object.fromEntries(attributes) };
}

/** Runs the inline <head> script as the browser would, against a fake localStorage and <html>. */
function runPrePaintScript(stored: string | null) {
  const { root, properties, attributes } = fakeRoot();
  const localStorage = { getItem: (key: string) => (key === ACCESSIBILITY_SETTINGS_STORAGE_KEY ? stored : null) };
  new Function("localStorage", "document", accessibilityPrePaintScript)(localStorage, { documentElement: root });
  return { properties: Object.fromEntries(properties), attributes: Object.fromEntries(attributes) };
}

describe("accessibility settings defaults", () => {
  it("are 100 % text, keyboard navigation and focus indicator on, everything else off", () => {
    expect(defaultAccessibilitySettings).toEqual({
      fontSize: 100,
      textSpacing: 100,
      highContrast: false,
      reduceMotion: false,
      keyboardNavigation: true,
      screenReader: false,
      focusIndicator: true,
      colorBlindness: "none",
      readingGuide: false,
    });
  });

  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(defaultAccessibilitySettings)).toBe(true);
  });
});

describe("slider bounds and steps", () => {
  it("font size runs from 75 to 200 in steps of 25", () => {
    expect(sliderSteps(fontSizeRange)).toEqual([75, 100, 125, 150, 175, 200]);
  });

  it("text spacing runs from 100 to 200 in steps of 25", () => {
    expect(sliderSteps(textSpacingRange)).toEqual([100, 125, 150, 175, 200]);
  });

  it("accepts every step and nothing outside or between them", () => {
    const parse = (patch: Partial<Record<keyof AccessibilitySettings, unknown>>) =>
      normalizeAccessibilitySettings({ ...defaultAccessibilitySettings, ...patch });
    for (const fontSize of sliderSteps(fontSizeRange)) expect(parse({ fontSize }).fontSize).toBe(fontSize);
    for (const textSpacing of sliderSteps(textSpacingRange)) expect(parse({ textSpacing }).textSpacing).toBe(textSpacing);
    for (const fontSize of [50, 74, 76, 110, 225, 250, 100.5]) expect(parse({ fontSize }).fontSize).toBe(100);
    for (const textSpacing of [75, 99, 130, 201, 225]) expect(parse({ textSpacing }).textSpacing).toBe(100);
  });
});

describe("parseStoredAccessibilitySettings", () => {
  it("gives the defaults when nothing is stored, the JSON is broken or not an object", () => {
    for (const stored of [null, "", "{", "not json", "42", '"text"', "null", "[]", "[150]", "true"]) {
      expect(parseStoredAccessibilitySettings(stored), String(stored)).toEqual(defaultAccessibilitySettings);
    }
  });

  it("keeps every valid stored value", () => {
    const stored: AccessibilitySettings = {
      fontSize: 175,
      textSpacing: 150,
      highContrast: true,
      reduceMotion: true,
      keyboardNavigation: false,
      screenReader: true,
      focusIndicator: false,
      colorBlindness: "tritanopia",
      readingGuide: true,
    };
    expect(parseStoredAccessibilitySettings(JSON.stringify(stored))).toEqual(stored);
  });

  it("fills the fields missing from a partial value with their defaults", () => {
    expect(parseStoredAccessibilitySettings('{"fontSize":150,"highContrast":true}')).toEqual({
      ...defaultAccessibilitySettings,
      fontSize: 150,
      highContrast: true,
    });
  });

  it("replaces each invalid or out-of-range field by its default and keeps the valid ones", () => {
    const stored = {
      fontSize: 250,
      textSpacing: "150",
      highContrast: "yes",
      reduceMotion: true,
      keyboardNavigation: 0,
      screenReader: null,
      focusIndicator: false,
      colorBlindness: "achromatopsia",
      readingGuide: true,
      somethingElse: "dropped",
    };
    expect(parseStoredAccessibilitySettings(JSON.stringify(stored))).toEqual({
      ...defaultAccessibilitySettings,
      reduceMotion: true,
      focusIndicator: false,
      readingGuide: true,
    });
  });
});

describe("the settings an earlier version kept in localStorage", () => {
  it("are read from their one key, and none stored is null", () => {
    const getItem = vi.fn(() => '{"fontSize":125}');
    expect(readStoredAccessibilitySettings(() => ({ getItem }))?.fontSize).toBe(125);
    expect(getItem).toHaveBeenCalledWith(ACCESSIBILITY_SETTINGS_STORAGE_KEY);
    expect(readStoredAccessibilitySettings(() => ({ getItem: () => null }))).toBeNull();
  });

  it("count as none, with a console warning, when storage cannot be read", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    expect(readStoredAccessibilitySettings(blocked)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("are removed from their key once moved, and blocked storage is no error", () => {
    const removeItem = vi.fn();
    forgetStoredAccessibilitySettings(() => ({ removeItem }));
    expect(removeItem).toHaveBeenCalledWith(ACCESSIBILITY_SETTINGS_STORAGE_KEY);
    expect(() =>
      forgetStoredAccessibilitySettings(() => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      }),
    ).not.toThrow();
  });
});

describe("applyAccessibilitySettings", () => {
  it("leaves the page as designed for the defaults, apart from the strong focus indicator", () => {
    expect(applied({ ...defaultAccessibilitySettings })).toEqual({
      properties: { "--a11y-font-size": "100%", "--a11y-text-spacing": "1" },
      attributes: { "data-a11y-focus-indicator": "" },
    });
  });

  it("turns every setting into a custom property or a data attribute on <html>", () => {
    expect(
      applied({
        fontSize: 200,
        textSpacing: 150,
        highContrast: true,
        reduceMotion: true,
        keyboardNavigation: true,
        screenReader: true,
        focusIndicator: false,
        colorBlindness: "deuteranopia",
        readingGuide: false,
      }),
    ).toEqual({
      properties: { "--a11y-font-size": "200%", "--a11y-text-spacing": "1.5" },
      attributes: {
        "data-a11y-large-text": "",
        "data-a11y-text-spacing": "",
        "data-a11y-high-contrast": "",
        "data-a11y-reduce-motion": "",
        "data-a11y-screen-reader": "",
        "data-a11y-color-filter": "deuteranopia",
      },
    });
  });
});

describe("large text", () => {
  it("is marked from 150 %, where the header stops sticking and long words wrap", () => {
    const largeText = (fontSize: number) => "data-a11y-large-text" in applied({ ...defaultAccessibilitySettings, fontSize }).attributes;
    expect(sliderSteps(fontSizeRange).filter(largeText)).toEqual([150, 175, 200]);
  });
});

/** Any settings the widget can hold. */
const anySettings: fc.Arbitrary<AccessibilitySettings> = fc.record(
  Object.fromEntries(Object.entries(allowedAccessibilityValues).map(([key, values]) => [key, fc.constantFrom(...(values as unknown[]))])),
) as unknown as fc.Arbitrary<AccessibilitySettings>;

describe("the settings as the server renders them into the first HTML", () => {
  it("are the same data attributes the widget sets on <html>", () => {
    fc.assert(
      fc.property(anySettings, (settings) => {
        expect(accessibilityRootAttributes(settings)).toEqual(applied(settings).attributes);
      }),
    );
  });

  it("give the same two custom properties, as one :root rule", () => {
    fc.assert(
      fc.property(anySettings, (settings) => {
        const declarations = Object.entries(applied(settings).properties)
          .map(([name, value]) => `${name}:${value}`)
          .join(";");
        expect(accessibilityRootStyle(settings)).toBe(`:root{${declarations}}`);
      }),
    );
    expect(accessibilityRootStyle({ ...defaultAccessibilitySettings, fontSize: 150, textSpacing: 125 })).toBe(
      ":root{--a11y-font-size:150%;--a11y-text-spacing:1.25}",
    );
  });

  it("for the defaults, leave only the strong focus indicator", () => {
    expect(accessibilityRootAttributes({ ...defaultAccessibilitySettings })).toEqual({ "data-a11y-focus-indicator": "" });
  });
});

describe("the pre-paint script", () => {
  it("applies the defaults when nothing is stored, and the stored settings otherwise", () => {
    expect(runPrePaintScript(null)).toEqual(applied({ ...defaultAccessibilitySettings }));
    const stored = { ...defaultAccessibilitySettings, fontSize: 150, highContrast: true, colorBlindness: "protanopia" as const };
    expect(runPrePaintScript(JSON.stringify(stored))).toEqual(applied(stored));
  });

  it("applies exactly what the widget makes of any stored value", () => {
    const fieldValue = fc.oneof(
      fc.constantFrom(...sliderSteps(fontSizeRange), 0, 90, 110, 225, 100.5, -25),
      fc.boolean(),
      fc.constantFrom("none", "deuteranopia", "protanopia", "tritanopia", "other", "150", ""),
      fc.constant(null),
      fc.anything(),
    );
    const storedObject = fc.dictionary(fc.constantFrom(...(Object.keys(defaultAccessibilitySettings) as string[]), "extra"), fieldValue);
    const stored = fc.oneof(
      storedObject.map((value) => JSON.stringify(value)),
      fc.json(),
      fc.string(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(stored, (value) => {
        expect(runPrePaintScript(value)).toEqual(applied(parseStoredAccessibilitySettings(value)));
      }),
      { numRuns: 500 },
    );
  });

  it("stays small", () => {
    expect(accessibilityPrePaintScript.length).toBeLessThan(2_000);
  });
});

describe("colour-blindness filters", () => {
  const apply = (matrix: number[][], color: [number, number, number]) =>
    matrix.map((row) => row.reduce((sum, weight, index) => sum + weight * color[index]!, 0));

  it("leave black, white and greys unchanged", () => {
    for (const { mode } of colorFilters) {
      for (const grey of [0, 0.2, 0.5, 1]) {
        for (const channel of apply(correctionMatrix(mode), [grey, grey, grey])) expect(channel).toBeCloseTo(grey, 4);
      }
    }
  });

  it("change the colours each deficiency confuses", () => {
    const red: [number, number, number] = [1, 0, 0];
    const blue: [number, number, number] = [0, 0, 1];
    for (const mode of ["protanopia", "deuteranopia"] as const) {
      expect(apply(correctionMatrix(mode), red)).not.toEqual(red);
    }
    expect(apply(correctionMatrix("tritanopia"), blue)).not.toEqual(blue);
  });

  it("are 4×5 feColorMatrix values, each one used by app/app.css", () => {
    const css = readFileSync(new URL("../../../app/app.css", import.meta.url), "utf8");
    expect(colorFilters.map((filter) => filter.mode).sort()).toEqual(["deuteranopia", "protanopia", "tritanopia"]);
    for (const filter of colorFilters) {
      expect(filter.values.split(" ").map(Number).filter(Number.isFinite)).toHaveLength(20);
      expect(css).toContain(`html[data-a11y-color-filter="${filter.mode}"] {\n  filter: url("#${filter.id}");`);
    }
  });
});
