import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { systemChromiumPath } from "../chromium-path.mjs";

/**
 * What the first load of a page costs the visitor's connection (README, "Measured quality", item 2): every
 * response until the network is idle, grouped by kind, each body gzipped here the way the edge
 * compresses it (workerd serves them uncompressed locally). Images are counted as sent. Measured
 * at a phone's and a desktop's viewport; "above the fold" is what either shows before scrolling.
 */
const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1440, height: 900 },
];

/**
 * @param {URL} url
 * @param {{ cookie?: string }} options
 */
export async function measurePageWeight(url, { cookie } = {}) {
  const browser = await chromium.launch({
    executablePath: systemChromiumPath() ?? undefined,
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const views = [];
    for (const viewport of VIEWPORTS) views.push(await loadOnce(browser, url, viewport, cookie));
    const phone = views[0];
    if (!phone) throw new Error("no viewport measured");
    const aboveTheFold = new Map();
    for (const view of views) for (const image of view.aboveTheFoldImages) aboveTheFold.set(image.url, image.bytes);
    return {
      htmlGzip: phone.gzipBytes("document"),
      jsGzip: phone.gzipBytes("script"),
      cssGzip: phone.gzipBytes("stylesheet"),
      fontBytes: phone.bytes("font"),
      scripts: phone.list("script"),
      preloadedFonts: phone.preloadedFonts,
      largestAboveTheFoldImage: Math.max(0, ...aboveTheFold.values()),
      aboveTheFoldImages: [...aboveTheFold].map(([imageUrl, bytes]) => ({ url: imageUrl, bytes })),
      thirdPartyRequests: [...new Set(views.flatMap((view) => view.thirdParty))],
    };
  } finally {
    await browser.close();
  }
}

/**
 * @param {import("playwright-core").Browser} browser
 * @param {URL} url
 * @param {{ width: number; height: number }} viewport
 * @param {string | undefined} cookie
 */
async function loadOnce(browser, url, viewport, cookie) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
  const page = await context.newPage();
  /** @type {{ url: string; type: string; raw: number; gzip: number }[]} */
  const responses = [];
  /** @type {string[]} */
  const thirdParty = [];
  /** @type {Promise<unknown>[]} */
  const reading = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== url.origin && !request.url().startsWith("data:")) thirdParty.push(request.url());
  });
  page.on("response", (response) => {
    reading.push(
      response
        .body()
        .then((body) =>
          responses.push({ url: response.url(), type: response.request().resourceType(), raw: body.length, gzip: gzipSync(body).length }),
        )
        .catch(() => undefined),
    );
  });
  await page.goto(url.href, { waitUntil: "networkidle" });
  await Promise.all(reading);

  const preloadedFonts = await page.locator('link[rel="preload"][as="font"]').count();
  // Runs in the page, where `document` and `innerHeight` are the browser's.
  const aboveTheFoldImages = await page.evaluate(() =>
    Array.from(globalThis.document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.top < globalThis.innerHeight && box.bottom > 0;
      })
      .map((image) => image.currentSrc),
  );
  await context.close();

  const ofType = (/** @type {string} */ type) => responses.filter((response) => response.type === type);
  return {
    thirdParty,
    preloadedFonts,
    aboveTheFoldImages: aboveTheFoldImages.map((src) => ({
      url: src,
      bytes: responses.find((response) => response.url === src)?.raw ?? 0,
    })),
    gzipBytes: (/** @type {string} */ type) => ofType(type).reduce((sum, response) => sum + response.gzip, 0),
    bytes: (/** @type {string} */ type) => ofType(type).reduce((sum, response) => sum + response.raw, 0),
    list: (/** @type {string} */ type) => ofType(type).map((response) => ({ path: new URL(response.url).pathname, gzip: response.gzip })),
  };
}
