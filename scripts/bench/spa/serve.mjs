import { existsSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { parse } from "smol-toml";
import { spaDirectory } from "./build.mjs";

/** The Worker's compatibility date, from wrangler.toml (the single Worker configuration). */
function compatibilityDate() {
  const date = parse(readFileSync(new URL("../../../wrangler.toml", import.meta.url), "utf8")).compatibility_date;
  if (typeof date !== "string") throw new Error("wrangler.toml has no compatibility_date");
  return date;
}

const unusedWorker = "export default { fetch: () => new Response(null, { status: 404 }) };";

/**
 * Serves build/bench-spa/ (scripts/bench/spa/build.mjs) on workerd through Miniflare, as
 * Cloudflare would serve a static SPA: an assets-only Worker where every path without a file
 * answers index.html (single-page-application not-found handling), with the _headers that
 * build.mjs wrote, so /assets/* and /fonts/* are cached as on the real site.
 *
 * @param {{ port: number }} options
 * @returns {Promise<{ url: URL; stop: () => Promise<void> }>}
 */
export async function startSpaServer({ port }) {
  // An empty folder would serve 404s without complaint (and `npm run build` empties build/).
  if (!existsSync(`${spaDirectory}/index.html`)) throw new Error("build/bench-spa/ is missing: run node scripts/bench/spa/build.mjs first");
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port,
    workers: [
      {
        config: {
          name: "bench-spa",
          compatibilityDate: compatibilityDate(),
          assets: { directory: spaDirectory, notFoundHandling: "single-page-application", hasUserWorker: false },
          // Miniflare wants code for every Worker; with hasUserWorker false the assets router never
          // calls it (on Cloudflare an assets-only Worker has none).
          manifest: { mainModule: "unused.mjs", modules: { "unused.mjs": { type: "esm", contents: unusedWorker } } },
        },
      },
    ],
  });
  const url = await miniflare.ready;
  return { url, stop: () => miniflare.dispose() };
}
