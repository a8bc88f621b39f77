/**
 * Lets the first paint go ahead of the hydration JavaScript (issue 7, docs/performance-notes.md).
 *
 * React Router puts a `<link rel="modulepreload">` in the head for every module the page will
 * hydrate with. The browser fetches those at high priority, in competition with the stylesheet,
 * the fonts and the hero art, so on a phone connection the first paint waited for about 130 kB of
 * JavaScript the page does not need to be seen or read (Lighthouse, mobile: LCP 2.7 s; without the
 * hints 1.7 s, measured with `npm run bench`). The module script at the end of the body still
 * imports every module, so hydration starts as soon as the page has painted; its cost is one more
 * round trip for the modules those import. Font preloads stay: without them the fonts are found
 * late and the paint time varies from run to run.
 */
export function withoutModulePreloads(response: Response): Response {
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.remove();
      },
    })
    .transform(response);
}
