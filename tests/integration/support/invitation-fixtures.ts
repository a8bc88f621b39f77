import { issueCaptchaPass } from "#worker/features/executive-invitation/captcha/captcha-pass.ts";

/** The signing key the workerd tests run with (vitest.config.ts), for passes the server accepts. */
export const TEST_SIGNING_KEY = "test-signing-key-with-at-least-32-characters";

/** A valid executive invitation request, as the dialog sends it. */
export const validInvitation = {
  name: "Avery Hale",
  email: "avery@example.com",
  company: "Hale Timber Co",
  invitedBy: "Jordan Reyes",
  message: "Jordan suggested I ask for a sit-down this winter.\nThursday evenings suit me.",
};

/** A fresh captcha pass, as /api/verify-recaptcha hands one out after Google's check. */
export function goodCaptchaPass(score = 0.8): Promise<string> {
  return issueCaptchaPass(TEST_SIGNING_KEY, "executive_invitation", score);
}
