import { z } from "zod";
import { cookieHeader, readCookie } from "#worker/shared/cookies.ts";
import { readSignedPayload, signPayload } from "#worker/shared/signing.ts";

/**
 * The signed, HttpOnly cookie a correct code sets (docs/security.md#sms-codes), so the server
 * knows this browser passed SMS verification: it renders 'Access Granted' in the first HTML and
 * offers the shorter invitation request. It carries the time of verification and the opt-in's id
 * (which names the verified number in D1): no phone number, no code.
 */
const COOKIE_NAME = { production: "__Host-ember_sms_verified", development: "ember_sms_verified" } as const;
const PURPOSE = "sms-verified";
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** Cookies set before the opt-in's id was added hold only the time: still verified, with no number to attach. */
const payloadSchema = z.object({ verifiedAt: z.number().int(), optInId: z.number().int().positive().optional() });

export type SmsVerifiedPayload = z.infer<typeof payloadSchema>;

function cookieName(environment: string): string {
  return environment === "production" ? COOKIE_NAME.production : COOKIE_NAME.development;
}

export async function smsVerifiedCookie(
  environment: string,
  signingKey: string,
  optInId: number,
  now: number = Date.now(),
): Promise<string> {
  const value = await signPayload(signingKey, PURPOSE, { verifiedAt: now, optInId });
  return cookieHeader(cookieName(environment), value, {
    path: "/",
    maxAge: LIFETIME_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: environment === "production",
  });
}

/** The cookie's payload when this request carries a valid one, else null. */
export async function readSmsVerifiedCookie(request: Request, environment: string, signingKey: string): Promise<SmsVerifiedPayload | null> {
  const value = readCookie(request, cookieName(environment));
  return value === null ? null : readSignedPayload(signingKey, PURPOSE, value, payloadSchema);
}
