import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { configProblems } from "#worker/config.ts";
import { OperatorError } from "./members-cli.ts";

/**
 * The deploy preflight (docs/deploy.md): reads wrangler.toml offline and lists EVERY reason the
 * named environment would deploy wrongly or fail later, before any command reaches Cloudflare.
 * It runs first in `npm run deploy:<env>`, `npm run db:migrate:<env>` and every operator command
 * with --remote. `preflightProblems` is pure, so tests drive it with small configurations.
 */
export const DEPLOYED_ENVIRONMENTS = ["staging", "production"] as const;
export type DeployedEnvironment = (typeof DEPLOYED_ENVIRONMENTS)[number];

/**
 * The secrets a deployed environment needs (`npx wrangler secret put NAME --env ENV`). They live
 * only at Cloudflare, so the preflight cannot see them; worker/config.ts refuses to serve without
 * them. GOOGLE_CLIENT_SECRET only when GOOGLE_CLIENT_ID is set.
 */
export const REQUIRED_SECRETS = ["APP_SIGNING_KEY", "CARD_SIGNING_KEY", "RECAPTCHA_SECRET_KEY", "TWILIO_AUTH_TOKEN"] as const;
const GOOGLE_SECRET = "GOOGLE_CLIENT_SECRET";
/**
 * Stripe's two secrets, set together or not at all: with them offers are paid through Stripe
 * Checkout; without them production takes dues only at the lounge (docs/decisions/009-payment-provider.md).
 */
export const STRIPE_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

type Table = Record<string, unknown>;

/** A value of the right shape for a secret the preflight cannot read, where any string would not do. */
const SECRET_STAND_INS: Partial<Record<(typeof REQUIRED_SECRETS)[number], string>> = {
  CARD_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) }),
};

const D1_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KV_ID = /^[0-9a-f]{32}$/i;
// Sessions live in D1 (member_sessions); KV holds only the rate-limit counters.
const KV_BINDINGS = ["RATE_LIMITS"] as const;
// Members' photos (docs/product-rules.md#member-card): one bucket per environment.
const R2_BINDINGS = ["MEMBER_PHOTOS"] as const;
const R2_BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

export function isDeployedEnvironment(value: unknown): value is DeployedEnvironment {
  return DEPLOYED_ENVIRONMENTS.some((environment) => environment === value);
}

/** The secrets `environment` needs, by its vars (see REQUIRED_SECRETS). */
export function secretsFor(config: Table, environment: DeployedEnvironment): string[] {
  const vars = table(table(table(config.env)?.[environment])?.vars) ?? {};
  return vars.GOOGLE_CLIENT_ID ? [...REQUIRED_SECRETS, GOOGLE_SECRET] : [...REQUIRED_SECRETS];
}

/**
 * The required secrets that `wrangler secret list --format json` (an array of { name }) does not
 * show; the one online check before a deploy (scripts/deploy-secrets-command.ts).
 */
export function missingSecrets(required: string[], listed: unknown): string[] {
  const names = new Set(tables(listed).map((secret) => secret.name));
  const missing = required.filter((secret) => !names.has(secret));
  // One Stripe secret without the other: the Worker refuses to start (worker/config.ts).
  if (STRIPE_SECRETS.some((secret) => names.has(secret))) missing.push(...STRIPE_SECRETS.filter((secret) => !names.has(secret)));
  return missing;
}

/** Whether the listed secrets include Stripe's: how this environment takes dues. */
export function takesStripePayments(listed: unknown): boolean {
  const names = new Set(tables(listed).map((secret) => secret.name));
  return STRIPE_SECRETS.every((secret) => names.has(secret));
}

