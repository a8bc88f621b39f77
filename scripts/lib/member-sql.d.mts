// Types of member-sql.mjs for the TypeScript tests that import it.
export interface NewMember {
  id: string;
  email: string;
  name: string;
  tier: string;
  role: string;
  status: "invited" | "active";
  passwordHash: string | null;
  now: string;
}
export declare function insertMemberSql(member: NewMember): string;
export declare function replaceInvitationLinkSql(memberId: string, link: { tokenHash: string; expiresAt: string }, now: string): string;
export declare function findMemberSql(email: string): string;
