import { z } from "zod";
import { cookieHeader, expiredCookieHeader, readCookie, type CookieOptions } from "#worker/shared/cookies.ts";
import { readSignedPayload, signPayload } from "#worker/shared/signing.ts";

/**
 * Where an opened application link is kept (docs/security.md#application-links): the status page
 * posts the link's token once, and this cookie then names the application. It is signed, so it
 * names only a request whose link was opened; HttpOnly, so no script reads it; SameSite=Lax (not
 * Strict) because the applicant comes back to the page from the payment provider's checkout, a
 * navigation from another site that must still show their status; Path=/ because React Router
 * posts the page's forms to /application.data and the sit-down calendar file is under
 * /application/. It carries the request id (not a secret: the link's HMAC is the secret, and is
 * not kept) and when it was set; it opens nothing after 30 days, whatever the browser keeps.
 */
const APPLICATION_COOKIE = "ember_application";
const PURPOSE = "application-status-cookie";
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const OPTIONS: CookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" };

const payloadSchema = z.object({ requestId: z.string().min(1).max(100), openedAt: z.number().int() });

export async function applicationCookie(signingKey: string, requestId: string, now: number = Date.now()): Promise<string> {
  const value = await signPayload(signingKey, PURPOSE, { requestId, openedAt: now });
  return cookieHeader(APPLICATION_COOKIE, value, { ...OPTIONS, maxAge: LIFETIME_MS / 1000 });
}

export function clearedApplicationCookie(): string {
  return expiredCookieHeader(APPLICATION_COOKIE, OPTIONS);
}

/** The request the cookie names, or null when it is absent, forged or older than 30 days. */
export async function readApplicationCookie(request: Request, signingKey: string, now: number = Date.now()): Promise<string | null> {
  const value = readCookie(request, APPLICATION_COOKIE);
  if (!value) return null;
  const payload = await readSignedPayload(signingKey, PURPOSE, value, payloadSchema);
  if (!payload || payload.openedAt > now || now - payload.openedAt > LIFETIME_MS) return null;
  return payload.requestId;
}