/** Every problem of [env.<environment>] in a parsed wrangler.toml; empty when it may be deployed. */
export function preflightProblems(config: Table, environment: string): string[] {
  if (!isDeployedEnvironment(environment))
    return [`--env must be one of ${DEPLOYED_ENVIRONMENTS.join(", ")} (got ${JSON.stringify(environment)})`];
  const section = table(table(config.env)?.[environment]);
  if (!section) return [`wrangler.toml has no [env.${environment}] section`];
  const where = `[env.${environment}]`;
  const problems: string[] = [];
  const placeholders = new Set<string>();

  for (const [path, value] of strings(section, "")) {
    if (value.startsWith("replace-with")) {
      placeholders.add(path);
      problems.push(`${where} ${path} is still the placeholder "${value}"`);
    }
  }

  // The Worker's name: its own, so this deploy replaces only this environment's Worker.
  const name = section.name;
  if (typeof name !== "string" || name === "") {
    problems.push(`${where} has no name of its own: it would deploy as the top-level (local) Worker`);
  } else {
    if (name === config.name) problems.push(`${where} name "${name}" is the top-level (local) Worker's name`);
    for (const [other, otherSection] of Object.entries(table(config.env) ?? {})) {
      if (other !== environment && table(otherSection)?.name === name) problems.push(`${where} name "${name}" is also [env.${other}]'s`);
    }
  }

  // One canonical host: the custom domain of SITE_URL, no workers.dev address, no preview URLs.
  if (section.workers_dev !== false) problems.push(`${where} needs workers_dev = false (the site is served only on its own domain)`);
  if (section.preview_urls !== false) problems.push(`${where} needs preview_urls = false (no second address for the site)`);
  const vars = table(section.vars);
  const siteHost = hostOf(vars?.SITE_URL);
  const customDomains = tables(section.routes)
    .filter((route) => route.custom_domain === true)
    .map((route) => route.pattern);
  if (siteHost && !customDomains.includes(siteHost)) {
    problems.push(`${where} routes need { pattern = "${siteHost}", custom_domain = true } (the host of SITE_URL)`);
  }

  problems.push(...varProblems(vars, where, placeholders));
  problems.push(...bindingProblems(config, section, environment, where));

  const crons = tables([table(section.triggers) ?? table(config.triggers)]).flatMap((triggers) => list(triggers.crons));
  for (const cron of list(table(config.triggers)?.crons)) {
    if (!crons.includes(cron)) problems.push(`${where} triggers need the cron "${cron}" (outbox retries and retention, see wrangler.toml)`);
  }
  return problems;
}

function varProblems(vars: Table | undefined, where: string, placeholders: Set<string>): string[] {
  if (!vars) return [`${where} has no [env.…vars] (vars are not inherited from the top level)`];
  const problems: string[] = [];
  for (const secret of [...REQUIRED_SECRETS, GOOGLE_SECRET, ...STRIPE_SECRETS]) {
    if (secret in vars) problems.push(`${where} vars.${secret} is a secret: remove it and use npx wrangler secret put ${secret} --env …`);
  }
  if (vars.ENVIRONMENT !== "production")
    problems.push(`${where} vars.ENVIRONMENT must be "production" (the production rules of worker/config.ts)`);
  if (typeof vars.SITE_URL === "string" && !vars.SITE_URL.startsWith("https://")) problems.push(`${where} vars.SITE_URL must be https://`);
  if (!vars.EMAIL_FROM) problems.push(`${where} vars.EMAIL_FROM is missing: the Email Service sender address (docs/deploy.md)`);
  const siteHost = hostOf(vars.SITE_URL);
  const hostnames = typeof vars.RECAPTCHA_HOSTNAMES === "string" ? vars.RECAPTCHA_HOSTNAMES.split(",").map((host) => host.trim()) : [];
  if (siteHost && !hostnames.includes(siteHost))
    problems.push(`${where} vars.RECAPTCHA_HOSTNAMES must include ${siteHost} (the host of SITE_URL)`);

  // worker/config.ts's own rules, with the secrets standing in as set (they are checked at Cloudflare).
  const withSecrets: Table = { ...vars };
  for (const secret of REQUIRED_SECRETS) withSecrets[secret] = SECRET_STAND_INS[secret] ?? "set-with-wrangler-secret-put-".padEnd(40, "x");
  if (vars.GOOGLE_CLIENT_ID) withSecrets[GOOGLE_SECRET] = "set-with-wrangler-secret-put";
  for (const problem of configProblems(withSecrets)) {
    const setting = problem.slice(0, problem.indexOf(":"));
    if (placeholders.has(`vars.${setting}`) || (setting === "EMAIL_FROM" && !vars.EMAIL_FROM)) continue;
    problems.push(`${where} vars.${problem}`);
  }
  return problems;
}

