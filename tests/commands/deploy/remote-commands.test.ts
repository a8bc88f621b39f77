import { execFile, type ExecFileException } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The remote side of the operator and deploy commands (docs/deploy.md), run as processes in a
 * scratch folder whose wrangler.toml holds placeholder ids, so nothing here can reach Cloudflare
 * whatever the repository's own wrangler.toml holds. A proxy that refuses every connection is set
 * as well: a command that tried the network would fail with another message.
 */
const run = promisify(execFile);
const COMMAND_TIMEOUT = 60_000;
const scripts = resolve("scripts");

const placeholderConfig = `
name = "ember-and-oak-local"
main = "./worker/index.ts"
compatibility_date = "2026-10-12"

[env.production]
name = "ember-and-oak"
workers_dev = false
preview_urls = false
routes = [{ pattern = "emberandoak.club", custom_domain = true }]

[env.production.vars]
ENVIRONMENT = "production"
SITE_URL = "https://emberandoak.club"
RECAPTCHA_SITE_KEY = "replace-with-the-recaptcha-v3-site-key"
RECAPTCHA_HOSTNAMES = "emberandoak.club"
CONCIERGE_EMAIL = "concierge@emberandoak.club"
EMAIL_FROM = "invitations@emberandoak.club"
TWILIO_ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef"
TWILIO_VERIFY_SERVICE_SID = "VA0123456789abcdef0123456789abcdef"

[[env.production.send_email]]
name = "EMAIL"

[[env.production.d1_databases]]
binding = "DB"
database_name = "ember-and-oak"
database_id = "00000000-0000-0000-0000-000000000000"
migrations_dir = "migrations"

[[env.production.kv_namespaces]]
binding = "RATE_LIMITS"
id = "e4d2b0a8c6f44e1d9b7a5c3e1f9d7b5a"

[[env.production.r2_buckets]]
binding = "MEMBER_PHOTOS"
bucket_name = "ember-and-oak-member-photos"
`;

let folder: string;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node scripts/command.mjs scripts/<script> …args` (as package.json starts it) in the scratch
 * folder, with the Node running the tests (the project's own).
 */
async function command(script: string, args: string[]): Promise<Outcome> {
  const env = { ...process.env, CLOUDFLARE_API_TOKEN: "", HTTPS_PROXY: "http://127.0.0.1:9", https_proxy: "http://127.0.0.1:9" };
  try {
    const { stdout, stderr } = await run(process.execPath, [join(scripts, "command.mjs"), `scripts/${script}`, ...args], {
      cwd: folder,
      env,
      encoding: "utf8",
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as ExecFileException & { stdout: string; stderr: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "deploy-commands-"));
  writeFileSync(join(folder, "wrangler.toml"), placeholderConfig);
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const createArgs = ["--email", "first@example.com", "--name", "First Concierge", "--tier", "platinum", "--role", "concierge"];

describe("remote operator commands name their environment", () => {
  it(
    "refuse --remote without --env staging|production, and --env without --remote",
    async () => {
      const noEnv = await command("members-create.ts", [...createArgs, "--remote"]);
      expect(noEnv).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("Error: --remote needs the environment: --env staging or --env production"),
      });
      const unknown = await command("members-set-status.ts", [
        "--email",
        "a@example.com",
        "--status",
        "active",
        "--remote",
        "--env",
        "prod",
      ]);
      expect(unknown.stderr).toContain('--remote needs the environment: --env staging or --env production (got "prod")');
      const local = await command("members-invite-link.ts", ["--email", "a@example.com", "--env", "production"]);
      expect(local).toMatchObject({ code: 1, stderr: expect.stringContaining("Error: --env names a deployed database: add --remote") });
    },
    COMMAND_TIMEOUT,
  );

  it(
    "run the deploy preflight first and stop, offline, on placeholder ids and values",
    async () => {
      const refused = await command("members-create.ts", [...createArgs, "--remote", "--env", "production"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "Error: wrangler.toml is not ready for --env production (docs/deploy.md); nothing was sent to Cloudflare:",
      );
      expect(refused.stderr).toContain('vars.RECAPTCHA_SITE_KEY is still the placeholder "replace-with-the-recaptcha-v3-site-key"');
      expect(refused.stderr).toContain('D1 DB database_id "00000000-0000-0000-0000-000000000000" is a placeholder');
      expect(refused.stdout).not.toContain("invitation");
      const secrets = await command("deploy-secrets-command.ts", ["--env", "production"]);
      expect(secrets.code).toBe(1);
      expect(secrets.stderr).toContain("Error: wrangler.toml is not ready for --env production");
      expect(secrets.stderr).not.toContain("could not list the secrets");
    },
    COMMAND_TIMEOUT,
  );
});

describe("npm run deploy:preflight", () => {
  it(
    "lists every problem at once, or names the secrets the environment needs",
    async () => {
      const refused = await command("deploy-preflight-command.ts", ["--env", "production"]);
      expect(refused.code).toBe(1);
      expect(refused.stderr.match(/^ {2}- /gm)).toHaveLength(2);
      const missingEnv = await command("deploy-preflight-command.ts", []);
      expect(missingEnv.stderr).toContain("Error: name the environment: --env staging or --env production");

      writeFileSync(
        join(folder, "wrangler.toml"),
        placeholderConfig
          .replace("replace-with-the-recaptcha-v3-site-key", "6LcR3alKeyFromTheGoogleConsole")
          .replace("00000000-0000-0000-0000-000000000000", "3f2a9c41-7d0e-4b8a-9e51-c2d4f6a8b0e7"),
      );
      try {
        const passed = await command("deploy-preflight-command.ts", ["--env", "production"]);
        expect(passed.code, passed.stderr).toBe(0);
        expect(passed.stdout).toContain("wrangler.toml [env.production] passes the preflight.");
        expect(passed.stdout).toContain("APP_SIGNING_KEY, CARD_SIGNING_KEY, RECAPTCHA_SECRET_KEY, TWILIO_AUTH_TOKEN");
      } finally {
        writeFileSync(join(folder, "wrangler.toml"), placeholderConfig);
      }
    },
    COMMAND_TIMEOUT,
  );
});
