import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { missingSecrets, preflightProblems, secretsFor, takesStripePayments } from "#scripts/deploy-preflight.ts";

/** A production environment that may be deployed, and the local top level it sits beside. */
function goodConfig(): Record<string, unknown> {
  return {
    name: "ember-and-oak-local",
    triggers: { crons: ["* * * * *", "17 3 * * *"] },
    d1_databases: [{ binding: "DB", database_name: "local", database_id: "00000000-0000-0000-0000-000000000000" }],
    env: {
      production: {
        name: "ember-and-oak",
        workers_dev: false,
        preview_urls: false,
        routes: [{ pattern: "emberandoak.club", custom_domain: true }],
        vars: {
          ENVIRONMENT: "production",
          SITE_URL: "https://emberandoak.club",
          RECAPTCHA_SITE_KEY: "6LcR3alKeyFromTheGoogleConsole",
          RECAPTCHA_HOSTNAMES: "emberandoak.club,www.emberandoak.club",
          CONCIERGE_EMAIL: "concierge@emberandoak.club",
          EMAIL_FROM: "invitations@emberandoak.club",
          TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
          TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
          GOOGLE_CLIENT_ID: "",
        },
        send_email: [{ name: "EMAIL" }],
        triggers: { crons: ["* * * * *", "17 3 * * *"] },
        d1_databases: [
          {
            binding: "DB",
            database_name: "ember-and-oak",
            database_id: "3f2a9c41-7d0e-4b8a-9e51-c2d4f6a8b0e7",
            migrations_dir: "migrations",
          },
        ],
        kv_namespaces: [{ binding: "RATE_LIMITS", id: "e4d2b0a8c6f44e1d9b7a5c3e1f9d7b5a" }],
        r2_buckets: [{ binding: "MEMBER_PHOTOS", bucket_name: "ember-and-oak-member-photos" }],
      },
    },
  };
}

type Section = Record<string, unknown> & { vars: Record<string, unknown> };

/** The good configuration with its production section changed by `change`. */
function withProduction(change: (section: Section) => void): Record<string, unknown> {
  const config = goodConfig();
  change((config.env as Record<string, Section>).production!);
  return config;
}

