/**
 * The accessibility settings, stored in the browser (docs/product-rules.md#accessibility).
 * Client-safe: the widget, the pre-paint script and the tests all use this one module.
 */

/** Slider limits, in percent (docs/product-rules.md#accessibility). */
export const fontSizeRange = { min: 75, max: 200, step: 25 } as const;
export const textSpacingRange = { min: 100, max: 200, step: 25 } as const;

export const colorBlindnessModes = ["none", "deuteranopia", "protanopia", "tritanopia"] as const;
export type ColorBlindnessMode = (typeof colorBlindnessModes)[number];

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

/** The browser's localStorage; merely reading the property throws where storage is blocked. */
const browserStorage = () => window.localStorage;

/** Storage failures fall back silently to the defaults, with a console warning. */
export function loadAccessibilitySettings(storage: () => Pick<Storage, "getItem"> = browserStorage): AccessibilitySettings {
  try {
    return parseStoredAccessibilitySettings(storage().getItem(ACCESSIBILITY_SETTINGS_STORAGE_KEY));
  } catch (error) {
    console.warn("Accessibility settings could not be read; using the defaults.", error);
    return { ...defaults };
  }
}

/** Saving may fail (storage blocked or full): the settings then last for this page only. */
export function saveAccessibilitySettings(settings: AccessibilitySettings, storage: () => Pick<Storage, "setItem"> = browserStorage): void {
  try {
    storage().setItem(ACCESSIBILITY_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch (error) {
    console.warn("Accessibility settings could not be saved; they apply to this page only.", error);
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
 * Inline <head> script (rendered with the CSP nonce) that applies the saved settings before the
 * first paint, so a reload never flashes the default styles. Same per-field fallback as
 * `normalizeAccessibilitySettings`, then the same apply function as the widget.
 */
export const accessibilityPrePaintScript = `(function(d,a,k,apply){var s=Object.assign({},d);try{var t=JSON.parse(localStorage.getItem(k));for(var n in a)if(t&&a[n].indexOf(t[n])>=0)s[n]=t[n]}catch(e){}apply(s,document.documentElement)})(${JSON.stringify(defaults)},${JSON.stringify(allowedAccessibilityValues)},${JSON.stringify(ACCESSIBILITY_SETTINGS_STORAGE_KEY)},${applyAccessibilitySettings.toString()})`;

/** Reduced motion asked for by the device or by the widget; for motion that JavaScript drives. */
export function prefersReducedMotion(): boolean {
  return document.documentElement.hasAttribute("data-a11y-reduce-motion") || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
