import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accessibilitySettingsFields,
  allowedAccessibilityValues,
  defaultAccessibilitySettings,
  type AccessibilitySettings,
} from "#app/features/accessibility/accessibility-settings.ts";
import {
  accessibilitySettingsCookie,
  accessibilitySettingsCookieName,
  readAccessibilitySettingsCookie,
} from "#app/features/accessibility/accessibility-settings.server.ts";
import { accessibilitySettingsForm } from "#app/features/accessibility/accessibility-settings-form.ts";

const anySettings: fc.Arbitrary<AccessibilitySettings> = fc.record(
  Object.fromEntries(Object.entries(allowedAccessibilityValues).map(([key, values]) => [key, fc.constantFrom(...(values as unknown[]))])),
) as unknown as fc.Arbitrary<AccessibilitySettings>;

/** A request that carries the cookie a Set-Cookie value made, as a browser would send it back. */
function requestWith(setCookie: string): Request {
  return new Request("https://emberandoak.club/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

describe("the accessibility settings cookie", () => {
  it("gives back exactly the settings it was made from", () => {
    fc.assert(
      fc.property(anySettings, fc.constantFrom("production", "development"), (settings, environment) => {
        expect(readAccessibilitySettingsCookie(requestWith(accessibilitySettingsCookie(environment, settings)), environment)).toEqual(
          settings,
        );
      }),
    );
  });

  it("is HttpOnly, SameSite=Lax, for the whole site, for a year; __Host- and Secure in production", () => {
    const settings = { ...defaultAccessibilitySettings, fontSize: 150 };
    const production = accessibilitySettingsCookie("production", settings);
    expect(production.startsWith("__Host-ember_a11y=")).toBe(true);
    for (const attribute of ["Max-Age=31536000", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]) expect(production).toContain(attribute);
    expect(production).not.toContain("Domain");

    const development = accessibilitySettingsCookie("development", settings);
    expect(development.startsWith("ember_a11y=")).toBe(true);
    expect(development).toContain("HttpOnly");
    expect(development).not.toContain("Secure");
  });

  it("is absent (null) without the cookie or when its value is not JSON", () => {
    expect(readAccessibilitySettingsCookie(new Request("https://emberandoak.club/"), "production")).toBeNull();
    const broken = new Request("https://emberandoak.club/", {
      headers: { Cookie: `${accessibilitySettingsCookieName("production")}=%7Bnot-json` },
    });
    expect(readAccessibilitySettingsCookie(broken, "production")).toBeNull();
  });

  it("keeps the good fields of a damaged value and puts the defaults in place of the others", () => {
    const value = encodeURIComponent(JSON.stringify({ fontSize: 999, highContrast: true, colorBlindness: "sepia" }));
    const request = new Request("https://emberandoak.club/", { headers: { Cookie: `ember_a11y=${value}` } });
    expect(readAccessibilitySettingsCookie(request, "development")).toEqual({ ...defaultAccessibilitySettings, highContrast: true });
  });

  it("of one environment is not read in the other", () => {
    const request = requestWith(accessibilitySettingsCookie("development", { ...defaultAccessibilitySettings, highContrast: true }));
    expect(readAccessibilitySettingsCookie(request, "production")).toBeNull();
  });
});

describe("the settings form", () => {
  it("reads back every settings the widget can send", () => {
    fc.assert(
      fc.property(anySettings, (settings) => {
        const parsed = accessibilitySettingsForm.parse(accessibilitySettingsFields(settings));
        const { intent, via, ...chosen } = parsed;
        expect(chosen).toEqual(settings);
        expect(intent).toBe("save");
        expect(via).toBeUndefined();
      }),
    );
  });

  it("refuses what no control offers, with a message that says what to choose", () => {
    const fields = accessibilitySettingsFields({ ...defaultAccessibilitySettings });
    const messageFor = (changed: Record<string, string>) => {
      const result = accessibilitySettingsForm.safeParse({ ...fields, ...changed });
      return result.success ? null : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(messageFor({ fontSize: "110" })).toEqual(["fontSize: Choose a text size from 75% to 200%, in steps of 25."]);
    expect(messageFor({ fontSize: "" })).toEqual(["fontSize: Choose a text size from 75% to 200%, in steps of 25."]);
    expect(messageFor({ textSpacing: "75" })).toEqual(["textSpacing: Choose a text spacing from 100% to 200%, in steps of 25."]);
    expect(messageFor({ highContrast: "yes" })).toEqual(["highContrast: High contrast is either ticked or not."]);
    expect(messageFor({ colorBlindness: "sepia" })).toEqual(["colorBlindness: Choose one of the listed color filters."]);
    expect(messageFor({ intent: "delete" })).toEqual(["intent: Choose Save or Reset."]);
    const withoutFontSize = { ...fields };
    delete withoutFontSize.fontSize;
    expect(accessibilitySettingsForm.safeParse(withoutFontSize).success).toBe(false);
  });
});
