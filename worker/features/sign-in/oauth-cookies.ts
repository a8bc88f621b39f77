import { cookieHeader, expiredCookieHeader, type CookieOptions } from "#worker/shared/cookies.ts";

/**
 * The short-lived cookies of the Google sign-in round trip (docs/security.md#google-sign-in): HttpOnly,
 * Secure, SameSite=Lax (Google's redirect back is a top-level GET, which Lax allows), 10 minutes,
 * scoped to /auth/google.
 */
export const OAUTH_COOKIES = {
  state: "google_oauth_state",
  verifier: "google_oauth_verifier",
  invitation: "google_oauth_invitation",
  redirectTo: "google_oauth_redirect",
} as const;

const OAUTH_COOKIE_OPTIONS: CookieOptions = { path: "/auth/google", httpOnly: true, secure: true, sameSite: "Lax" };
const TEN_MINUTES = 600;

export function oauthCookie(name: string, value: string): string {
  return cookieHeader(name, value, { ...OAUTH_COOKIE_OPTIONS, maxAge: TEN_MINUTES });
}

export function clearedOauthCookies(): string[] {
  return Object.values(OAUTH_COOKIES).map((name) => expiredCookieHeader(name, OAUTH_COOKIE_OPTIONS));
}
