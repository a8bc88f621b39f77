import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/**
 * Serves the production build (build/server + build/client) on workerd through Miniflare's own
 * socket: the bindings of build/server/wrangler.json, local D1 and KV in a fresh folder with the
 * migrations applied. Unlike `wrangler dev`, no proxy Worker sits in front of the site, so what the
 * load generator measures is the site itself (README, "Measured quality", server cost).
 *
 * With `seed`, the local demo accounts (scripts/members-seed-local.ts) are written before the
 * server opens the database, as `npm start` does.
 *
 * @param {{ port: number; persistTo: string; vars?: Record<string, string>; buildDir?: string; seed?: boolean }} options
 * @returns {Promise<{ url: URL; stop: () => Promise<void> }>}
 */
export async function startBuiltWorker({ port, persistTo, vars = {}, buildDir = "build", seed = false }) {
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { stdio: "ignore" });
  if (seed) execFileSync("node", ["scripts/command.mjs", "scripts/members-seed-local.ts", "--persist-to", persistTo], { stdio: "ignore" });

  const serverDir = join(buildDir, "server");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(serverDir, "wrangler.json"));
  // Miniflare 5 takes the module list itself instead of wrangler's module rules.
  const options = /** @type {Record<string, any>} */ ({ ...workerOptions });
  delete options.modulesRules;
  delete options.rootPath;
  const modules = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)))
    .map((file) => ({ type: /** @type {const} */ ("ESModule"), path: join(serverDir, file) }));
  /** @type {Record<string, import("miniflare").Json>} */
  const bindings = { ...options.bindings, ...vars };

  /** @type {import("miniflare").V4MiniflareOptions} */
  const miniflareOptions = {
    host: "127.0.0.1",
    port,
    resourcePersistencePath: join(persistTo, "v3"),
    workers: [{ ...options, name: "ember-and-oak", modulesRoot: serverDir, modules, bindings }],
  };
  const miniflare = new Miniflare(convertV4MiniflareOptions(miniflareOptions));
  const url = await miniflare.ready;
  return { url, stop: () => miniflare.dispose() };
}
