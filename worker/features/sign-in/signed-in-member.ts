import { readMemberSession, type MemberSession } from "./member-session.ts";
import { findActiveMember, type MemberRow } from "#worker/features/members/members.ts";

/**
 * The member behind this request's session cookie, or null: the session must exist in KV and the
 * member must still be active in D1 (KV is eventually consistent, so a suspension or sign-out on
 * another device takes effect on the next request through the D1 check).
 */
export async function loadSignedInMember(request: Request, env: Env): Promise<{ member: MemberRow; session: MemberSession } | null> {
  const session = await readMemberSession(request, env);
  if (!session) return null;
  const member = await findActiveMember(env.DB, session.memberId);
  return member ? { member, session } : null;
}