function bindingProblems(config: Table, section: Table, environment: string, where: string): string[] {
  const problems: string[] = [];
  const otherIds = new Set(
    [
      config,
      ...Object.entries(table(config.env) ?? {}).flatMap(([name, other]) => (name === environment ? [] : [table(other) ?? {}])),
    ].flatMap((other) => [
      ...tables(other.d1_databases).map((database) => database.database_id),
      ...tables(other.kv_namespaces).map((kv) => kv.id),
    ]),
  );

  const database = tables(section.d1_databases).find((candidate) => candidate.binding === "DB");
  if (!database) {
    problems.push(`${where} has no D1 database bound as DB ([[env.${environment}.d1_databases]])`);
  } else {
    if (!database.database_name) problems.push(`${where} D1 DB has no database_name`);
    if (database.migrations_dir !== "migrations") problems.push(`${where} D1 DB needs migrations_dir = "migrations"`);
    problems.push(
      ...idProblems(`${where} D1 DB database_id`, database.database_id, D1_ID, "the id printed by npx wrangler d1 create", otherIds),
    );
  }

  const namespaces = tables(section.kv_namespaces);
  for (const binding of KV_BINDINGS) {
    const namespace = namespaces.find((candidate) => candidate.binding === binding);
    if (!namespace) {
      problems.push(`${where} has no KV namespace bound as ${binding} ([[env.${environment}.kv_namespaces]])`);
      continue;
    }
    problems.push(
      ...idProblems(`${where} KV ${binding} id`, namespace.id, KV_ID, "the id printed by npx wrangler kv namespace create", otherIds),
    );
  }

  const buckets = tables(section.r2_buckets);
  const otherBuckets = new Set(
    [
      config,
      ...Object.entries(table(config.env) ?? {}).flatMap(([name, other]) => (name === environment ? [] : [table(other) ?? {}])),
    ].flatMap((other) => tables(other.r2_buckets).map((bucket) => bucket.bucket_name)),
  );
  for (const binding of R2_BINDINGS) {
    const bucket = buckets.find((candidate) => candidate.binding === binding);
    if (!bucket) {
      problems.push(`${where} has no R2 bucket bound as ${binding} ([[env.${environment}.r2_buckets]])`);
    } else if (typeof bucket.bucket_name !== "string" || !R2_BUCKET_NAME.test(bucket.bucket_name)) {
      problems.push(`${where} R2 ${binding} needs a bucket_name (npx wrangler r2 bucket create <name>)`);
    } else if (otherBuckets.has(bucket.bucket_name)) {
      problems.push(`${where} R2 ${binding} bucket "${bucket.bucket_name}" is also used by the local configuration or another environment`);
    }
  }

  if (!tables(section.send_email).some((binding) => binding.name === "EMAIL")) {
    problems.push(`${where} has no Email Service sender: add [[env.${environment}.send_email]] with name = "EMAIL"`);
  }
  return problems;
}

function idProblems(label: string, id: unknown, format: RegExp, source: string, otherIds: Set<unknown>): string[] {
  if (typeof id !== "string" || id === "") return [`${label} is missing: paste ${source}`];
  if (id.startsWith("replace-with")) return []; // already listed as a placeholder
  if (!format.test(id)) return [`${label} "${id}" is not an id: paste ${source}`];
  // Real ids are random hex; one with hardly any distinct digits (all zeros, 000…1) is a placeholder.
  if (new Set(id.replaceAll("-", "").toLowerCase()).size < 4) return [`${label} "${id}" is a placeholder: paste ${source}`];
  if (otherIds.has(id)) return [`${label} "${id}" is also used by the local configuration or another environment`];
  return [];
}

/** Reads wrangler.toml and throws an OperatorError that lists every problem; the secrets it needs otherwise. */
export function assertDeployable(environment: string, configPath = "wrangler.toml"): { secrets: string[] } {
  const config = parse(readFileSync(configPath, "utf8"));
  const problems = preflightProblems(config, environment);
  if (problems.length > 0 || !isDeployedEnvironment(environment)) {
    throw new OperatorError(
      `${configPath} is not ready for --env ${environment} (docs/deploy.md); nothing was sent to Cloudflare:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
    );
  }
  return { secrets: secretsFor(config, environment) };
}

function table(value: unknown): Table | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Table) : undefined;
}

function tables(value: unknown): Table[] {
  return list(value).flatMap((item) => {
    const found = table(item);
    return found ? [found] : [];
  });
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function hostOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    return new URL(value).hostname;
  } catch {
    return null;
  }
}

/** Every string in a table, with its dotted path (array items by index). */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${path}[${index}]`);
  else if (table(value)) for (const [key, item] of Object.entries(value as Table)) yield* strings(item, path ? `${path}.${key}` : key);
}
