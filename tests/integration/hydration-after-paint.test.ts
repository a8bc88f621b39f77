import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "../../worker/app";

/** The head React Router renders for a page: font preloads, module preloads, the stylesheet. */
const renderedHead = [
  '<link rel="preload" href="/fonts/inter-latin-variable.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-abc.js"/>',
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n"/>',
  '<link rel="stylesheet" href="/assets/root-ghi.css"/>',
].join("");
const renderedBody = '<h1>Ember &amp; Oak</h1><script type="module" async>import "/assets/root-def.js";</script>';

function appServing(body: string, contentType: string) {
  return createWorkerApp(async () => new Response(body, { headers: { "Content-Type": contentType } }));
}

async function fetchPage(app: ReturnType<typeof createWorkerApp>) {
  return app.fetch(new Request("http://example.com/"), env, createExecutionContext());
}

describe("pages reach the browser without module preloads (issue 7: first paint before hydration)", () => {
  it("drops every <link rel=modulepreload> and keeps the fonts, the stylesheet, the content and the module script", async () => {
    const response = await fetchPage(appServing(`<!doctype html><html><head>${renderedHead}</head><body>${renderedBody}</body></html>`, "text/html; charset=utf-8"));
    const html = await response.text();
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="preload" href="/fonts/inter-latin-variable.woff2"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-ghi.css"/>');
    expect(html).toContain(renderedBody);
  });

  it("keeps the status and the security headers of the page", async () => {
    const app = createWorkerApp(async () => new Response(`<head>${renderedHead}</head>`, { status: 404, headers: { "Content-Type": "text/html" } }));
    const response = await fetchPage(app);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'nonce-/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("leaves other answers of the page handler byte for byte alone", async () => {
    const body = `{"links":"${renderedHead.replaceAll('"', "'")}"}`;
    const response = await fetchPage(appServing(body, "application/json"));
    expect(await response.text()).toBe(body);
  });
});
