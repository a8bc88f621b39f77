import { Google, decodeIdToken, generateCodeVerifier, generateState } from "arctic";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import type { WorkerConfig } from "#worker/config.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { startMemberSession } from "./member-session.ts";
import { consumeInvitationForGoogle } from "#worker/features/admissions/invitation-links.ts";
import { findMemberByEmail } from "#worker/features/members/members.ts";
import { readCookie } from "#worker/shared/cookies.ts";
import { timingSafeEqual } from "#worker/shared/signing.ts";
import { OAUTH_COOKIES, clearedOauthCookies, oauthCookie } from "./oauth-cookies.ts";

/**
 * 'Continue with Google' through arctic (docs/security.md#google-sign-in): authorization code flow with PKCE, a fresh
 * state and verifier per attempt in 10-minute cookies. Google signs in only an existing, active
 * member: one whose Google account is already linked, or whose verified Google email is theirs;
 * or a new member following their single-use invitation link.
 */
export function googleClient(config: WorkerConfig): Google | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return new Google(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, new URL("/auth/google/callback", config.SITE_URL).toString());
}

export function startGoogleSignIn(google: Google, options: { invitation?: string | null; redirectTo?: string | null }) {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, verifier, ["openid", "email"]);
  const cookies = [oauthCookie(OAUTH_COOKIES.state, state), oauthCookie(OAUTH_COOKIES.verifier, verifier)];
  if (options.invitation) cookies.push(oauthCookie(OAUTH_COOKIES.invitation, options.invitation));
  if (options.redirectTo) cookies.push(oauthCookie(OAUTH_COOKIES.redirectTo, options.redirectTo));
  return { url: url.toString(), cookies };
}

const idTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.boolean().optional(),
});

/** `paused`: Google proved this is a suspended member, who is told so (docs/product-rules.md#sign-in). */
export type GoogleSignInResult =
  { ok: true; memberId: string; setCookies: string[]; redirectTo: string | null } | { ok: false; paused: boolean; setCookies: string[] };

/**
 * The callback: any mismatch, provider error or unknown account is one uniform failure that
 * creates no session (the page answers 400 with the same words every time).
 */
export async function finishGoogleSignIn({ env, request, config, logSecurityEvent: log }: RequestContext): Promise<GoogleSignInResult> {
  const cleared = clearedOauthCookies();
  const fail = (reason: string): GoogleSignInResult => {
    log({ eventType: "authn_login_fail", severity: "medium", description: "Google sign-in refused", details: { reason } });
    return { ok: false, paused: false, setCookies: cleared };
  };

  const google = googleClient(config);
  if (!google) return fail("not_configured");
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const storedState = readCookie(request, OAUTH_COOKIES.state);
  const verifier = readCookie(request, OAUTH_COOKIES.verifier);
  if (!code || !state || !storedState || !verifier || !timingSafeEqual(state, storedState)) return fail("state_mismatch");

  let claims: z.infer<typeof idTokenClaims>;
  try {
    const tokens = await google.validateAuthorizationCode(code, verifier);
    claims = idTokenClaims.parse(decodeIdToken(tokens.idToken()));
  } catch {
    return fail("provider_error");
  }

  const invitation = readCookie(request, OAUTH_COOKIES.invitation);
  // One moment for the whole sign-in: a used link ends every session at `now`, so the session it
  // starts is dated `now + 1` (docs/security.md#sessions).
  const now = Date.now();
  const found = invitation
    ? { id: await consumeInvitationForGoogle(env.DB, invitation, claims.sub, now), paused: false }
    : await memberForGoogleAccount(env.DB, claims);
  if (found.paused) {
    log({ eventType: "authn_login_fail", severity: "low", description: "Google sign-in for a paused membership", userId: found.id });
    return { ok: false, paused: true, setCookies: cleared };
  }
  const memberId = found.id;
  if (!memberId) return fail(invitation ? "invitation_invalid" : "no_member");

  const session = invitation
    ? await startMemberSession(env, request, memberId, "invitation", now + 1)
    : await startMemberSession(env, request, memberId, "google", now);
  if (!session) return fail("member_not_active");
  const { setCookie } = session;
  log({
    eventType: "authn_login_success",
    severity: "low",
    description: invitation ? "Google linked through an invitation" : "Google sign-in",
    userId: memberId,
  });
  const redirectTo = readCookie(request, OAUTH_COOKIES.redirectTo);
  return { ok: true, memberId, setCookies: [...cleared, setCookie], redirectTo };
}

/**
 * The active member this Google account belongs to: linked already, or by verified email (then
 * linked). A suspended member it belongs to the same way is `paused` (and not linked now).
 */
async function memberForGoogleAccount(
  db: D1Database,
  claims: z.infer<typeof idTokenClaims>,
): Promise<{ id: string | null; paused: boolean }> {
  const database = getDatabase(db);
  const none = { id: null, paused: false };
  const linked = await database
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(eq(members.googleSubject, claims.sub))
    .get();
  if (linked) return { id: linked.status === "invited" ? null : linked.id, paused: linked.status === "suspended" };
  if (!claims.email || claims.email_verified !== true) return none;
  const member = await findMemberByEmail(db, claims.email);
  if (!member || member.googleSubject || member.status === "invited") return none;
  if (member.status === "suspended") return { id: member.id, paused: true };
  await database.update(members).set({ googleSubject: claims.sub }).where(eq(members.id, member.id));
  return { id: member.id, paused: false };
}
