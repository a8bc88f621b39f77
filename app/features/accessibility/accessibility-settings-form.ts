// Only the settings page's action uses this schema: the widget, on every page, must not bring zod
// into the first-load JavaScript (docs/performance-notes.md).
import { z } from "#app/lib/zod.ts";
import { colorBlindnessModes, fontSizeRange, sliderSteps, textSpacingRange } from "./accessibility-settings.ts";

const percent = (range: { min: number; max: number; step: number }, message: string) =>
  z.enum(sliderSteps(range).map(String) as [string, ...string[]], { error: message }).transform(Number);

/** A checkbox: "on" when ticked, absent when not (what a browser sends). */
const checkbox = (label: string) =>
  z
    .literal("on", { error: `${label} is either ticked or not.` })
    .optional()
    .transform((value) => value === "on");

/**
 * The nine settings as the settings page's form (and the widget, through the same action, with
 * `accessibilitySettingsFields`) sends them, checked strictly: a value no control offers is refused, never replaced by a default.
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
