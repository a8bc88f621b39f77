import { and, desc, eq, exists, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { generateSessionToken, isSessionTokenShape } from "./session-token.ts";
import { describeDevice } from "./device-name.ts";
import { getDatabase, type Database } from "#db/client.ts";
import { cardDevices, members, memberSessions } from "#db/schema.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { cookieHeader, expiredCookieHeader, readCookie, type CookieOptions } from "#worker/shared/cookies.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

/**
 * Members' sessions (docs/security.md#sessions, docs/decisions/008-passwordless-sign-in.md): the
 * cookie holds a random 256-bit token; D1 holds only its SHA-256 (member_sessions). Every
 * members-only request reads the session and the member in one D1 query, which refuses a session
 * that has expired, belongs to a member who is not active, or began at or before the member's
 * "sessions valid after" time. A new session at every sign-in; 30 days, renewed once less than
 * half remains; sign-out deletes it.
 */
const SESSION_COOKIE = { production: "__Host-ember_session", development: "ember_session" } as const;

/**
 * The session cookie: HttpOnly, Secure and SameSite=Lax everywhere (browsers accept Secure
 * cookies from http://localhost); `__Host-` in production, so Path=/ and no Domain.
 */
const SESSION_COOKIE_OPTIONS: CookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" };

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_BELOW_MS = SESSION_LIFETIME_MS / 2;
/** "Last seen" is written at most this often per session, so reading pages does not mean writing D1. */
export const LAST_SEEN_PRECISION_MS = 5 * 60_000;

export type SignInMethod = (typeof memberSessions.$inferSelect)["method"];

/** What a request knows about its own session. */
export interface MemberSession {
  id: string;
  memberId: string;
  method: SignInMethod;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

type SessionEnv = Pick<Env, "DB" | "ENVIRONMENT">;

export function sessionCookieName(environment: string): string {
  return environment === "production" ? SESSION_COOKIE.production : SESSION_COOKIE.development;
}

/**
 * Starts a new session for the member (never reuses a token) and the cookie that carries it, or
 * null when the member is not active at that moment: the insert itself checks, so a sign-in that
 * races a suspension cannot leave a session behind.
 */
export async function startMemberSession(
  env: SessionEnv,
  request: Request,
  memberId: string,
  method: SignInMethod,
  now: number = Date.now(),
): Promise<{ token: string; setCookie: string } | null> {
  const token = generateSessionToken();
  const inserted = await startSessionStatement(getDatabase(env.DB), {
    tokenHash: await sha256Hex(token),
    memberId,
    method,
    device: describeDevice(request.headers.get("User-Agent")),
    now,
  });
  if (inserted.meta.changes !== 1) return null;
  return { token, setCookie: sessionCookie(env.ENVIRONMENT, token) };
}

/**
 * The statement that inserts a session only while the member is active and the session begins
 * after their "sessions valid after" time: callers that must end other sessions in the same batch
 * (removing a passkey keeps the device that removed it signed in) put it after that update.
 * `alsoRequire` adds a condition the insert checks in the same statement (a passkey sign-in
 * requires the passkey still to be there).
 */
export function startSessionStatement(
  database: Database,
  session: { tokenHash: string; memberId: string; method: SignInMethod; device: string; now: number; alsoRequire?: SQL },
) {
  const { tokenHash, memberId, method, device, now, alsoRequire } = session;
  // INSERT … SELECT from the member's own row: no row, no session. A query builder, not raw SQL,
  // so that it can stand in a D1 batch.
  return database.insert(memberSessions).select(
    database
      .select({
        tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        memberId: members.id,
        method: sql<SignInMethod>`${method}`.as("method"),
        device: sql<string>`${device}`.as("device"),
        createdAt: sql<number>`${now}`.as("created_at"),
        lastSeenAt: sql<number>`${now}`.as("last_seen_at"),
        expiresAt: sql<number>`${now + SESSION_LIFETIME_MS}`.as("expires_at"),
      })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.status, "active"), lt(members.sessionsValidAfter, now), alsoRequire)),
  );
}

/**
 * The member behind this request's session cookie, or null. One D1 query answers both whether the
 * session is live and whether the member may use it; "last seen" is written when it is older than
 * LAST_SEEN_PRECISION_MS.
 */
export async function loadSignedInMember(
  request: Request,
  env: SessionEnv,
  now: number = Date.now(),
): Promise<{ member: MemberRow; session: MemberSession } | null> {
  const token = sessionTokenOf(request, env);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const database = getDatabase(env.DB);
  const row = await database
    .select({
      member: members,
      session: {
        id: memberSessions.id,
        memberId: memberSessions.memberId,
        method: memberSessions.method,
        createdAt: memberSessions.createdAt,
        lastSeenAt: memberSessions.lastSeenAt,
        expiresAt: memberSessions.expiresAt,
      },
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.tokenHash, tokenHash), isLiveSession(now), eq(members.status, "active")))
    .get();
  if (!row) return null;
  const session: MemberSession = row.session;
  if (now - session.lastSeenAt >= LAST_SEEN_PRECISION_MS) {
    await database.update(memberSessions).set({ lastSeenAt: now }).where(eq(memberSessions.tokenHash, tokenHash));
    session.lastSeenAt = now;
  }
  return { member: row.member, session };
}

/**
 * Extends a session read in this request to a full lifetime, once less than half remains; the
 * Set-Cookie to send, or null when no renewal is due (or the session ended during this request).
 */
