import { hashPassword } from "../sign-in/password.ts";
import { randomToken } from "../sign-in/session-token.ts";

/**
 * Single-use invitation links (docs/product-rules.md#admissions). The link carries a random 256-bit token; D1 keeps only
 * its SHA-256 (member_invitations.token_hash), so a copy of the database opens no account. A link
 * lives 7 days and works once: it sets the member's password (or links their Google account) and
 * makes them active. The operator scripts make links the same way (scripts/lib/invitation-link.mjs).
 */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url are 43 characters; anything else cannot be one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewInvitationLink {
  /** Goes into the link only; never stored. */
  token: string;
  tokenHash: string;
  expiresAt: string;
}

export interface OpenInvitation {
  memberId: string;
  memberName: string;
}

export async function newInvitationLink(now: number = Date.now()): Promise<NewInvitationLink> {
  const token = randomToken(32);
  return { token, tokenHash: await hashInvitationToken(token), expiresAt: new Date(now + INVITATION_LIFETIME_MS).toISOString() };
}

/** SHA-256 of the token, in hex (the same digest the scripts compute with node:crypto). */
export async function hashInvitationToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function invitationUrl(siteUrl: string, token: string): string {
  return new URL(`/invitation/${token}`, siteUrl).toString();
}

/**
 * The member an unused, unexpired link belongs to, while they are invited or active (a suspended
 * member's links open nothing). Null for every other case alike, so the page cannot tell them apart.
 */
export async function findOpenInvitation(db: D1Database, token: string, now: number = Date.now()): Promise<OpenInvitation | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .prepare(
      `SELECT m.id AS memberId, m.name AS memberName
       FROM member_invitations AS i JOIN members AS m ON m.id = i.member_id
       WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ? AND m.status IN ('invited', 'active')`,
    )
    .bind(await hashInvitationToken(token), new Date(now).toISOString())
    .first<OpenInvitation>();
  return row ?? null;
}

/**
 * Sets the member's password through their link and makes them active; the member's id, or null
 * when the link is not open (or was used by a concurrent request a moment before). The password
 * work is spent only for a link that is open when the request arrives. `hash` is hashPassword
 * (tests pass a quicker stand-in: PBKDF2 in JavaScript takes seconds under the test runner).
 */
export async function acceptInvitationWithPassword(
  db: D1Database,
  token: string,
  password: string,
  { now = Date.now(), hash = hashPassword }: { now?: number; hash?: (password: string) => Promise<string> } = {},
): Promise<string | null> {
  if (!(await findOpenInvitation(db, token, now))) return null;
  return consumeInvitation(db, token, { column: "password_hash", value: await hash(password) }, now);
}

/**
 * The same single-use consumption for 'Continue with Google' (called by the OAuth callback): links
 * the Google account (`sub`) instead of setting a password. Null when the link is not open, or
 * when that Google account already belongs to another member (the unique index refuses it and the
 * link stays unused).
 */
export async function consumeInvitationForGoogle(
  db: D1Database,
  token: string,
  googleSubject: string,
  now: number = Date.now(),
): Promise<string | null> {
  try {
    return await consumeInvitation(db, token, { column: "google_subject", value: googleSubject }, now);
  } catch (error) {
    if (isUniqueViolation(error, "members.google_subject")) return null;
    throw error;
  }
}

/**
 * One D1 batch (one transaction; D1 runs batches one at a time): the member is updated only while
 * the link is open, then the link is marked used under the same conditions, returning its member.
 * The member update comes first so that both statements test the link in the same state: a
 * second request, even in the same millisecond, finds `used_at` set and changes nothing.
 */
async function consumeInvitation(
  db: D1Database,
  token: string,
  credential: { column: "password_hash" | "google_subject"; value: string },
  now: number,
): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = await hashInvitationToken(token);
  const nowIso = new Date(now).toISOString();
  const [, used] = await db.batch<{ member_id: string }>([
    db
      .prepare(
        `UPDATE members SET ${credential.column} = ?, status = 'active'
         WHERE status IN ('invited', 'active')
           AND id = (SELECT member_id FROM member_invitations WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?)`,
      )
      .bind(credential.value, tokenHash, nowIso),
    db
      .prepare(
        `UPDATE member_invitations SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
           AND member_id IN (SELECT id FROM members WHERE status = 'active')
         RETURNING member_id`,
      )
      .bind(nowIso, tokenHash, nowIso),
  ]);
  return used?.results[0]?.member_id ?? null;
}

/** Whether D1 refused a write for a unique index on `column` ("table.column"). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const messages = [
    error instanceof Error ? error.message : String(error),
    error instanceof Error && error.cause ? String(error.cause) : "",
  ];
  return messages.some((message) => message.includes(`UNIQUE constraint failed: ${column}`));
}
