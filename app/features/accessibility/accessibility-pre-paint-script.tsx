import { useState } from "react";
import { accessibilityPrePaintScript, accessibilityRootStyle, type AccessibilitySettings } from "./accessibility-settings.ts";
import { useCspNonce } from "#app/shell/csp-nonce.ts";

/**
 * The two custom properties of the settings the cookie holds (none without it), as a style sheet
 * in <head> with the CSP nonce (app/root.tsx renders the data attributes on <html> beside it).
 * Always rendered, and always with the document's own nonce (the first one it got): the root
 * loader brings a new nonce each time it reloads, and a style sheet whose text changes is checked
 * again against the document's policy, which knows only the first. The browser hides the nonce
 * attribute after parsing, hence suppressHydrationWarning.
 */
export function AccessibilityRootStyle({ settings }: { settings: AccessibilitySettings | null }) {
  const [nonce] = useState(useCspNonce());
  if (!nonce) return null;
  return (
    <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: settings ? accessibilityRootStyle(settings) : "" }} />
  );
}

/**
 * For a browser whose settings are not in the cookie yet: applies those an earlier version of the
 * site kept in localStorage before the first paint, so the page does not flash in default styles. Rendered in <head>, with the CSP nonce; without a nonce the CSP would block it, so it
 * is left out and the widget applies the settings once it hydrates. The browser hides the nonce
 * attribute after parsing, hence suppressHydrationWarning.
 */
export function AccessibilityPrePaintScript() {
  const nonce = useCspNonce();
  if (!nonce) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: accessibilityPrePaintScript }} />;
}
