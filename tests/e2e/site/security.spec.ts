import { expect, test } from "../support/fixtures.ts";

const pages = ["/", "/memberships", "/blog", "/rules", "/no-such-page"];

test.describe("security headers and CSP nonce", () => {
  for (const path of pages) {
    test(`${path} sends the security headers and a nonce on every script`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");

      const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(headers["content-security-policy"] ?? "")?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        if (/type="application\/ld\+json"/.test(script)) continue; // data, not code
        expect(script).toContain(`nonce="${nonce}"`);
      }
    });
  }

  test("the browser refuses markup-injected scripts that lack the nonce", async ({ page, pageProblems }) => {
    // Simulates an injection into the HTML: the response keeps its real headers.
    await page.route("/", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</main>", "<script>window.__injected = true</script></main>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    // The fixture saw the violation (so it would catch an unexpected one); this one was on purpose.
    expect(pageProblems.some((problem) => problem.startsWith("CSP:"))).toBe(true);
    pageProblems.length = 0;
  });

  test("static assets carry the security headers too", async ({ request }) => {
    const response = await request.get("/images/hero-lounge.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

test("GET /api/health touches D1 and KV", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, d1: true, kv: true, reasons: [] });
});

test("unknown /api paths answer a JSON 404", async ({ request }) => {
  const response = await request.get("/api/nothing-here");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Not found" });
});
