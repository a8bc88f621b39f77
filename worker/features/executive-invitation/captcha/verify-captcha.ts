import { type WorkerConfig } from "#worker/config.ts";
import { type CaptchaCheck, type CaptchaVerdict } from "./captcha-verdict.ts";
import { verifyLocalCaptcha } from "./local-captcha.ts";
import { verifyRecaptcha } from "./recaptcha.ts";

/** Google's reCAPTCHA whenever its secret is configured (always in production); else the local stand-in. */
export function verifyCaptcha(config: WorkerConfig, env: Pick<Env, "RATE_LIMITS">, check: CaptchaCheck): Promise<CaptchaVerdict> {
  if (config.RECAPTCHA_SECRET_KEY) {
    return verifyRecaptcha(
      {
        verifyUrl: config.RECAPTCHA_VERIFY_URL,
        secretKey: config.RECAPTCHA_SECRET_KEY,
        minimumScore: config.RECAPTCHA_MIN_SCORE,
        hostnames: config.RECAPTCHA_HOSTNAMES,
      },
      check,
    );
  }
  return verifyLocalCaptcha(config.ENVIRONMENT, env.RATE_LIMITS, check);
}
