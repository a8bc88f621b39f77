import { and, eq, exists, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { getDatabase, type Database } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { cardDevices, memberInvitations, memberPasskeys, members, memberSessions } from "#db/schema.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";
import type { NewMemberFields } from "#worker/features/members/members.ts";
import { randomToken } from "#worker/features/sign-in/session-token.ts";

/**
 * Single-use invitation links (docs/product-rules.md#admissions). The link carries a random 256-bit token; D1 keeps only
 * its SHA-256 (member_invitations.token_hash), so a copy of the database opens no account. A link
 * lives 7 days and works once: it confirms the member's email (and links their Google account when
 * they choose Google), makes them active, ends every session they had and removes their passkeys. The operator commands (scripts/members-*.ts) call these same functions.
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
  return { token, tokenHash: await sha256Hex(token), expiresAt: new Date(now + INVITATION_LIFETIME_MS).toISOString() };
}

/**
 * The link as the member receives it: the token rides after `#`, which a browser never sends to a
 * server, so it appears in no request URL and no log (docs/security.md#invitation-links). The
 * invitation page reads it in the browser and posts it.
 */
export function invitationUrl(siteUrl: string, token: string): string {
  return new URL(`/invitation#${token}`, siteUrl).toString();
}

/**
 * The token in what a member pastes or their browser posts: the whole link, or the token alone.
 * Null when it holds nothing shaped like one of ours.
 */
export function tokenFromInvitationLink(text: string): string | null {
  const candidate = text.trim().split("#").pop()?.trim() ?? "";
  return TOKEN_SHAPE.test(candidate) ? candidate : null;
}

/** An 'invited' member and their first single-use invitation link, in one batch. */
export async function createInvitedMember(d1: D1Database, fields: NewMemberFields, now: number = Date.now()): Promise<NewInvitationLink> {
  const database = getDatabase(d1);
  const id = crypto.randomUUID();
  const link = await newInvitationLink(now);
  const createdAt = new Date(now).toISOString();
  await database.batch([
    database.insert(members).values({ ...fields, id, status: "invited", createdAt }),
    database.insert(memberInvitations).values({ tokenHash: link.tokenHash, memberId: id, expiresAt: link.expiresAt, createdAt }),
  ]);
  return link;
}

/** A new link for the member (a re-invitation, or a way back in for a member who lost access); their links still open stop working in the same batch. */
export async function replaceInvitationLink(d1: D1Database, memberId: string, now: number = Date.now()): Promise<NewInvitationLink> {
  const database = getDatabase(d1);
  const link = await newInvitationLink(now);
  await database.batch(replaceInvitationLinkStatements(database, memberId, link, now));
  return link;
}

/**
 * replaceInvitationLink's statements, for a caller that adds its own to the batch (the console's
 * 'Resend sign-in link' stores the email carrying the link with it). With `memberStillEligible` (a
 * condition on `members`, the row of `memberId`), both happen only while it holds.
 */
export function replaceInvitationLinkStatements(
  database: Database,
  memberId: string,
  link: NewInvitationLink,
  now: number,
  memberStillEligible?: SQL,
) {
  const nowIso = new Date(now).toISOString();
  const member = and(eq(members.id, memberId), memberStillEligible);
  return [
    database
      .update(memberInvitations)
      .set({ expiresAt: nowIso })
      .where(
        and(
          eq(memberInvitations.memberId, memberId),
          isNull(memberInvitations.usedAt),
          gt(memberInvitations.expiresAt, nowIso),
          memberStillEligible ? exists(database.select({ id: members.id }).from(members).where(member)) : undefined,
        ),
      ),
    database.insert(memberInvitations).select(
      database
        .select(insertSelectRow(memberInvitations, { tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt, createdAt: nowIso }))
        .from(members)
        .where(member),
    ),
  ] as const;
}

/**
 * The member an unused, unexpired link belongs to, while they are invited or active (a suspended
 * member's links open nothing). Null for every other case alike, so the page cannot tell them apart.
 */
export async function findOpenInvitation(db: D1Database, token: string, now: number = Date.now()): Promise<OpenInvitation | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await getDatabase(db)
    .select({ memberId: members.id, memberName: members.name })
    .from(memberInvitations)
    .innerJoin(members, eq(members.id, memberInvitations.memberId))
    .where(and(isOpenLink(await sha256Hex(token), new Date(now).toISOString()), inArray(members.status, ["invited", "active"])))
    .get();
  return row ?? null;
}

