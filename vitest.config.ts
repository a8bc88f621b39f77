import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { blogMarkdown } from "./scripts/site-blog-markdown.ts";

/**
 * Bodies per fuzz property (tests/integration/fuzz): FUZZ_RUNS when set, else 1,000 on CI
 * (which sets CI=true) and 100 on a workstation, where the fuzz suite is part of the inner loop.
 */
function fuzzRuns(): number {
  const value = process.env.FUZZ_RUNS;
  if (value === undefined || value === "") return process.env.CI ? 1000 : 100;
  const runs = Number(value);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a whole number of at least 1, not "${value}"`);
  return runs;
}

// Three projects: pure functions run in Node (fast); everything touching bindings runs inside
// workerd with the real D1 and KV simulators, migrations applied by tests/integration/support/setup.ts;
// the operator commands run as an operator runs them (`npm run member:*`, each starting workerd,
// seconds per command), kept out of the unit project so `npm run test:unit` stays fast.
export default defineConfig({
  // The blog posts' build step (app/features/site/blog/blog.server.ts imports them through it).
  plugins: [blogMarkdown()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: { name: "commands", include: ["tests/commands/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        plugins: [
          cloudflareTest(async () => ({
            main: "./tests/integration/support/worker-under-test.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                // Google's siteverify is faked in the tests (tests/fakes/siteverify.ts).
                RECAPTCHA_SITE_KEY: "test-recaptcha-site-key",
                RECAPTCHA_SECRET_KEY: "test-recaptcha-secret",
                RECAPTCHA_VERIFY_URL: "https://siteverify.test/recaptcha/api/siteverify",
                APP_SIGNING_KEY: "test-signing-key-with-at-least-32-characters",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // Read by tests/integration/fuzz/fuzz-bodies.ts with inject("fuzzRuns").
          provide: { fuzzRuns: fuzzRuns() },
          // Each test drives a real workerd with D1 and KV; on a busy shared machine 5 s is too tight.
          testTimeout: 30_000,
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["./tests/integration/support/setup.ts"],
        },
      },
    ],
  },
});
