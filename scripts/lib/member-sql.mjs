import { sqlValue } from "./sql.mjs";

/**
 * The statements of the member scripts, as SQL text for `wrangler d1 execute --command` (every
 * value a literal from sqlValue). Column names follow db/schema.ts.
 *
 * @typedef {{
 *   id: string; email: string; name: string; tier: string; role: string; status: "invited" | "active";
 *   passwordHash: string | null; now: string;
 * }} NewMember
 */

/** @param {NewMember} member */
export function insertMemberSql(member) {
  const values = [member.id, member.email, member.name, member.tier, member.role, member.status, member.passwordHash, member.now].map(
    sqlValue,
  );
  return `INSERT INTO members (id, email, name, tier, role, status, password_hash, created_at) VALUES (${values.join(", ")});`;
}

/**
 * A new link, after retiring the member's links still open (a new link replaces the old ones).
 * @param {string} memberId
 * @param {{ tokenHash: string; expiresAt: string }} link
 * @param {string} now
 */
export function replaceInvitationLinkSql(memberId, link, now) {
  return [
    `UPDATE member_invitations SET expires_at = ${sqlValue(now)} WHERE member_id = ${sqlValue(memberId)} AND used_at IS NULL AND expires_at > ${sqlValue(now)};`,
    `INSERT INTO member_invitations (token_hash, member_id, expires_at, created_at) VALUES (${[link.tokenHash, memberId, link.expiresAt, now].map(sqlValue).join(", ")});`,
  ].join("\n");
}

/** @param {string} email */
export function findMemberSql(email) {
  return `SELECT id, name, status, role, tier, password_hash IS NOT NULL AS has_password, google_subject IS NOT NULL AS has_google FROM members WHERE email = ${sqlValue(email)};`;
}
