import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { OperatorError, type OptionValues } from "./members-cli.ts";

/**
 * The D1 database of the members commands, as a real D1Database binding from wrangler's
 * getPlatformProxy, so the commands call the same functions the Worker calls. Local by default
 * (the .wrangler/state that `npm start` uses, or --persist-to); --remote for the deployed one.
 */
export interface D1Target {
  remote: boolean;
  persistTo: string;
  env: string | null;
}

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

export function d1Target(options: OptionValues): D1Target {
  const persistTo = typeof options["persist-to"] === "string" ? options["persist-to"] : null;
  if (options.remote === true && persistTo) throw new OperatorError("--persist-to is for the local database; leave it out with --remote");
  return {
    remote: options.remote === true,
    persistTo: persistTo ?? ".wrangler/state",
    env: typeof options.env === "string" ? options.env : null,
  };
}

export function describeTarget(target: D1Target): string {
  return target.remote ? `the REMOTE database${target.env ? ` (--env ${target.env})` : ""}` : `the local database in ${target.persistTo}`;
}

/**
 * The site's address for links: --site-url, else SITE_URL of wrangler.toml as wrangler reads it:
 * the production one ([env.production.vars], or [env.<name>.vars] with --env) for --remote, the
 * local one ([vars], or [env.<name>.vars] with --env) otherwise.
 */
export function siteUrlFor(options: { siteUrl: string | undefined; remote: boolean; env: string | null }): string {
  const environment = options.env ?? (options.remote ? "production" : undefined);
  const candidate = options.siteUrl ?? readWranglerConfig(environment).vars["SITE_URL"];
  try {
    const url = new URL(typeof candidate === "string" ? candidate : "");
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
    return url.origin;
  } catch {
    throw new OperatorError(`no usable site URL (${JSON.stringify(candidate ?? null)}); pass --site-url https://…`);
  }
}

export async function openMemberDatabase(target: D1Target): Promise<MemberDatabase> {
  return target.remote ? openRemote(target.env) : openLocal(target.persistTo, target.env);
}

/**
 * The local D1 as `wrangler dev --persist-to DIR` keeps it (DIR/v3). A directory without a D1 is
 * refused: getPlatformProxy would create an empty one there, and a typo would look like "no member".
 */
async function openLocal(persistTo: string, env: string | null): Promise<MemberDatabase> {
  if (!existsSync(join(persistTo, "v3", "d1"))) {
    throw new OperatorError(
      `no local D1 in ${persistTo}: apply the migrations first (wrangler d1 migrations apply DB --local --persist-to ${persistTo})`,
    );
  }
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: WRANGLER_CONFIG,
    environment: env ?? undefined,
    persist: { path: join(persistTo, "v3") },
    remoteBindings: false,
  });
  return { db: proxy.env.DB, dispose: proxy.dispose };
}

/**
 * The deployed D1 through wrangler's remote bindings: getPlatformProxy connects a binding to the
 * real database only when the configuration marks it `remote = true`, and wrangler.toml leaves
 * that off so `wrangler dev` stays local. So the DB binding of wrangler.toml (of --env, if given)
 * is written, marked remote, into a throwaway configuration that holds nothing else. Wrangler
 * must be logged in (`npx wrangler login`) or have CLOUDFLARE_API_TOKEN set.
 */
async function openRemote(env: string | null): Promise<MemberDatabase> {
  const config = readWranglerConfig(env ?? undefined);
  // Typed here: wrangler's declarations lean on @cloudflare/workers-types, which this project does not install.
  const databases: { binding: string; database_name?: string; database_id?: string }[] = config.d1_databases;
  const database = databases.find((candidate) => candidate.binding === "DB");
  if (!database?.database_id) throw new OperatorError(`wrangler.toml has no DB database${env ? ` in [env.${env}]` : ""}`);
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
