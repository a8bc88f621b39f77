import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { assertDeployable, DEPLOYED_ENVIRONMENTS, isDeployedEnvironment, type DeployedEnvironment } from "./deploy-preflight.ts";
import { OperatorError, type OptionValues } from "./members-cli.ts";

/**
 * The D1 database of the members commands, as a real D1Database binding from wrangler's
 * getPlatformProxy, so the commands call the same functions the Worker calls. Local by default
 * (the .wrangler/state that `npm start` uses, or --persist-to, with the top-level configuration);
 * --remote --env staging|production for a deployed one, after the deploy preflight (docs/deploy.md).
 */
export type D1Target = { remote: false; persistTo: string } | { remote: true; env: DeployedEnvironment };

export interface MemberDatabase {
  db: D1Database;
  dispose(): Promise<void>;
}

const WRANGLER_CONFIG = "wrangler.toml";

/** The options every command that reaches D1 accepts. */
export const targetOptions = {
  remote: { type: "boolean" },
  "persist-to": { type: "string" },
  env: { type: "string" },
} as const;

/**
 * Where the command writes. A remote database is always named (--env staging|production: the
 * top level holds only local placeholders), and wrangler.toml must pass the deploy preflight
 * for it before anything reaches Cloudflare.
 */
export function d1Target(options: OptionValues): D1Target {
  const persistTo = typeof options["persist-to"] === "string" ? options["persist-to"] : null;
  const env = typeof options.env === "string" ? options.env : null;
  const environments = DEPLOYED_ENVIRONMENTS.map((name) => `--env ${name}`).join(" or ");
  if (options.remote !== true) {
    if (env !== null)
      throw new OperatorError(`--env names a deployed database: add --remote (local commands use the top-level configuration)`);
    return { remote: false, persistTo: persistTo ?? ".wrangler/state" };
  }
  if (persistTo) throw new OperatorError("--persist-to is for the local database; leave it out with --remote");
  if (!isDeployedEnvironment(env))
    throw new OperatorError(`--remote needs the environment: ${environments} (got ${env === null ? "none" : JSON.stringify(env)})`);
  assertDeployable(env, WRANGLER_CONFIG);
  return { remote: true, env };
}

export function describeTarget(target: D1Target): string {
  return target.remote ? `the REMOTE ${target.env} database (--env ${target.env})` : `the local database in ${target.persistTo}`;
}

/**
 * The site's address for links: --site-url, else SITE_URL of wrangler.toml as wrangler reads it:
 * the environment's ([env.<name>.vars]) for --remote, the local one ([vars]) otherwise.
 */
export function siteUrlFor(siteUrl: string | undefined, target: D1Target): string {
  const candidate = siteUrl ?? readWranglerConfig(target.remote ? target.env : undefined).vars["SITE_URL"];
  try {
    const url = new URL(typeof candidate === "string" ? candidate : "");
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
    return url.origin;
  } catch {
    throw new OperatorError(`no usable site URL (${JSON.stringify(candidate ?? null)}); pass --site-url https://…`);
  }
}

/** The database, refused with the migrate command to run when it has no tables yet. */
export async function openMemberDatabase(target: D1Target): Promise<MemberDatabase> {
  const database = target.remote ? await openRemote(target.env) : await openLocal(target.persistTo);
  let migrated: unknown;
  try {
    migrated = await database.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'members'").first();
  } catch (error) {
    await database.dispose();
    throw error;
  }
  if (migrated) return database;
  await database.dispose();
  throw new OperatorError(`The database has no tables yet: run ${migrateCommand(target)} first`);
}

/** The command that applies the migrations to the target (docs/operators.md). */
function migrateCommand(target: D1Target): string {
  if (target.remote) return `npm run db:migrate:${target.env}`;
  if (target.persistTo === ".wrangler/state") return "npm run db:migrate:local";
  return `npx wrangler d1 migrations apply DB --local --persist-to ${target.persistTo}`;
}

/**
 * The local D1 as `wrangler dev --persist-to DIR` keeps it (DIR/v3). A directory without a D1 is
 * refused: getPlatformProxy would create an empty one there, and a typo would look like "no member".
 */
async function openLocal(persistTo: string): Promise<MemberDatabase> {
  if (!existsSync(join(persistTo, "v3", "d1"))) {
    throw new OperatorError(`no local D1 in ${persistTo}: apply the migrations first (${migrateCommand({ remote: false, persistTo })})`);
  }
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: WRANGLER_CONFIG,
    persist: { path: join(persistTo, "v3") },
    remoteBindings: false,
  });
  return { db: proxy.env.DB, dispose: proxy.dispose };
}

/**
 * The deployed D1 through wrangler's remote bindings: getPlatformProxy connects a binding to the
 * real database only when the configuration marks it `remote = true`, and wrangler.toml leaves
 * that off so `wrangler dev` stays local. So the DB binding of [env.<name>] in wrangler.toml
 * is written, marked remote, into a throwaway configuration that holds nothing else. Wrangler
 * must be logged in (`npx wrangler login`) or have CLOUDFLARE_API_TOKEN set.
 */
async function openRemote(env: DeployedEnvironment): Promise<MemberDatabase> {
  const config = readWranglerConfig(env);
  // Typed here: wrangler's declarations lean on @cloudflare/workers-types, which this project does not install.
  const databases: { binding: string; database_name?: string; database_id?: string }[] = config.d1_databases;
  const database = databases.find((candidate) => candidate.binding === "DB");
  if (!database?.database_id) throw new OperatorError(`wrangler.toml has no DB database in [env.${env}]`);
  const directory = await mkdtemp(join(tmpdir(), "members-remote-d1-"));
  const configPath = join(directory, "wrangler.json");
  await writeFile(
    configPath,
    JSON.stringify({
      name: config.name,
      account_id: config.account_id,
      compatibility_date: config.compatibility_date,
      d1_databases: [{ binding: "DB", database_name: database.database_name, database_id: database.database_id, remote: true }],
    }),
  );
  try {
    const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath, persist: false });
    return {
      db: proxy.env.DB,
      dispose: async () => {
        await proxy.dispose();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new OperatorError(`could not reach the remote database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function readWranglerConfig(environment: string | undefined) {
  return unstable_readConfig({ config: WRANGLER_CONFIG, env: environment });
}
