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

const OAUTH_COOKIE_PATH = "/auth/google";
const TEN_MINUTES = 600;

export function oauthCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=${OAUTH_COOKIE_PATH}; Max-Age=${TEN_MINUTES}; HttpOnly; Secure; SameSite=Lax`;
}

export function clearedOauthCookies(): string[] {
  return Object.values(OAUTH_COOKIES).map((name) => `${name}=; Path=${OAUTH_COOKIE_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Lax`);
}
