import { and, desc, eq } from "drizzle-orm";
import { generateSessionToken } from "./session-token.ts";
import { describeDevice } from "./device-name.ts";
import {
  clearedSessionCookie,
  endEverySessionStatements,
  sessionCookie,
  startSessionStatement,
  type SignInMethod,
} from "./member-session.ts";
import { getDatabase } from "#db/client.ts";
import { memberPasskeys } from "#db/schema.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

/**
 * A member's passkeys as the "Sign-in & devices" page shows and changes them
 * (docs/product-rules.md#sign-in-and-devices). Every function takes the signed-in member's id and
 * touches only that member's rows: a passkey id from a form never reaches another member's.
 */
export interface ListedPasskey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** Synced to the member's other devices by their password manager or platform (backed up). */
  synced: boolean;
}

/**
 * Only a session begun this recently may add or remove a passkey (docs/security.md#passkeys): a
 * stolen session cannot turn itself into a passkey, which would outlive every way of ending
 * sessions. Removal is included because it gives this device a new session: an old session
 * could otherwise remove a passkey to become a recent one.
 */
export const CHANGE_PASSKEYS_WITHIN_MS = 10 * 60_000;

/** Whether this session began recently enough to add or remove a passkey. */
export function mayChangePasskeys(session: { createdAt: number }, now: number = Date.now()): boolean {
  return now - session.createdAt < CHANGE_PASSKEYS_WITHIN_MS;
}

/** The member's passkeys, newest first. */
export async function listMemberPasskeys(db: D1Database, memberId: string): Promise<ListedPasskey[]> {
  const rows = await getDatabase(db)
    .select({
      id: memberPasskeys.id,
      name: memberPasskeys.name,
      createdAt: memberPasskeys.createdAt,
      lastUsedAt: memberPasskeys.lastUsedAt,
      backedUp: memberPasskeys.backedUp,
    })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(desc(memberPasskeys.createdAt))
    .all();
  return rows.map(({ backedUp, ...passkey }) => ({ ...passkey, synced: backedUp }));
}

/** Gives one of the member's passkeys a new name; false when the member has no such passkey. */
export async function renameMemberPasskey(db: D1Database, memberId: string, passkeyId: string, name: string): Promise<boolean> {
  const renamed = await getDatabase(db)
    .update(memberPasskeys)
    .set({ name })
    .where(and(eq(memberPasskeys.memberId, memberId), eq(memberPasskeys.id, passkeyId)))
    .run();
  return renamed.meta.changes === 1;
}

/**
 * Removes one of the member's passkeys. Whoever held it may have signed in with it anywhere, so
 * every session of the member ends and every member card they set up is revoked (a card needs no
 * session once issued: docs/decisions/010-member-card-credential.md), and the device that removed
 * it gets a new session in the same
 * batch (begun at `now + 1`, after the new "sessions valid after" time): the member stays signed
 * in here and nowhere else. Null when the member has no such passkey (nothing changes); otherwise
 * the Set-Cookie for this device: the new session's, or the cleared cookie when none could start
 * (the member stopped being active meanwhile).
 */
export async function removeMemberPasskey(
  env: Pick<Env, "DB" | "ENVIRONMENT">,
  request: Request,
  member: { memberId: string; method: SignInMethod },
  passkeyId: string,
  now: number = Date.now(),
): Promise<string | null> {
  const database = getDatabase(env.DB);
  const owned = and(eq(memberPasskeys.memberId, member.memberId), eq(memberPasskeys.id, passkeyId));
  if (!(await database.select({ id: memberPasskeys.id }).from(memberPasskeys).where(owned).get())) return null;
  const token = generateSessionToken();
  const [, , , , started] = await database.batch([
    database.delete(memberPasskeys).where(owned),
    ...endEverySessionStatements(database, member.memberId, now),
    startSessionStatement(database, {
      tokenHash: await sha256Hex(token),
      memberId: member.memberId,
      method: member.method,
      device: describeDevice(request.headers.get("User-Agent")),
      now: now + 1,
    }),
  ]);
  return started.meta.changes === 1 ? sessionCookie(env.ENVIRONMENT, token) : clearedSessionCookie(env.ENVIRONMENT);
}