/**
 * Confirms the member's email through their link and makes them active; the member's id, or null
 * when the link is not open (or was used by a concurrent request a moment before). Every session
 * the member had ends at `now` and every passkey of theirs is removed (a new link is also how a
 * member who lost access gets back in: a fresh start, docs/security.md#invitation-links), so the
 * caller starts the new member's session after `now`.
 */
export async function confirmInvitation(db: D1Database, token: string, now: number = Date.now()): Promise<string | null> {
  return consumeInvitation(db, token, {}, now);
}

/**
 * The same single-use consumption for 'Continue with Google' (called by the OAuth callback): also
 * links the Google account (`sub`). Null when the link is not open, or
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
    return await consumeInvitation(db, token, { googleSubject }, now);
  } catch (error) {
    if (isUniqueViolation(error, "members.google_subject")) return null;
    throw error;
  }
}

/**
 * One D1 batch (one transaction; D1 runs batches one at a time): the member is updated only while
 * the link is open (active, email confirmed, every earlier session ended, and, once active, every
 * passkey removed and every member card revoked: a suspended member's link changes nothing), then the link is marked
 * used under the same conditions, returning its member. The member update comes first so that the
 * statements test the link in the same state: a second request, even in the same millisecond,
 * finds `used_at` set and changes nothing.
 */
async function consumeInvitation(
  db: D1Database,
  token: string,
  credential: { googleSubject?: string },
  now: number,
): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const database = getDatabase(db);
  const nowIso = new Date(now).toISOString();
  const openLink = isOpenLink(await sha256Hex(token), nowIso);
  const linkMember = database.select({ memberId: memberInvitations.memberId }).from(memberInvitations).where(openLink);
  const activeLinkMember = database
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, linkMember), eq(members.status, "active")));
  const [, , , , used] = await database.batch([
    database
      .update(members)
      .set({ ...credential, status: "active", emailConfirmedAt: nowIso, sessionsValidAfter: now })
      .where(and(inArray(members.status, ["invited", "active"]), eq(members.id, linkMember))),
    database.delete(memberSessions).where(eq(memberSessions.memberId, linkMember)),
    database.delete(memberPasskeys).where(inArray(memberPasskeys.memberId, activeLinkMember)),
    // A new link is the way back in for a member who lost a device: the cards it held end with its sessions.
    database
      .update(cardDevices)
      .set({ revokedAt: nowIso })
      .where(and(inArray(cardDevices.memberId, activeLinkMember), isNull(cardDevices.revokedAt))),
    database
      .update(memberInvitations)
      .set({ usedAt: new Date(now).toISOString() })
      .where(
        and(
          openLink,
          inArray(memberInvitations.memberId, database.select({ id: members.id }).from(members).where(eq(members.status, "active"))),
        ),
      )
      .returning({ memberId: memberInvitations.memberId }),
  ]);
  return used[0]?.memberId ?? null;
}

/** The link with this token hash, while it is unused and unexpired at `nowIso`. */
function isOpenLink(tokenHash: string, nowIso: string) {
  return and(eq(memberInvitations.tokenHash, tokenHash), isNull(memberInvitations.usedAt), gt(memberInvitations.expiresAt, nowIso));
}

/** Whether D1 refused a write for a unique index on `column` ("table.column"). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const messages = [
    error instanceof Error ? error.message : String(error),
    error instanceof Error && error.cause ? String(error.cause) : "",
  ];
  return messages.some((message) => message.includes(`UNIQUE constraint failed: ${column}`));
}
