/**
 * The accessibility settings (docs/product-rules.md#accessibility), kept in a cookie the server
 * reads to render them into the first HTML (accessibility-settings.server.ts). Client-safe: the
 * widget, the settings page, the document (app/root.tsx), the pre-paint script and the tests all
 * use this one module.
 */

/** Slider limits, in percent (docs/product-rules.md#accessibility). */
export const fontSizeRange = { min: 75, max: 200, step: 25 } as const;
export const textSpacingRange = { min: 100, max: 200, step: 25 } as const;

export const colorBlindnessModes = ["none", "deuteranopia", "protanopia", "tritanopia"] as const;
export type ColorBlindnessMode = (typeof colorBlindnessModes)[number];

/** The settings page, whose action keeps the settings in their cookie (accessibility-settings.server.ts). */
export const ACCESSIBILITY_SETTINGS_PATH = "/accessibility/settings";

/** Where earlier versions of the site kept the settings; read once, moved into the cookie, removed. */
export const ACCESSIBILITY_SETTINGS_STORAGE_KEY = "ember-oak:accessibility-settings";

export interface AccessibilitySettings {
  fontSize: number;
  textSpacing: number;
  highContrast: boolean;
  reduceMotion: boolean;
  keyboardNavigation: boolean;
  screenReader: boolean;
  focusIndicator: boolean;
  colorBlindness: ColorBlindnessMode;
  readingGuide: boolean;
}

