import { poolMembers } from "./member-pool.ts";

/**
 * The Worker settings of the end-to-end server (playwright.config.ts passes them to `wrangler
 * dev` as --var), shared with the tests that need one of them: the signing key opens the sealed
 * invitation links the outbox holds (worker/shared/sealed-secrets.ts), as the email sender does.
 */
export function e2eWorkerVars(port: number, siteverifyPort: number) {
  return {
    SITE_URL: `http://localhost:${port}`,
    RECAPTCHA_SITE_KEY: "e2e-site-key",
    RECAPTCHA_SECRET_KEY: "e2e-secret",
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${siteverifyPort}/recaptcha/api/siteverify`,
    APP_SIGNING_KEY: E2E_SIGNING_KEY,
    FORM_RATE_LIMIT_MULTIPLIER: "50",
    // One Platinum place above the seeded Platinum members: tests/e2e/admissions/waitlist.spec.ts fills it.
    TIER_MEMBER_CAPS: `platinum=${E2E_PLATINUM_CAP}`,
  };
}

/**
 * The seeded pool's Platinum members who hold a place (tests/e2e/support/member-pool.ts: active, not
 * suspended) and one free place, so a new Platinum profile in the pool cannot fill the tier.
 */
export const E2E_PLATINUM_CAP = poolMembers().filter((member) => member.tier === "platinum" && member.role === "member").length + 1;

export const E2E_SIGNING_KEY = "e2e-signing-key-with-at-least-32-characters";
