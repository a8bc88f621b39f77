import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { assertDeployable, DEPLOYED_ENVIRONMENTS, missingSecrets, STRIPE_SECRETS, takesStripePayments } from "./deploy-preflight.ts";

const usage = `Checks at Cloudflare that a deployed environment has every secret it needs (docs/deploy.md).

  npm run deploy:secrets -- --env staging|production

Runs the offline preflight first, then lists the Worker's secrets with wrangler (names only; the
values never leave Cloudflare). npm run deploy:<env> runs it before building.`;

await runOperatorScript(async () => {
  const options = readOptions({ usage, options: { env: { type: "string" } } });
  const environment = text(options.env);
  if (!environment) throw new OperatorError(`name the environment: --env ${DEPLOYED_ENVIRONMENTS.join(" or --env ")}`);
  const { secrets } = assertDeployable(environment);
  let listed: unknown;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["node_modules/wrangler/bin/wrangler.js", "secret", "list", "--env", environment, "--format", "json"],
      { encoding: "utf8" },
    );
    // The JSON array alone: wrangler may print a notice around it.
    listed = JSON.parse(stdout.slice(stdout.indexOf("["), stdout.lastIndexOf("]") + 1));
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error instanceof Error ? error.message : String(error));
    throw new OperatorError(
      `could not list the secrets of [env.${environment}] (is wrangler logged in, and does the Worker exist? npx wrangler secret put creates it):\n${detail}`,
    );
  }
  const missing = missingSecrets(secrets, listed);
  if (missing.length > 0) {
    throw new OperatorError(
      `[env.${environment}] lacks ${missing.join(", ")}: set each with npx wrangler secret put NAME --env ${environment} (docs/deploy.md#5-secrets)`,
    );
  }
  console.log(`[env.${environment}] has every secret it needs: ${secrets.join(", ")}.`);
  console.log(
    takesStripePayments(listed)
      ? `[env.${environment}] takes offers' payments through Stripe (${STRIPE_SECRETS.join(", ")} are set).`
      : `[env.${environment}] has no Stripe secrets: dues are taken only at the lounge (docs/deploy.md#stripe).`,
  );
});
