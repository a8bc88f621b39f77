import { z } from "zod";
import { readSignedPayload, signPayload } from "../signed-token";

/**
 * The pass /api/verify-recaptcha hands out after a successful check (issue 4): the verified
 * action and score, signed, valid two minutes. reCAPTCHA tokens are single-use, so the send
 * endpoint cannot re-verify; it requires this pass instead, which makes skipping verification or
 * forging `recaptchaScore` impossible.
 */
const passSchema = z.object({ action: z.string(), score: z.number().min(0).max(1), expiresAt: z.number() });
export type CaptchaPass = z.infer<typeof passSchema>;

const PASS_LIFETIME_MS = 120_000;
const PURPOSE = "captcha-pass";

export async function issueCaptchaPass(signingKey: string, action: string, score: number, now: number = Date.now()): Promise<string> {
  return signPayload(signingKey, PURPOSE, { action, score, expiresAt: now + PASS_LIFETIME_MS } satisfies CaptchaPass);
}

export async function readCaptchaPass(signingKey: string, pass: string, action: string, now: number = Date.now()): Promise<CaptchaPass | null> {
  const decoded = await readSignedPayload(signingKey, PURPOSE, pass, passSchema);
  if (!decoded || decoded.action !== action || decoded.expiresAt < now) return null;
  return decoded;
}
