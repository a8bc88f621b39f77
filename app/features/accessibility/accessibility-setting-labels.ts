import type { AccessibilitySettings, ColorBlindnessMode } from "./accessibility-settings.ts";

/** The words of each setting, shared by the widget's panel and the settings page (/accessibility/settings). */
export type ToggleKey = {
  [Key in keyof AccessibilitySettings]: AccessibilitySettings[Key] extends boolean ? Key : never;
}[keyof AccessibilitySettings];

export const toggles: { key: ToggleKey; label: string; hint: string }[] = [
  { key: "highContrast", label: "High contrast", hint: "Black background, white text, yellow links, buttons and borders." },
  { key: "reduceMotion", label: "Reduce motion", hint: "Stops animations, transitions and smooth scrolling." },
  {
    key: "keyboardNavigation",
    label: "Keyboard shortcuts",
    hint: "Alt+A opens or closes this panel, Alt+1 jumps to the main content, Alt+M opens or closes the menu. On a Mac, Alt is Option.",
  },
  {
    key: "screenReader",
    label: "Screen reader optimizations",
    hint: "After each link, focus moves to the new page's content and its title is announced; every link is underlined; the header no longer stays on screen, so it never covers what is being read.",
  },
  { key: "focusIndicator", label: "Strong focus indicator", hint: "A thick two-color ring around whatever has keyboard focus." },
  {
    key: "readingGuide",
    label: "Reading guide",
    hint: "A bar under the line you are reading; it follows the pointer or the keyboard focus.",
  },
];

export const colorBlindnessLabels: Record<ColorBlindnessMode, string> = {
  none: "None",
  deuteranopia: "Deuteranopia (green-weak)",
  protanopia: "Protanopia (red-weak)",
  tritanopia: "Tritanopia (blue-weak)",
};

export const textSpacingHint = "More space between lines, words and letters.";
export const colorBlindnessHint = "Shifts the colors you may not tell apart into ones you can.";
