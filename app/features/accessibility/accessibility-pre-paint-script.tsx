import { accessibilityPrePaintScript } from "./accessibility-settings.ts";
import { useCspNonce } from "#app/shell/csp-nonce.ts";

/**
 * Applies the saved accessibility settings before the first paint, so a page never flashes in
 * default styles. Rendered in <head>, with the CSP nonce; without a nonce the CSP would block it, so it
 * is left out and the widget applies the settings once it hydrates. The browser hides the nonce
 * attribute after parsing, hence suppressHydrationWarning.
 */
export function AccessibilityPrePaintScript() {
  const nonce = useCspNonce();
  if (!nonce) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: accessibilityPrePaintScript }} />;
}
