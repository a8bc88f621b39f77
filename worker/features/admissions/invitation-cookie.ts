import { cookieHeader, expiredCookieHeader, readCookie, type CookieOptions } from "#worker/shared/cookies.ts";

/**
 * Where an opened invitation link is kept while the new member finishes (docs/security.md#invitation-links).
 * The link carries its token after `#`, which browsers never send, so no request URL (and no
 * Workers Logs line) holds it; the page posts it once and the token then lives here: HttpOnly, so
 * no script reads it; SameSite=Strict, so no other site's page can send it; 30 minutes at most,
 * and cleared once the link is used. Path=/ because React Router posts the page's forms to
 * /invitation.data, which a cookie scoped to /invitation would not reach.
 */
const INVITATION_COOKIE = "ember_invitation";
const INVITATION_COOKIE_OPTIONS: CookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Strict" };
const THIRTY_MINUTES = 30 * 60;

export function invitationCookie(token: string): string {
  return cookieHeader(INVITATION_COOKIE, token, { ...INVITATION_COOKIE_OPTIONS, maxAge: THIRTY_MINUTES });
}

export function clearedInvitationCookie(): string {
  return expiredCookieHeader(INVITATION_COOKIE, INVITATION_COOKIE_OPTIONS);
}

export function readInvitationCookie(request: Request): string | null {
  return readCookie(request, INVITATION_COOKIE);
}
