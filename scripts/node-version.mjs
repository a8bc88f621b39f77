import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The Node version check every entry script runs before anything else loads (docs/operators.md,
 * "The commands"). The machine's own `node` may be older than the project's (npm run puts the
 * `node` devDependency first on PATH): an older Node cannot load a `.ts` file and has no
 * `node:sqlite`, and an ES module's static imports are all loaded and linked before any of them
 * runs. So this file stays plain JavaScript with only the built-ins Node 18 has, each entry
 * imports it first, and loads everything else with `await import(…)`; the TypeScript commands
 * start through scripts/command.mjs. The minimum is package.json's "engines".
 */
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(packageJson.engines.node)?.[1];
if (!minimum) throw new Error(`scripts/node-version.mjs reads package.json "engines" as ">=x.y", not ${packageJson.engines.node}`);

if (isOlder(process.versions.node, minimum)) {
  console.error(
    `This command needs Node ${minimum} or later (package.json "engines"); this is Node ${process.versions.node}. Run it through ${npmScript()}, which uses the project's own Node.`,
  );
  process.exit(1);
}

/** @param {string} version @param {string} than */
function isOlder(version, than) {
  const [a, b] = [version, than].map((text) => text.split(".").map(Number));
  for (let index = 0; index < 3; index++) {
    const difference = (a?.[index] ?? 0) - (b?.[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * The package.json script that starts this entry as it was started (`npm run member:create`), or
 * plain `npm run`: the script with the fewest words of its own whose `node …` step the command
 * line begins with.
 */
function npmScript() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const started = [relative(root, process.argv[1] ?? ""), ...process.argv.slice(2)];
  /** @type {{ name: string, length: number } | undefined} */
  let best;
  for (const [name, script] of Object.entries(/** @type {Record<string, string>} */ (packageJson.scripts))) {
    for (const step of script.split("&&")) {
      const [program, ...words] = step.trim().split(/\s+/);
      const matches = program === "node" && words.length > 0 && words.every((word, index) => word === started[index]);
      if (matches && (!best || words.length < best.length)) best = { name, length: words.length };
    }
  }
  return best ? `npm run ${best.name}` : "npm run";
}
