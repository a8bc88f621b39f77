import { buttonClasses } from "#app/ui/button-link.tsx";

/**
 * The SMS block's controls, shared by its two steps. Field borders use brass-deep (4.9:1 against
 * the field, 5.2:1 against the block; WCAG 1.4.11) so the fields can be seen; focus adds the
 * site's brass ring.
 */
export const smsInputClasses =
  "mt-2 w-full rounded-sm border border-brass-deep bg-humidor px-3 py-2.5 text-lg text-cream focus:border-brass aria-invalid:border-ember";

/**
 * Unavailable submit buttons are aria-disabled, not disabled: they stay focusable and Enter in the
 * field still submits, so the form can say what is missing (its error toast) instead of doing
 * nothing.
 */
export const smsSubmitClasses = `${buttonClasses("primary")} aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-brass`;