export const defaultAccessibilitySettings: Readonly<AccessibilitySettings> = Object.freeze({
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

type Range = { readonly min: number; readonly max: number; readonly step: number };

const defaults = defaultAccessibilitySettings;

/** Every value a slider can take, from min to max in its steps. */
export function sliderSteps(range: Range): number[] {
  const steps: number[] = [];
  for (let value = range.min; value <= range.max; value += range.step) steps.push(value);
  return steps;
}

/**
 * The values each stored field may take. One table serves the widget and the pre-paint script
 * (which has to be self-contained), so both accept exactly the same stored values.
 */
export const allowedAccessibilityValues: { [Key in keyof AccessibilitySettings]: readonly AccessibilitySettings[Key][] } = {
  fontSize: sliderSteps(fontSizeRange),
  textSpacing: sliderSteps(textSpacingRange),
  highContrast: [false, true],
  reduceMotion: [false, true],
  keyboardNavigation: [false, true],
  screenReader: [false, true],
  focusIndicator: [false, true],
  colorBlindness: colorBlindnessModes,
  readingGuide: [false, true],
};

/**
 * Settings from anything (a stored value, or the current settings with a change). Each field
 * falls back to its own default when missing or not an allowed value, so a partly damaged (or
 * older) stored value keeps the fields that are still good; a value that is not an object at all
 * gives the defaults. Plain code rather than a zod schema: it runs on every page, before the
 * visitor does anything, and zod would triple the site's own first-load JavaScript (docs/performance-notes.md).
 */
export function normalizeAccessibilitySettings(value: unknown): AccessibilitySettings {
  const settings: Record<string, unknown> = { ...defaults };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return settings as unknown as AccessibilitySettings;
  for (const [key, allowed] of Object.entries(allowedAccessibilityValues)) {
    const candidate = (value as Record<string, unknown>)[key];
    if ((allowed as readonly unknown[]).includes(candidate)) settings[key] = candidate;
  }
  return settings as unknown as AccessibilitySettings;
}

/** Parses what localStorage holds (or null). Never throws. */
export function parseStoredAccessibilitySettings(stored: string | null): AccessibilitySettings {
  if (stored === null) return { ...defaults };
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return { ...defaults };
  }
  return normalizeAccessibilitySettings(value);
}

/**
 * The form fields for these settings, as the settings page's form sends them: a ticked box is
 * "on", an unticked one absent (the widget posts these to the same action).
 */
export function accessibilitySettingsFields(settings: AccessibilitySettings): Record<string, string> {
  const fields: Record<string, string> = {
    fontSize: String(settings.fontSize),
    textSpacing: String(settings.textSpacing),
    colorBlindness: settings.colorBlindness,
  };
  for (const [key, value] of Object.entries(settings)) if (value === true) fields[key] = "on";
  return fields;
}

/** The browser's localStorage; merely reading the property throws where storage is blocked. */
const browserStorage = () => window.localStorage;

/**
 * The settings an earlier version of the site left in localStorage, or null when there are none.
 * Storage that cannot be read counts as empty, with a console warning.
 */
export function readStoredAccessibilitySettings(storage: () => Pick<Storage, "getItem"> = browserStorage): AccessibilitySettings | null {
  try {
    const stored = storage().getItem(ACCESSIBILITY_SETTINGS_STORAGE_KEY);
    return stored === null ? null : parseStoredAccessibilitySettings(stored);
  } catch (error) {
    console.warn("Accessibility settings could not be read from this browser's storage.", error);
    return null;
  }
}

/** Removes the localStorage copy once the cookie holds the settings (failures are harmless: the cookie wins). */
export function forgetStoredAccessibilitySettings(storage: () => Pick<Storage, "removeItem"> = browserStorage): void {
  try {
    storage().removeItem(ACCESSIBILITY_SETTINGS_STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/**
 * The one way settings reach the page: CSS custom properties (through the CSSOM, which the CSP
 * allows) and data attributes on <html>, read by the "Accessibility settings" rules at the end
 * of app/app.css. It also runs as the pre-paint script (see `accessibilityPrePaintScript`), so it
 * must stay self-contained: no imports, no helpers, no nested functions, only its arguments.
 */
export function applyAccessibilitySettings(settings: AccessibilitySettings, root: HTMLElement): void {
  root.style.setProperty("--a11y-font-size", `${settings.fontSize}%`);
  root.toggleAttribute("data-a11y-large-text", settings.fontSize >= 150);
  root.style.setProperty("--a11y-text-spacing", `${settings.textSpacing / 100}`);
  root.toggleAttribute("data-a11y-text-spacing", settings.textSpacing > 100);
  root.toggleAttribute("data-a11y-high-contrast", settings.highContrast);
  root.toggleAttribute("data-a11y-reduce-motion", settings.reduceMotion);
  root.toggleAttribute("data-a11y-screen-reader", settings.screenReader);
  root.toggleAttribute("data-a11y-focus-indicator", settings.focusIndicator);
  if (settings.colorBlindness === "none") root.removeAttribute("data-a11y-color-filter");
  else root.setAttribute("data-a11y-color-filter", settings.colorBlindness);
}

/**
 * What `applyAccessibilitySettings` does to <html>, as the server renders it into the first HTML
 * (app/root.tsx): the data attributes, and the two custom properties as a style sheet (the CSP
 * refuses a style attribute; the root's nonced <style> is allowed). The widget's later changes go
 * through the CSSOM as inline styles, which win over this sheet.
 */
export function accessibilityRootAttributes(settings: AccessibilitySettings): Record<`data-a11y-${string}`, string> {
  const attributes: Record<`data-a11y-${string}`, string> = {};
  if (settings.fontSize >= 150) attributes["data-a11y-large-text"] = "";
  if (settings.textSpacing > 100) attributes["data-a11y-text-spacing"] = "";
  if (settings.highContrast) attributes["data-a11y-high-contrast"] = "";
  if (settings.reduceMotion) attributes["data-a11y-reduce-motion"] = "";
  if (settings.screenReader) attributes["data-a11y-screen-reader"] = "";
  if (settings.focusIndicator) attributes["data-a11y-focus-indicator"] = "";
  if (settings.colorBlindness !== "none") attributes["data-a11y-color-filter"] = settings.colorBlindness;
  return attributes;
}

/** The two custom properties, as one :root rule (see above). */
export function accessibilityRootStyle(settings: AccessibilitySettings): string {
  return `:root{--a11y-font-size:${settings.fontSize}%;--a11y-text-spacing:${settings.textSpacing / 100}}`;
}

/**
 * Inline <head> script (rendered with the CSP nonce) that applies settings an earlier version of
 * the site kept in localStorage before the first paint, for a browser whose settings are not in
 * the cookie yet (the widget then moves them there). Same per-field fallback as
 * `normalizeAccessibilitySettings`, then the same apply function as the widget.
 */
export const accessibilityPrePaintScript = `(function(d,a,k,apply){var s=Object.assign({},d);try{var t=JSON.parse(localStorage.getItem(k));for(var n in a)if(t&&a[n].indexOf(t[n])>=0)s[n]=t[n]}catch(e){}apply(s,document.documentElement)})(${JSON.stringify(defaults)},${JSON.stringify(allowedAccessibilityValues)},${JSON.stringify(ACCESSIBILITY_SETTINGS_STORAGE_KEY)},${applyAccessibilitySettings.toString()})`;

/** Reduced motion asked for by the device or by the widget; for motion that JavaScript drives. */
export function prefersReducedMotion(): boolean {
  return document.documentElement.hasAttribute("data-a11y-reduce-motion") || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
