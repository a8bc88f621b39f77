import type { FocusEvent } from "react";

/** What can take focus by Tab, other than the sentinels themselves. */
const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  '[tabindex]:not([tabindex="-1"])',
]
  .map((selector) => `${selector}:not([data-focus-wrap])`)
  .join(", ");

/**
 * A focus sentinel, placed as the first (`to="last"`) and the last (`to="first"`) child of a
 * modal layer whose page is already out of reach (a modal <dialog>, or `inert` on the page): Tab
 * past the last control wraps to the first and Shift+Tab past the first to the last, instead of
 * leaving for the browser's own controls. Sentinels, not a keydown handler, because a Tab pressed
 * inside a cross-origin frame (the age gate's video) never reaches our key handlers, while focus
 * arriving at a sentinel always does. Focus arriving from outside the layer (a dialog opening,
 * Tab from the browser's toolbar) goes to the first control. docs/decisions/007-focus-and-dialogs.md
 */
export function FocusWrap({ to }: { to: "first" | "last" }) {
  function wrap(event: FocusEvent<HTMLSpanElement>) {
    const layer = event.currentTarget.parentElement;
    if (!layer) return;
    // Only what can take focus now: the controls of a closed dialog inside the layer, for one, cannot.
    const controls = [...layer.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.checkVisibility());
    const from = event.relatedTarget;
    const entering = !(from instanceof Node && layer.contains(from));
    (to === "first" || entering ? controls[0] : controls.at(-1))?.focus();
  }
  return <span tabIndex={0} data-focus-wrap="" onFocus={wrap} className="sr-only" />;
}
