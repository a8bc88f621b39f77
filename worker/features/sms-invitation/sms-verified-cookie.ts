import { z } from "zod";
import { cookieHeader, readCookie } from "#worker/shared/cookies.ts";
import { readSignedPayload, signPayload } from "#worker/shared/signing.ts";

/**
 * The signed, HttpOnly cookie /api/verify-sms sets, so the server knows this browser
 * passed SMS verification and can render 'Access Granted' in the first HTML. It carries only the
 * time of verification: no phone number, no code.
 */
const COOKIE_NAME = { production: "__Host-ember_sms_verified", development: "ember_sms_verified" } as const;
const PURPOSE = "sms-verified";
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const payloadSchema = z.object({ verifiedAt: z.number().int() });

function cookieName(environment: string): string {
  return environment === "production" ? COOKIE_NAME.production : COOKIE_NAME.development;
}

export async function smsVerifiedCookie(environment: string, signingKey: string, now: number = Date.now()): Promise<string> {
  const value = await signPayload(signingKey, PURPOSE, { verifiedAt: now });
  return cookieHeader(cookieName(environment), value, {
    path: "/",
    maxAge: LIFETIME_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: environment === "production",
  });
}

export async function hasSmsVerifiedCookie(request: Request, environment: string, signingKey: string): Promise<boolean> {
  const value = readCookie(request, cookieName(environment));
  return value !== null && (await readSignedPayload(signingKey, PURPOSE, value, payloadSchema)) !== null;
}
