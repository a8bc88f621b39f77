/**
 * Lets the first paint go ahead of the hydration JavaScript (docs/performance-notes.md).
 *
 * React Router puts a `<link rel="modulepreload">` in the head for every module the page will
 * hydrate with. The browser fetches those at high priority, in competition with the stylesheet,
 * the fonts and the hero art, so on a phone connection the first paint waited for about 130 kB of
 * JavaScript the page does not need to be seen or read (Lighthouse, mobile: LCP 2.7 s; without the
 * hints 1.4–1.8 s). The module script at the end of the body still imports every module, so
 * hydration starts as soon as the browser reaches it; measured on a throttled phone, it finishes
 * about 0.1–0.2 s later than with the hints. Font preloads stay: without them the fonts are found
 * late and the paint time varies from run to run.
 *
 * Only the head is rewritten. The pattern is what React writes for React Router's links; React
 * escapes `>` in attribute values, so `[^>]*` cannot run past the tag.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

export function hydrationAfterPaint(document: string): string {
  const headEnd = document.indexOf("</head>");
  if (headEnd === -1) return document;
  return document.slice(0, headEnd).replace(MODULE_PRELOAD, "") + document.slice(headEnd);
}
