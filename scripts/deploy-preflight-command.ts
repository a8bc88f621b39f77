import { OperatorError, readOptions, runOperatorScript, text } from "./members-cli.ts";
import { assertDeployable, DEPLOYED_ENVIRONMENTS } from "./deploy-preflight.ts";

const usage = `Checks wrangler.toml offline before anything reaches Cloudflare (docs/deploy.md).

  npm run deploy:preflight -- --env staging|production

Lists every problem at once: placeholder ids and values, settings production requires, the
Email Service sender, the Worker name and domain. npm run deploy:<env>, db:migrate:<env> and
the operator commands with --remote run it first.`;

await runOperatorScript(async () => {
  const options = readOptions({ usage, options: { env: { type: "string" } } });
  const environment = text(options.env);
  if (!environment) throw new OperatorError(`name the environment: --env ${DEPLOYED_ENVIRONMENTS.join(" or --env ")}`);
  const { secrets } = assertDeployable(environment);
  console.log(`wrangler.toml [env.${environment}] passes the preflight.
Secrets it needs at Cloudflare (not visible offline; npx wrangler secret list --env ${environment} shows which are set):
  ${secrets.join(", ")}`);
  return Promise.resolve();
});
