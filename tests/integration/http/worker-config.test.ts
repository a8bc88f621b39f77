import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { workerConfig } from "#worker/config.ts";
import worker from "#tests/integration/support/worker-under-test.ts";

describe("workerConfig", () => {
  it("reads the configured values with their types", () => {
    const config = workerConfig(env);
    expect(config.RECAPTCHA_MIN_SCORE).toBe(0.5);
    expect(config.RECAPTCHA_HOSTNAMES).toEqual(["localhost"]);
  });

  it("refuses to start in production without the secrets and the real site key", () => {
    const production = { ...env, ENVIRONMENT: "production", RECAPTCHA_SECRET_KEY: undefined, APP_SIGNING_KEY: undefined } as unknown as Env;
    expect(() => workerConfig(production)).toThrow(/RECAPTCHA_SECRET_KEY[\s\S]*APP_SIGNING_KEY|APP_SIGNING_KEY[\s\S]*RECAPTCHA_SECRET_KEY/);
    const placeholderKey = {
      ...env,
      ENVIRONMENT: "production",
      RECAPTCHA_SITE_KEY: "replace-with-the-recaptcha-v3-site-key",
    } as unknown as Env;
    expect(() => workerConfig(placeholderKey)).toThrow(/RECAPTCHA_SITE_KEY/);
  });

  it("refuses to start in production without Twilio Verify (the local SMS stand-in never runs there)", () => {
    const production = {
      ...env,
      ENVIRONMENT: "production",
      RECAPTCHA_SITE_KEY: "6Lc-real-site-key",
      RECAPTCHA_SECRET_KEY: "secret",
      APP_SIGNING_KEY: "k".repeat(32),
    } as unknown as Env;
    expect(() => workerConfig(production)).toThrow(/TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*TWILIO_VERIFY_SERVICE_SID/);
    const placeholderSid = { ...production, TWILIO_ACCOUNT_SID: "replace-with-the-twilio-account-sid" } as unknown as Env;
    expect(() => workerConfig(placeholderSid)).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it("refuses to start in production with FORM_RATE_LIMIT_MULTIPLIER other than 1 (it raises the daily SMS ceiling too)", () => {
    const production = {
      ...env,
      ENVIRONMENT: "production",
      RECAPTCHA_SITE_KEY: "6Lc-real-site-key",
      RECAPTCHA_SECRET_KEY: "secret",
      APP_SIGNING_KEY: "k".repeat(32),
      CARD_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) }),
      TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
    } as unknown as Env;
    expect(workerConfig(production).FORM_RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(workerConfig({ ...production, FORM_RATE_LIMIT_MULTIPLIER: "1" } as unknown as Env).FORM_RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(() => workerConfig({ ...production, FORM_RATE_LIMIT_MULTIPLIER: "1000" } as unknown as Env)).toThrow(
      /FORM_RATE_LIMIT_MULTIPLIER must be 1 in production \(got 1000\)/,
    );
    expect(workerConfig({ ...env, FORM_RATE_LIMIT_MULTIPLIER: "1000" } as unknown as Env).FORM_RATE_LIMIT_MULTIPLIER).toBe(1000);
  });
});

describe("the member card's signing key (CARD_SIGNING_KEY)", () => {
  const production = {
    ...env,
    ENVIRONMENT: "production",
    RECAPTCHA_SITE_KEY: "6Lc-real-site-key",
    RECAPTCHA_SECRET_KEY: "secret",
    APP_SIGNING_KEY: "k".repeat(32),
    TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
  } as unknown as Env;

  it("is required in production, where the repository's development key must never sign a card", () => {
    expect(() => workerConfig(production)).toThrow(/CARD_SIGNING_KEY is required in production/);
  });

  it.each([
    ["not JSON", "not-json"],
    ["a public key alone", JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43) })],
    ["another curve", JSON.stringify({ kty: "EC", crv: "P-384", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) })],
  ])("refuses %s", (_, value) => {
    expect(() => workerConfig({ ...env, CARD_SIGNING_KEY: value } as unknown as Env)).toThrow(
      /CARD_SIGNING_KEY must be an EC P-256 private key/,
    );
  });

  it("reads a private JWK locally and in production", () => {
    const key = { kty: "EC", crv: "P-256", x: "B".repeat(43), y: "C".repeat(43), d: "D".repeat(43) };
    expect(workerConfig({ ...production, CARD_SIGNING_KEY: JSON.stringify(key) } as unknown as Env).CARD_SIGNING_KEY).toEqual(key);
    expect(workerConfig(env).CARD_SIGNING_KEY).toBeUndefined();
  });
});

describe("a deployment with a broken configuration", () => {
  const broken = { ...env, ENVIRONMENT: "production", RECAPTCHA_SECRET_KEY: undefined } as unknown as Env;

  it.each(["/api/health", "/", "/memberships"])(
    "serves nothing (%s): a 500 without internals, and the log names the setting",
    async (path) => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await worker.fetch(new Request(`http://example.com${path}`), broken, createExecutionContext());
      expect(response.status).toBe(500);
      expect(await response.text()).not.toMatch(/RECAPTCHA|stack|at /);
      expect(String(error.mock.calls[0]?.[3])).toContain("RECAPTCHA_SECRET_KEY is required in production");
      error.mockRestore();
    },
  );

  it("refuses a reCAPTCHA site key without its secret, or a secret without its key, in any environment", () => {
    expect(() => workerConfig({ ...env, RECAPTCHA_SITE_KEY: "", RECAPTCHA_SECRET_KEY: "secret" } as unknown as Env)).toThrow(/together/);
    expect(() => workerConfig({ ...env, RECAPTCHA_SITE_KEY: "6Lc-key", RECAPTCHA_SECRET_KEY: undefined } as unknown as Env)).toThrow(
      /together/,
    );
    expect(
      workerConfig({ ...env, RECAPTCHA_SITE_KEY: "", RECAPTCHA_SECRET_KEY: undefined } as unknown as Env).RECAPTCHA_SECRET_KEY,
    ).toBeUndefined();
  });
});
