import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "../../app/lib/hydration-after-paint.server";

/** A document as React renders it for React Router: font preloads, module preloads, the stylesheet. */
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Ember &amp; Oak Society</title>' +
  '<link rel="preload" href="/fonts/inter-latin-variable.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n0nce=="/>' +
  '<link nonce="n0nce==" rel="stylesheet" href="/assets/root-ghi.css"/></head>';
const body =
  '<body><h1>Cigars &amp; “cañas” 🚬</h1><pre>&lt;link rel="modulepreload"&gt; <link rel="modulepreload" href="/x.js"/></pre>' +
  '<script type="module" async="">import "/assets/root-def.js";</script></body></html>';

describe("withoutModulePreloads", () => {
  it("drops React Router's module preloads from the head and keeps the fonts and the stylesheet", () => {
    const html = withoutModulePreloads(head + body);
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");
    expect(html).toContain('<link rel="preload" href="/fonts/inter-latin-variable.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>');
    expect(html).toContain('<link nonce="n0nce==" rel="stylesheet" href="/assets/root-ghi.css"/></head>');
  });

  it("leaves the body exactly as it was, the module script included", () => {
    const html = withoutModulePreloads(head + body);
    expect(html.slice(html.indexOf("</head>") + "</head>".length)).toBe(body);
  });

  it("leaves a document without a head alone", () => {
    expect(withoutModulePreloads(body)).toBe(body);
  });
});
