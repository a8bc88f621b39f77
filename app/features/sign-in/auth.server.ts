import type { AuthSession, AuthUser } from "./auth.tsx";
import { toSignedInMember } from "#worker/features/members/members.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";

/** The auth state the root loader hands to AuthProvider: only what pages may show. */
export async function authStateFor(request: Request, env: Env): Promise<{ user: AuthUser | null; session: AuthSession | null }> {
  const signedIn = await loadSignedInMember(request, env);
  if (!signedIn) return { user: null, session: null };
  return { user: toSignedInMember(signedIn.member), session: { expiresAt: signedIn.session.expiresAt } };
}
