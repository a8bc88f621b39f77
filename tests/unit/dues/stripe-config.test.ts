import { describe, expect, it } from "vitest";
import { configProblems } from "#worker/config.ts";

/** worker/config.ts's Stripe rules for production (docs/security.md#payments). */
const production = {
  ENVIRONMENT: "production",
  SITE_URL: "https://emberandoak.club",
  RECAPTCHA_SITE_KEY: "6LcR3alKeyFromTheGoogleConsole",
  RECAPTCHA_SECRET_KEY: "recaptcha-secret",
  APP_SIGNING_KEY: "k".repeat(40),
  CARD_SIGNING_KEY: JSON.stringify({ kty: "EC", crv: "P-256", x: "A".repeat(43), y: "A".repeat(43), d: "A".repeat(43) }),
  TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
  TWILIO_AUTH_TOKEN: "twilio-token",
  TWILIO_VERIFY_SERVICE_SID: "VA0123456789abcdef0123456789abcdef",
  CONCIERGE_EMAIL: "concierge@emberandoak.club",
  EMAIL_FROM: "invitations@emberandoak.club",
  STRIPE_WEBHOOK_SECRET: "whsec_abc123",
};

describe("Stripe settings in production", () => {
  it.each(["sk_live_abc123", "rk_live_abc123"])("accept a live key (%s) against Stripe's API", (key) => {
    expect(configProblems({ ...production, STRIPE_SECRET_KEY: key })).toEqual([]);
  });

  it.each(["sk_test_abc123", "rk_test_abc123"])("refuse a test-mode key (%s)", (key) => {
    expect(configProblems({ ...production, STRIPE_SECRET_KEY: key })).toEqual([
      "STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a live key (sk_live_ or rk_live_) in production, not a test-mode key",
    ]);
  });

  it("refuse an API base other than Stripe's, with or without a key", () => {
    const fake = "http://127.0.0.1:12111";
    for (const settings of [{ ...production, STRIPE_SECRET_KEY: "sk_live_abc123" }, production]) {
      expect(configProblems({ ...settings, STRIPE_API_BASE: fake })).toEqual([
        `STRIPE_API_BASE: STRIPE_API_BASE must be https://api.stripe.com in production (got ${fake})`,
      ]);
    }
  });

  it("leave development free to use test keys and a fake API", () => {
    expect(
      configProblems({
        ...production,
        ENVIRONMENT: "development",
        STRIPE_SECRET_KEY: "sk_test_abc123",
        STRIPE_API_BASE: "http://127.0.0.1:12111",
      }),
    ).toEqual([]);
  });
});
