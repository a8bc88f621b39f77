import { z } from "zod";
import { hmacHex } from "../client-address";

/**
 * The pass /api/verify-recaptcha hands out after a successful check (issue 4): the verified
 * action and score, signed, valid two minutes. reCAPTCHA tokens are single-use, so the send
 * endpoint cannot re-verify; it requires this pass instead, which makes skipping verification or
 * forging `recaptchaScore` impossible.
 */
const passSchema = z.object({ action: z.string(), score: z.number().min(0).max(1), expiresAt: z.number() });
export type CaptchaPass = z.infer<typeof passSchema>;

const PASS_LIFETIME_MS = 120_000;

export async function issueCaptchaPass(signingKey: string, action: string, score: number, now: number = Date.now()): Promise<string> {
  const payload = btoa(JSON.stringify({ action, score, expiresAt: now + PASS_LIFETIME_MS } satisfies CaptchaPass));
  return `${payload}.${await hmacHex(signingKey, `captcha-pass:${payload}`)}`;
}

export async function readCaptchaPass(signingKey: string, pass: string, action: string, now: number = Date.now()): Promise<CaptchaPass | null> {
  const [payload, signature] = pass.split(".");
  if (!payload || !signature) return null;
  if (!timingSafeEqual(signature, await hmacHex(signingKey, `captcha-pass:${payload}`))) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(atob(payload));
  } catch {
    return null;
  }
  const parsed = passSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.action !== action || parsed.data.expiresAt < now) return null;
  return parsed.data;
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
