import { buttonClasses, type ButtonStyle } from "#app/ui/button-link.tsx";

/** The console's form and table styling: brass-deep borders on fields (WCAG 1.4.11), brass focus. */
export const consoleLabelClasses = "block text-sm font-semibold uppercase tracking-[0.18em] text-brass";
export const consoleFieldClasses =
  "mt-2 w-full rounded-sm border border-brass-deep bg-night px-3 py-2.5 text-cream focus:border-brass aria-invalid:border-ember";

/** Submit buttons stay focusable while pending (aria-disabled, not disabled) and ignore clicks. */
export const consoleButtonClasses = (variant: ButtonStyle = "primary") =>
  `${buttonClasses(variant)} aria-disabled:cursor-wait aria-disabled:opacity-70`;
