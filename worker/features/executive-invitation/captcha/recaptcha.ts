import { z } from "zod";
import { CAPTCHA_TOKEN_LIFETIME_MS, type CaptchaCheck, type CaptchaVerdict } from "./captcha-verdict.ts";

/** Google's siteverify answer, treated as unknown input until this schema accepts it. */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

export interface RecaptchaSettings {
  verifyUrl: string;
  secretKey: string;
  minimumScore: number;
  hostnames: readonly string[];
}

/**
 * reCAPTCHA v3 siteverify over its documented HTTP API (docs/security.md#captcha):
 * requires success, the expected action, an allowed hostname, a challenge within 120 s and a score
 * at or above the minimum. Timeouts, 5xx and non-JSON answers fail closed, and so does an answer
 * without a score (a v2 key, or a misconfigured one): the product's fallback score of 0.5 fills the
 * browser's `recaptchaScore` field, it never passes a check.
 */
export async function verifyRecaptcha(settings: RecaptchaSettings, check: CaptchaCheck, now: number = Date.now()): Promise<CaptchaVerdict> {
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        secret: settings.secretKey,
        response: check.token,
        ...(check.remoteIp ? { remoteip: check.remoteIp } : {}),
      }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return fail(`verification service answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    console.error("reCAPTCHA siteverify unreachable", error);
    return fail("verification service unavailable");
  }

  const answer = siteverifyAnswer.safeParse(body);
  if (!answer.success) return fail("verification service answered nonsense");
  const { success, action, hostname, challenge_ts: challengeTs, score = null } = answer.data;
  if (!success) return fail(`token rejected (${answer.data["error-codes"]?.join(", ") || "no reason given"})`, score);
  if (action !== check.expectedAction) return fail("token was made for another action", score);
  if (!hostname || !settings.hostnames.includes(hostname)) return fail("token was made on another site", score);
  const issuedAt = challengeTs ? Date.parse(challengeTs) : Number.NaN;
  if (!Number.isFinite(issuedAt) || now - issuedAt > CAPTCHA_TOKEN_LIFETIME_MS) return fail("token has expired", score);
  if (score === null) return fail("no score: not a reCAPTCHA v3 key");
  if (score < settings.minimumScore) return fail("score below the minimum", score);
  return { success: true, score };
}

function fail(error: string, score: number | null = null): CaptchaVerdict {
  return { success: false, error, score };
}
