import { z } from "zod";
import { readSignedPayload, signPayload } from "#worker/shared/signing.ts";
import { limitKey } from "#worker/shared/rate-limit.ts";
import { takeStrictCount } from "#worker/shared/strict-counter.ts";

/**
 * The pass /api/verify-recaptcha hands out after a successful check: the verified
 * action and score, signed, valid two minutes, good for one submission. reCAPTCHA tokens are
 * single-use, so the send endpoint cannot re-verify; it requires this pass instead, which makes
 * skipping verification or forging `recaptchaScore` impossible. Each pass carries a random id
 * that is claimed once in D1, so one verified token can never send a second request (KV
 * limits let bursts through, the pass does not: docs/security.md#rate-limits).
 */
const passSchema = z.object({ id: z.uuid(), action: z.string(), score: z.number().min(0).max(1), expiresAt: z.number() });
export type CaptchaPass = z.infer<typeof passSchema>;

const PASS_LIFETIME_MS = 120_000;
const PURPOSE = "captcha-pass";

export async function issueCaptchaPass(signingKey: string, action: string, score: number, now: number = Date.now()): Promise<string> {
  return signPayload(signingKey, PURPOSE, {
    id: crypto.randomUUID(),
    action,
    score,
    expiresAt: now + PASS_LIFETIME_MS,
  } satisfies CaptchaPass);
}

/** The pass, if it is genuine, for `action`, unexpired and not used before; it is used up now. */
export async function redeemCaptchaPass(
  db: D1Database,
  signingKey: string,
  pass: string,
  action: string,
  now: number = Date.now(),
): Promise<CaptchaPass | null> {
  const decoded = await readSignedPayload(signingKey, PURPOSE, pass, passSchema);
  if (!decoded || decoded.action !== action || decoded.expiresAt < now) return null;
  // The claim outlives the pass, so the cron's clean-up can never free a pass that still works.
  const claim = await takeStrictCount(
    db,
    await limitKey(signingKey, "captcha-pass-used", decoded.id),
    1,
    decoded.expiresAt - now + 60_000,
    now,
  );
  return claim.allowed ? decoded : null;
}
