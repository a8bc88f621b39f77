import { spawnSync } from "node:child_process";

/**
 * SQL against a LOCAL D1 through `wrangler d1 execute DB --local`, for the load run's checks
 * (scripts/load/outbox-state.mjs), which read the database while `wrangler dev` serves it. The
 * members commands do not use this: they take a D1 binding from wrangler (scripts/members-d1.ts).
 *
 * Runs one or more statements (wrangler runs them as one batch); the rows of each, in order.
 * @param {string} persistTo the directory given to `wrangler dev --persist-to`
 * @param {string} sql
 * @returns {Record<string, unknown>[][]}
 */
export function executeLocalD1(persistTo, sql) {
  const args = ["wrangler", "d1", "execute", "DB", "--json", "--command", sql, "--local", "--persist-to", persistTo];
  const run = spawnSync(process.platform === "win32" ? "npx.cmd" : "npx", args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (run.error) throw run.error;
  const output = parseJson(run.stdout);
  if (run.status !== 0 || !Array.isArray(output)) {
    const reason =
      output && typeof output === "object" && "error" in output ? JSON.stringify(output.error) : run.stderr.trim() || run.stdout.trim();
    throw new Error(`wrangler d1 execute failed: ${reason}`);
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