describe("the deploy preflight (scripts/deploy-preflight.ts)", () => {
  it("passes a complete environment, and names the secrets it needs", () => {
    expect(preflightProblems(goodConfig(), "production")).toEqual([]);
    expect(secretsFor(goodConfig(), "production")).toEqual([
      "APP_SIGNING_KEY",
      "CARD_SIGNING_KEY",
      "RECAPTCHA_SECRET_KEY",
      "TWILIO_AUTH_TOKEN",
    ]);
    const withGoogle = withProduction((section) => (section.vars.GOOGLE_CLIENT_ID = "1234-abc.apps.googleusercontent.com"));
    expect(preflightProblems(withGoogle, "production")).toEqual([]);
    expect(secretsFor(withGoogle, "production")).toContain("GOOGLE_CLIENT_SECRET");
  });

  it("names the required secrets that wrangler secret list does not show", () => {
    const required = ["APP_SIGNING_KEY", "RECAPTCHA_SECRET_KEY", "TWILIO_AUTH_TOKEN"];
    const listed = [
      { name: "APP_SIGNING_KEY", type: "secret_text" },
      { name: "UNRELATED", type: "secret_text" },
    ];
    expect(missingSecrets(required, listed)).toEqual(["RECAPTCHA_SECRET_KEY", "TWILIO_AUTH_TOKEN"]);
    expect(missingSecrets(required, [...listed, { name: "RECAPTCHA_SECRET_KEY" }, { name: "TWILIO_AUTH_TOKEN" }])).toEqual([]);
    expect(missingSecrets(required, null)).toEqual(required);
  });

  it("asks for Stripe's two secrets together or not at all, and says how the environment takes dues", () => {
    const required = ["APP_SIGNING_KEY"];
    const base = [{ name: "APP_SIGNING_KEY" }];
    expect(missingSecrets(required, base)).toEqual([]);
    expect(takesStripePayments(base)).toBe(false);
    expect(missingSecrets(required, [...base, { name: "STRIPE_SECRET_KEY" }])).toEqual(["STRIPE_WEBHOOK_SECRET"]);
    expect(missingSecrets(required, [...base, { name: "STRIPE_WEBHOOK_SECRET" }])).toEqual(["STRIPE_SECRET_KEY"]);
    const both = [...base, { name: "STRIPE_SECRET_KEY" }, { name: "STRIPE_WEBHOOK_SECRET" }];
    expect(missingSecrets(required, both)).toEqual([]);
    expect(takesStripePayments(both)).toBe(true);
  });

  it("refuses an environment that is not staging or production, or has no section", () => {
    expect(preflightProblems(goodConfig(), "")).toEqual(['--env must be one of staging, production (got "")']);
    expect(preflightProblems(goodConfig(), "prod")[0]).toContain("--env must be one of staging, production");
    expect(preflightProblems(goodConfig(), "staging")).toEqual(["wrangler.toml has no [env.staging] section"]);
  });

  const cases: [string, (section: Section) => void, string][] = [
    [
      "an all-zero D1 id",
      (s) => ((s.d1_databases as Section[])[0]!.database_id = "00000000-0000-0000-0000-000000000000"),
      "D1 DB database_id",
    ],
    ["a D1 id that is not a UUID", (s) => ((s.d1_databases as Section[])[0]!.database_id = "my-database"), "is not an id"],
    ["a fake KV id", (s) => ((s.kv_namespaces as Section[])[0]!.id = "00000000000000000000000000000001"), "KV RATE_LIMITS id"],
    ["a missing KV namespace", (s) => (s.kv_namespaces = []), "no KV namespace bound as RATE_LIMITS"],
    ["no photo bucket", (s) => (s.r2_buckets = []), "no R2 bucket bound as MEMBER_PHOTOS"],
    ["a photo bucket without a name", (s) => ((s.r2_buckets as Section[])[0]!.bucket_name = ""), "R2 MEMBER_PHOTOS needs a bucket_name"],
    ["the card's signing key written as a var", (s) => (s.vars.CARD_SIGNING_KEY = "{}"), "vars.CARD_SIGNING_KEY is a secret"],
    [
      "a replace-with value",
      (s) => (s.vars.TWILIO_ACCOUNT_SID = "replace-with-the-twilio-account-sid"),
      "vars.TWILIO_ACCOUNT_SID is still the placeholder",
    ],
    [
      "an empty reCAPTCHA site key (worker/config.ts's rule)",
      (s) => (s.vars.RECAPTCHA_SITE_KEY = ""),
      "vars.RECAPTCHA_SITE_KEY: set the real site key in production",
    ],
    [
      "a malformed Twilio SID (worker/config.ts's rule)",
      (s) => (s.vars.TWILIO_VERIFY_SERVICE_SID = "VA-nope"),
      "vars.TWILIO_VERIFY_SERVICE_SID:",
    ],
    [
      "no Twilio Verify at all (the local stand-in refuses production)",
      (s) => (s.vars.TWILIO_ACCOUNT_SID = ""),
      "TWILIO_ACCOUNT_SID is required in production",
    ],
    ["a development ENVIRONMENT", (s) => (s.vars.ENVIRONMENT = "development"), 'vars.ENVIRONMENT must be "production"'],
    [
      "a test FORM_RATE_LIMIT_MULTIPLIER left in the vars (worker/config.ts's rule)",
      (s) => (s.vars.FORM_RATE_LIMIT_MULTIPLIER = "1000"),
      "vars.FORM_RATE_LIMIT_MULTIPLIER: FORM_RATE_LIMIT_MULTIPLIER must be 1 in production (got 1000)",
    ],
    [
      "a fake Stripe API in the vars (worker/config.ts's rule)",
      (s) => (s.vars.STRIPE_API_BASE = "http://127.0.0.1:12111"),
      "vars.STRIPE_API_BASE: STRIPE_API_BASE must be https://api.stripe.com in production",
    ],
    ["no Email Service binding", (s) => delete s.send_email, "no Email Service sender"],
    ["no EMAIL_FROM", (s) => delete s.vars.EMAIL_FROM, "vars.EMAIL_FROM is missing"],
    ["a secret written as a var", (s) => (s.vars.APP_SIGNING_KEY = "x".repeat(40)), "vars.APP_SIGNING_KEY is a secret"],
    ["Stripe's key written as a var", (s) => (s.vars.STRIPE_SECRET_KEY = "sk_live_abc"), "vars.STRIPE_SECRET_KEY is a secret"],
    ["the top level's Worker name", (s) => (s.name = "ember-and-oak-local"), "is the top-level (local) Worker's name"],
    ["no Worker name of its own", (s) => delete s.name, "has no name of its own"],
    ["a workers.dev address", (s) => delete s.workers_dev, "workers_dev = false"],
    ["preview URLs", (s) => (s.preview_urls = true), "preview_urls = false"],
    ["no custom domain for SITE_URL", (s) => (s.routes = []), 'routes need { pattern = "emberandoak.club", custom_domain = true }'],
    ["an http SITE_URL", (s) => (s.vars.SITE_URL = "http://emberandoak.club"), "vars.SITE_URL must be https://"],
    [
      "reCAPTCHA hostnames without the site's host",
      (s) => (s.vars.RECAPTCHA_HOSTNAMES = "localhost"),
      "RECAPTCHA_HOSTNAMES must include emberandoak.club",
    ],
    ["no crons", (s) => (s.triggers = { crons: [] }), 'triggers need the cron "* * * * *"'],
    ["no migrations_dir", (s) => delete (s.d1_databases as Section[])[0]!.migrations_dir, 'migrations_dir = "migrations"'],
  ];

  it.each(cases)("reports %s", (_, change, expected) => {
    const problems = preflightProblems(withProduction(change), "production");
    expect(
      problems.some((problem) => problem.includes(expected)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("reports a database or namespace id that another environment or the top level also uses", () => {
    const config = goodConfig();
    (config.env as Record<string, unknown>).staging = structuredClone((config.env as Record<string, Section>).production);
    const problems = preflightProblems(config, "production");
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('name "ember-and-oak" is also [env.staging]\'s'),
        expect.stringContaining('D1 DB database_id "3f2a9c41-7d0e-4b8a-9e51-c2d4f6a8b0e7" is also used'),
        expect.stringContaining('KV RATE_LIMITS id "e4d2b0a8c6f44e1d9b7a5c3e1f9d7b5a" is also used'),
        expect.stringContaining('R2 MEMBER_PHOTOS bucket "ember-and-oak-member-photos" is also used'),
      ]),
    );
  });

  it("lists every problem at once", () => {
    const config = withProduction((section) => {
      section.vars.RECAPTCHA_SITE_KEY = "replace-with-the-recaptcha-v3-site-key";
      (section.d1_databases as Section[])[0]!.database_id = "00000000-0000-0000-0000-000000000000";
      delete section.send_email;
      section.name = "ember-and-oak-local";
    });
    const problems = preflightProblems(config, "production");
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/RECAPTCHA_SITE_KEY[\s\S]*Worker's name|Worker's name[\s\S]*RECAPTCHA_SITE_KEY/);
  });

  it("finds nothing wrong in the repository's own staging and production but the ids and keys the operator pastes", () => {
    const config = parse(readFileSync("wrangler.toml", "utf8"));
    for (const environment of ["staging", "production"]) {
      for (const problem of preflightProblems(config, environment)) expect(problem).toMatch(/placeholder/);
    }
  });
});
