import { describe, expect, it } from "vitest";
import { hydrationAfterPaint } from "#app/shell/hydration-after-paint.server.ts";

/** A document as React renders it for React Router: font preloads, module preloads, the stylesheet. */
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Ember &amp; Oak Society</title>' +
  '<link rel="preload" href="/fonts/inter-latin-variable.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n0nce=="/>' +
  '<link nonce="n0nce==" rel="stylesheet" href="/assets/root-ghi.css"/></head>';
const content = '<body><h1>Cigars &amp; “cañas” 🚬</h1><pre>&lt;link rel="modulepreload"&gt; &lt;script type="module"&gt;</pre>';
const contextScript = '<script nonce="n0nce==">window.__reactRouterContext = {};</script>';
const moduleScript =
  '<script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root-def.js";\nimport("/assets/entry.client-abc.js");</script>';
const document = head + content + contextScript + moduleScript + "</body></html>";

describe("hydrationAfterPaint", () => {
  const html = hydrationAfterPaint(document);

  it("drops React Router's module preloads from the head and keeps the fonts and the stylesheet", () => {
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");
    expect(html).toContain(
      '<link rel="preload" href="/fonts/inter-latin-variable.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
    );
    expect(html).toContain('<link nonce="n0nce==" rel="stylesheet" href="/assets/root-ghi.css"/></head>');
  });

  it("leaves the page's content and its scripts exactly as they were, the module script included", () => {
    expect(html.slice(html.indexOf("</head>") + "</head>".length)).toBe(content + contextScript + moduleScript + "</body></html>");
  });

  it("leaves a document without a head alone", () => {
    expect(hydrationAfterPaint(content)).toBe(content);
  });
});
