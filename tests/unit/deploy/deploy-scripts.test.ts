import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * package.json's remote scripts (docs/deploy.md): each names one environment in every step, and
 * the offline preflight comes first, so nothing reaches Cloudflare with the top level's local
 * placeholders or another environment's build.
 */
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the deploy and remote migration scripts", () => {
  it.each(["staging", "production"])("for %s run the preflight first and name the environment in every step", (environment) => {
    for (const name of [`deploy:${environment}`, `db:migrate:${environment}`]) {
      const steps = scripts[name]?.split(" && ") ?? [];
      expect(steps[0], name).toBe(`npm run deploy:preflight -- --env ${environment}`);
      for (const step of steps.filter((candidate) => candidate.includes("wrangler ")))
        expect(step, name).toMatch(new RegExp(`--env ${environment}$`));
      for (const step of steps.filter((candidate) => candidate.includes("npm run build"))) {
        expect(step, name).toBe(`CLOUDFLARE_ENV=${environment} npm run build`);
      }
    }
    expect(scripts[`deploy:${environment}`]?.split(" && ")[1]).toBe(`npm run deploy:secrets -- --env ${environment}`);
    expect(scripts[`deploy:${environment}`]).toMatch(/wrangler d1 migrations apply DB --remote --env \w+ && wrangler deploy --env \w+$/);
  });

  it("leave no script that reaches a remote database or deploys without naming the environment", () => {
    for (const [name, script] of Object.entries(scripts)) {
      for (const step of script.split(" && ")) {
        if (/wrangler (deploy|d1 .*--remote)/.test(step)) expect(step, name).toMatch(/--env (staging|production)\b/);
      }
    }
  });
});
