import { z } from "#app/lib/zod.ts";
import { colorBlindnessModes, fontSizeRange, sliderSteps, textSpacingRange, type AccessibilitySettings } from "./accessibility-settings.ts";
import type { ToggleKey } from "./accessibility-setting-labels.ts";

/** The settings page, whose action keeps the settings in their cookie (docs/product-rules.md#accessibility). */
export const ACCESSIBILITY_SETTINGS_PATH = "/accessibility/settings";

const percent = (range: { min: number; max: number; step: number }, message: string) =>
  z.enum(sliderSteps(range).map(String) as [string, ...string[]], { error: message }).transform(Number);

/** A checkbox: "on" when ticked, absent when not (what a browser sends). */
const checkbox = (label: string) =>
  z
    .literal("on", { error: `${label} is either ticked or not.` })
    .optional()
    .transform((value) => value === "on");

/**
 * The nine settings as the settings page's form (and the widget, through the same action) sends
 * them, checked strictly: a value no control offers is refused, never replaced by a default.
 * `intent` "reset" restores the defaults; `via` "widget" asks for an answer instead of the page.
 */
export const accessibilitySettingsForm = z.object({
  fontSize: percent(
    fontSizeRange,
    `Choose a text size from ${fontSizeRange.min}% to ${fontSizeRange.max}%, in steps of ${fontSizeRange.step}.`,
  ),
  textSpacing: percent(
    textSpacingRange,
    `Choose a text spacing from ${textSpacingRange.min}% to ${textSpacingRange.max}%, in steps of ${textSpacingRange.step}.`,
  ),
  highContrast: checkbox("High contrast"),
  reduceMotion: checkbox("Reduce motion"),
  keyboardNavigation: checkbox("Keyboard shortcuts"),
  screenReader: checkbox("Screen reader optimizations"),
  focusIndicator: checkbox("Strong focus indicator"),
  readingGuide: checkbox("Reading guide"),
  colorBlindness: z.enum(colorBlindnessModes, { error: "Choose one of the listed color filters." }),
  intent: z.enum(["save", "reset"], { error: "Choose Save or Reset." }).default("save"),
  via: z.literal("widget", { error: "Send the form from this site's pages." }).optional(),
});

const toggleKeys: ToggleKey[] = ["highContrast", "reduceMotion", "keyboardNavigation", "screenReader", "focusIndicator", "readingGuide"];

/** The form fields for these settings, as the page's form would send them (the widget posts these). */
export function accessibilitySettingsFields(settings: AccessibilitySettings): Record<string, string> {
  const fields: Record<string, string> = {
    fontSize: String(settings.fontSize),
    textSpacing: String(settings.textSpacing),
    colorBlindness: settings.colorBlindness,
  };
  for (const key of toggleKeys) if (settings[key]) fields[key] = "on";
  return fields;
}
