import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { OperatorError } from "./member-fields.mjs";

/**
 * The command line of the operator scripts: strict options (a typo is an error, not ignored),
 * --help, and one place where an OperatorError becomes a message and exit code 1.
 *
 * @param {{ usage: string; options: import("node:util").ParseArgsOptionsConfig }} command
 * @returns {Record<string, string | boolean | undefined>}
 */
export function readOptions(command) {
  /** @type {Record<string, string | boolean | (string | boolean)[] | undefined>} */
  let values;
  try {
    values = parseArgs({ options: { ...command.options, help: { type: "boolean" } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${command.usage}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(command.usage);
    process.exit(0);
  }
  // No option is declared `multiple`, so every value is a single string or boolean.
  return /** @type {Record<string, string | boolean | undefined>} */ (values);
}

/**
 * A string option's value (undefined when absent).
 * @param {string | boolean | undefined} value
 */
export function text(value) {
  return typeof value === "string" ? value : undefined;
}

/** Options every script that talks to D1 through wrangler accepts. */
/** @type {import("node:util").ParseArgsOptionsConfig} */
export const targetOptions = {
  remote: { type: "boolean" },
  "persist-to": { type: "string" },
  env: { type: "string" },
};

/** @param {() => void | Promise<void>} main */
export async function runOperatorScript(main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
}

/**
 * The site's address for links: --site-url, else SITE_URL from wrangler.toml: the production
 * one ([env.production.vars], or [env.<name>.vars] with --env) for --remote, the local one
 * ([vars]) otherwise.
 * @param {{ siteUrl?: string; remote: boolean; env: string | null }} options
 */
export function siteUrlFor(options) {
  const candidate =
    options.siteUrl ??
    siteUrlFromWranglerToml(options.remote ? `env.${options.env ?? "production"}.vars` : options.env ? `env.${options.env}.vars` : "vars");
  try {
    const url = new URL(candidate ?? "");
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
    return url.origin;
  } catch {
    throw new OperatorError(`no usable site URL (${JSON.stringify(candidate ?? null)}); pass --site-url https://…`);
  }
}

/**
 * SITE_URL of one table of wrangler.toml. A line-based read, enough for this file's plain
 * `KEY = "value"` lines (Node has no TOML parser).
 * @param {string} table
 */
function siteUrlFromWranglerToml(table) {
  let current = "";
  for (const line of readFileSync("wrangler.toml", "utf8").split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header?.[1]) current = header[1].trim();
    const value = /^\s*SITE_URL\s*=\s*"([^"]*)"/.exec(line);
    if (value && current === table) return value[1];
  }
  return undefined;
}
