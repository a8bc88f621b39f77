import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

/**
 * The client-rendered comparison for `npm run bench` (scripts/bench/spa/README.md): the same pages as the
 * real site, rendered in the browser as the original product's single-page app did, built into
 * build/bench-spa/ (index.html with an empty root, the JS and CSS, and public/).
 *
 *   node scripts/bench/spa/build.mjs      (Node 24: npm scripts put it first on PATH)
 */
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const spaDirectory = `${repoRoot}build/bench-spa`;

/**
 * The SPA's document needs to load its scripts, which public/_headers' policy (written for
 * images, fonts and CSS) forbids; the Worker's page policy allows them by nonce, which a static
 * file cannot carry, so here scripts come from 'self'. Everything else in public/_headers, the
 * caching of /assets/* and /fonts/* included, is kept as it is.
 */
const documentPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Builds the SPA; resolves with the time it took. @returns {Promise<{ seconds: number }>} */
export async function buildSpa() {
  const started = performance.now();
  await build({ configFile: fileURLToPath(new URL("vite.config.ts", import.meta.url)), logLevel: "warn" });
  const headers = readFileSync(`${repoRoot}public/_headers`, "utf8");
  if (!/^ {2}Content-Security-Policy: .*$/m.test(headers))
    throw new Error("public/_headers has no Content-Security-Policy line to replace");
  const spaHeaders = headers.replace(/^ {2}Content-Security-Policy: .*$/m, `  Content-Security-Policy: ${documentPolicy}`);
  writeFileSync(`${spaDirectory}/_headers`, `# Written by scripts/bench/spa/build.mjs from public/_headers.\n${spaHeaders}`);
  return { seconds: (performance.now() - started) / 1000 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { seconds } = await buildSpa();
  console.log(`bench-spa: built build/bench-spa/ in ${seconds.toFixed(1)} s`);
}
