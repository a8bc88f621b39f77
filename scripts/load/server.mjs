import { spawn, spawnSync } from "node:child_process";
import { closeSync, cpSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The production build served by `wrangler dev`, as the e2e suite serves it, with fresh local D1
 * and KV per run under .wrangler/load. Two things differ from `npm start`, both through
 * configuration only (no test code in the Worker):
 * - the build is copied to .wrangler/load/build first, so a rebuild of build/ by someone else
 *   does not reload the server in the middle of a run;
 * - EMAIL is a service binding to a small adapter Worker (email-adapter-worker.mjs) in the same
 *   dev session instead of the simulated send_email binding, so deliveries can fail and be counted.
 *   SMS goes to the real Twilio Verify provider, pointed at the fake with TWILIO_* vars.
 */
export const LOAD_DIR = ".wrangler/load";
const SNAPSHOT = join(LOAD_DIR, "build");
const MIGRATED_TEMPLATE = join(LOAD_DIR, "migrated-template");
const WRANGLER = resolve("node_modules/wrangler/bin/wrangler.js");
const ADAPTER = resolve("scripts/load/email-adapter-worker.mjs");
const ADAPTER_NAME = "load-email-adapter";

/** Wrangler's own keys of a generated config that a user config may not carry. */
const GENERATED_ONLY_KEYS = ["configPath", "userConfigPath", "topLevelName", "definedEnvironments"];

/**
 * @typedef {{ main: string; adapter: string }} LoadConfigs
 * @typedef {{ url: string; port: number; persistTo: string; logFile: string; stop: () => Promise<void> }} LoadServer
 */

/**
 * Copies build/ and writes the two Wrangler configs of the load runs.
 * @param {{ emailRecorderUrl: string }} options
 * @returns {LoadConfigs}
 */
export function prepareBuildSnapshot({ emailRecorderUrl }) {
  cpSync("build/server", join(SNAPSHOT, "server"), { recursive: true });
  cpSync("build/client", join(SNAPSHOT, "client"), { recursive: true });
  /** @type {Record<string, unknown>} */
  const config = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));
  for (const key of GENERATED_ONLY_KEYS) delete config[key];
  const database = /** @type {{ d1_databases: Array<Record<string, unknown>> }} */ (config).d1_databases;
  config.d1_databases = database.map((binding) => ({ ...binding, migrations_dir: resolve("migrations") }));
  config.send_email = [];
  config.services = [{ binding: "EMAIL", service: ADAPTER_NAME, entrypoint: "EmailAdapter" }];
  const main = resolve(SNAPSHOT, "server", "wrangler.load.json");
  writeFileSync(main, JSON.stringify(config, null, 2));

  const adapter = resolve(SNAPSHOT, "email-adapter.json");
  writeFileSync(
    adapter,
    JSON.stringify(
      { name: ADAPTER_NAME, main: ADAPTER, compatibility_date: config.compatibility_date, vars: { EMAIL_RECORDER_URL: emailRecorderUrl } },
      null,
      2,
    ),
  );
  return { main, adapter };
}

/**
 * Applies the migrations and seeds the local demo accounts once (the faults run signs in as the
 * demo concierge: scripts/load/concierge-retry.mjs); each run starts from a copy (fresh D1 and KV,
 * no second wait). The seed writes before any server has the database open, as the e2e server's
 * does (tests/e2e/support/member-pool.ts says why).
 * @param {LoadConfigs} configs
 */
export function migrateTemplate(configs) {
  const run = spawnSync(
    process.execPath,
    [WRANGLER, "d1", "migrations", "apply", "DB", "--local", "--persist-to", MIGRATED_TEMPLATE, "-c", configs.main],
    {
      encoding: "utf8",
      env: { ...process.env, CI: "1" },
    },
  );
  if (run.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${run.stderr || run.stdout}`);
  const seed = spawnSync(process.execPath, ["scripts/command.mjs", "scripts/members-seed-local.ts", "--persist-to", MIGRATED_TEMPLATE], {
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`seeding the demo accounts failed:\n${seed.stderr || seed.stdout}`);
}

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/**
 * Starts `wrangler dev` of the snapshot (plus the email adapter) on `port` with fresh state in
 * .wrangler/load/<name>, and waits until /api/health answers. `seed` writes the run's own rows
 * into that state first, before any server has the database open (as migrateTemplate does).
 * @param {{ name: string; port: number; inspectorPort: number; configs: LoadConfigs; vars: Record<string, string>; seed?: (persistTo: string) => void }} options
 * @returns {Promise<LoadServer>}
 */
export async function startServer({ name, port, inspectorPort, configs, vars, seed }) {
  const url = `http://localhost:${port}`;
  // A server left over on the port would answer the health check and be tested instead.
  const occupied = await fetch(url).then(
    () => true,
    () => false,
  );
  if (occupied) throw new Error(`port ${port} is in use: stop whatever serves ${url} first`);
  const persistTo = join(LOAD_DIR, name);
  cpSync(MIGRATED_TEMPLATE, persistTo, { recursive: true });
  seed?.(persistTo);
  const logFile = join(LOAD_DIR, `${name}.wrangler.log`);
  mkdirSync(LOAD_DIR, { recursive: true });
  const log = openSync(logFile, "w");
  const args = [
    WRANGLER,
    "dev",
    "-c",
    configs.main,
    "-c",
    configs.adapter,
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
  ];
  args.push("--persist-to", persistTo, "--show-interactive-dev-session=false");
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  // Its own process group, so stopping it also stops the workerd processes it starts.
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", log, log], env: { ...process.env, CI: "1" } });
  closeSync(log);
  running.add(child);
  child.once("exit", () => running.delete(child));

  const stop = () => stopProcessGroup(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev (${name}) exited with ${child.exitCode}; see ${logFile}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, port, persistTo, logFile, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev (${name}) did not answer /api/health within 120 s; see ${logFile}`);
    }
    await sleep(500);
  }
}

/**
 * SIGTERM to the whole group, SIGKILL if it is still there after 10 s.
 * @param {import("node:child_process").ChildProcess} child
 */
async function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
  signalGroup(child.pid, "SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) signalGroup(child.pid, "SIGKILL");
  // workerd children can outlive wrangler's own exit by a moment.
  await sleep(300);
  signalGroup(child.pid, "SIGKILL");
}

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Last resort on exit (synchronous): kills every server this process started. */
export function killAllServers() {
  for (const child of running) if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
}

/** Stops every server this process started (a failed run still cleans up). */
export async function stopAllServers() {
  await Promise.all([...running].map((child) => stopProcessGroup(child)));
}