export async function renewMemberSessionIfDue(
  request: Request,
  env: SessionEnv,
  session: MemberSession,
  now: number = Date.now(),
): Promise<string | null> {
  if (session.expiresAt - now >= RENEW_BELOW_MS) return null;
  const token = sessionTokenOf(request, env);
  if (!token) return null;
  const renewed = await getDatabase(env.DB)
    .update(memberSessions)
    .set({ expiresAt: now + SESSION_LIFETIME_MS })
    .where(and(eq(memberSessions.tokenHash, await sha256Hex(token)), eq(memberSessions.id, session.id)))
    .run();
  return renewed.meta.changes === 1 ? sessionCookie(env.ENVIRONMENT, token) : null;
}

/** Sign-out: forgets this session server-side (the old cookie opens nothing) and clears the cookie. */
export async function endMemberSession(request: Request, env: SessionEnv): Promise<string> {
  const token = sessionTokenOf(request, env);
  if (token)
    await getDatabase(env.DB)
      .delete(memberSessions)
      .where(eq(memberSessions.tokenHash, await sha256Hex(token)));
  return clearedSessionCookie(env.ENVIRONMENT);
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(environment: string): string {
  return expiredCookieHeader(sessionCookieName(environment), SESSION_COOKIE_OPTIONS);
}

/**
 * "Now" in milliseconds by the database's own clock, for writers whose clock cannot be trusted to
 * match the Worker's (the operator commands run on the operator's computer: docs/security.md#sessions).
 */
export const DATABASE_NOW = sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/**
 * The statements that end every session of a member at `now`: the member's "sessions valid after"
 * time moves to `now` (which also ends any session being started at this moment), their rows go,
 * and every member card they hold is revoked: a card is a credential like a session, set up while
 * signed in, so whatever ends the sessions ends the cards (docs/decisions/010-member-card-credential.md).
 * The time never moves backwards (a clock running behind must not bring an ended session back).
 * Put them in the same batch as the change that calls for them (a suspension, a confirmed email).
 * With `onlyWhile` (a condition on the member's row), they end nothing unless it holds when they
 * run: placed after a guarded change, they end the sessions only if the change was made.
 */
export function endEverySessionStatements(database: Database, memberId: string, now: number | SQL<number>, onlyWhile?: SQL) {
  const stillHolds = onlyWhile
    ? exists(
        database
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.id, memberId), onlyWhile)),
      )
    : undefined;
  const nowIso =
    typeof now === "number" ? new Date(now).toISOString() : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${now} / 1000.0, 'unixepoch')`;
  return [
    database
      .update(members)
      .set({ sessionsValidAfter: sql`MAX(${members.sessionsValidAfter}, ${now})` })
      .where(and(eq(members.id, memberId), onlyWhile)),
    database.delete(memberSessions).where(and(eq(memberSessions.memberId, memberId), stillHolds)),
    database
      .update(cardDevices)
      .set({ revokedAt: nowIso })
      .where(and(eq(cardDevices.memberId, memberId), isNull(cardDevices.revokedAt), stillHolds)),
  ] as const;
}

/** "Sign out of all devices": every session of the member ends, this one included. */
export async function endEveryMemberSession(env: SessionEnv, memberId: string, now: number = Date.now()): Promise<string> {
  const database = getDatabase(env.DB);
  await database.batch([...endEverySessionStatements(database, memberId, now)]);
  return clearedSessionCookie(env.ENVIRONMENT);
}

/** One of the member's sessions (by its public id), from the "Sign-in & devices" page. True when it ended. */
export async function endOneMemberSession(env: SessionEnv, memberId: string, sessionId: string): Promise<boolean> {
  const ended = await getDatabase(env.DB)
    .delete(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), eq(memberSessions.id, sessionId)))
    .run();
  return ended.meta.changes === 1;
}

export interface ListedSession {
  id: string;
  device: string;
  method: SignInMethod;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * A session row that still counts: unexpired, and begun after its member's "sessions valid after"
 * time. For queries that join the session's member.
 */
function isLiveSession(now: number) {
  return and(gt(memberSessions.expiresAt, now), gt(memberSessions.createdAt, members.sessionsValidAfter));
}

/** The member's live sessions, most recently seen first. */
export async function listMemberSessions(db: D1Database, memberId: string, now: number = Date.now()): Promise<ListedSession[]> {
  return getDatabase(db)
    .select({
      id: memberSessions.id,
      device: memberSessions.device,
      method: memberSessions.method,
      createdAt: memberSessions.createdAt,
      lastSeenAt: memberSessions.lastSeenAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.memberId, memberId), isLiveSession(now)))
    .orderBy(desc(memberSessions.lastSeenAt))
    .all();
}

/**
 * Whether the request carries a session cookie of the right shape, live or not: known without
 * reading D1, so every answer can be marked private before anything else is known (worker/http/private-answers.ts).
 */
export function holdsSessionCookie(request: Request, env: Pick<Env, "ENVIRONMENT">): boolean {
  return sessionTokenOf(request, env) !== null;
}

function sessionTokenOf(request: Request, env: Pick<Env, "ENVIRONMENT">): string | null {
  const token = readCookie(request, sessionCookieName(env.ENVIRONMENT));
  return token && isSessionTokenShape(token) ? token : null;
}

/** The Set-Cookie value that carries a session token (for callers that start sessions in a batch). */
export function sessionCookie(environment: string, token: string): string {
  return cookieHeader(sessionCookieName(environment), token, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_LIFETIME_MS / 1000 });
}
