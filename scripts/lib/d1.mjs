import { spawnSync } from "node:child_process";
import { OperatorError } from "./member-fields.mjs";

/**
 * The operator scripts reach D1 only through `wrangler d1 execute DB`, like the migrations:
 * --remote for the deployed database, otherwise the local one (--persist-to, by default the
 * .wrangler/state that `npm start` uses). Statements are whole SQL strings built with sql.mjs.
 *
 * @typedef {{ remote: boolean; persistTo: string; env: string | null }} D1Target
 */

/**
 * @param {Record<string, string | boolean | undefined>} options the parsed --remote, --persist-to and --env
 * @returns {D1Target}
 */
export function d1Target(options) {
  const persistTo = typeof options["persist-to"] === "string" ? options["persist-to"] : null;
  if (options.remote === true && persistTo) throw new OperatorError("--persist-to is for the local database; leave it out with --remote");
  return {
    remote: options.remote === true,
    persistTo: persistTo ?? ".wrangler/state",
    env: typeof options.env === "string" ? options.env : null,
  };
}

/** @param {D1Target} target */
export function describeTarget(target) {
  return target.remote ? `the REMOTE database${target.env ? ` (--env ${target.env})` : ""}` : `the local database in ${target.persistTo}`;
}

/**
 * Runs one or more statements; the rows of each statement, in order. Locally wrangler runs them
 * as one D1 batch (all or nothing).
 * @param {D1Target} target
 * @param {string} sql
 * @returns {Record<string, unknown>[][]}
 */
export function executeD1(target, sql) {
  const args = ["wrangler", "d1", "execute", "DB", "--json", "--command", sql];
  args.push(...(target.remote ? ["--remote"] : ["--local", "--persist-to", target.persistTo]));
  if (target.env) args.push("--env", target.env);
  const run = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (run.error) throw run.error;
  const output = parseJson(run.stdout);
  if (run.status !== 0 || !Array.isArray(output)) {
    const reason =
      output && typeof output === "object" && "error" in output ? JSON.stringify(output.error) : run.stderr.trim() || run.stdout.trim();
    throw new OperatorError(`wrangler d1 execute failed: ${reason}`);
  }
  return output.map((statement) => (Array.isArray(statement?.results) ? statement.results : []));
}

/** @param {string} text */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
