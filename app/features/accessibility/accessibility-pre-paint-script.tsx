import { accessibilityPrePaintScript, accessibilityRootStyle, type AccessibilitySettings } from "./accessibility-settings.ts";
import { useCspNonce } from "#app/shell/csp-nonce.ts";

/**
 * The two custom properties of the settings the cookie holds, as a style sheet in <head> with the
 * CSP nonce (app/root.tsx renders the data attributes on <html> beside it). The browser hides the
 * nonce attribute after parsing, hence suppressHydrationWarning.
 */
export function AccessibilityRootStyle({ settings }: { settings: AccessibilitySettings }) {
  const nonce = useCspNonce();
  if (!nonce) return null;
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: accessibilityRootStyle(settings) }} />;
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
