import { CAPTCHA_TOKEN_LIFETIME_MS, type CaptchaCheck, type CaptchaVerdict } from "./captcha-verdict.ts";

/**
 * LOCAL STAND-IN for reCAPTCHA, so the invitation form works offline in development. Without a site key the
 * browser (`captchaToken` in app/features/executive-invitation/captcha.ts) makes `local-captcha:<action>:<ms>`
 * tokens; this accepts each once, for its action, within two minutes. It proves nothing about
 * the visitor, which is why it refuses to run in production.
 */
export async function verifyLocalCaptcha(
  environment: string,
  usedTokens: KVNamespace,
  check: CaptchaCheck,
  now: number = Date.now(),
): Promise<CaptchaVerdict> {
  if (environment === "production") throw new Error("The local captcha stand-in must never run in production");
  const [prefix, action, issued] = check.token.split(":");
  const issuedAt = Number(issued);
  if (prefix !== "local-captcha" || !Number.isFinite(issuedAt))
    return { success: false, error: "token is not a local captcha token", score: null };
  if (action !== check.expectedAction) return { success: false, error: "token was made for another action", score: null };
  if (now - issuedAt > CAPTCHA_TOKEN_LIFETIME_MS || issuedAt > now + 5000)
    return { success: false, error: "token has expired", score: null };
  const usedKey = `local-captcha-used:${check.token}`;
  if (await usedTokens.get(usedKey)) return { success: false, error: "token was already used", score: null };
  await usedTokens.put(usedKey, "1", { expirationTtl: 180 });
  return { success: true, score: 0.9 };
}
