import { z } from "zod";
import { generateSessionToken, isSessionTokenShape } from "./session-token.ts";
import { cookieHeader, expiredCookieHeader, readCookie, type CookieOptions } from "#worker/shared/cookies.ts";
import { sha256Hex } from "#worker/shared/hashing.ts";

/**
 * Members' sessions (docs/security.md#sessions): the cookie holds a random 256-bit token, KV
 * holds only its SHA-256, under `session:<hex>`. A new session at every sign-in; 30 days, renewed
 * only once less than half remains (KV allows one write per second per key); sign-out deletes it.
 */
const SESSION_COOKIE = { production: "__Host-ember_session", development: "ember_session" } as const;

/**
 * The session cookie: HttpOnly, Secure and SameSite=Lax everywhere (browsers accept Secure
 * cookies from http://localhost); `__Host-` in production, so Path=/ and no Domain.
 */
const SESSION_COOKIE_OPTIONS: CookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" };

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_BELOW_MS = SESSION_LIFETIME_MS / 2;
// KV refuses an expirationTtl under 60 seconds.
const KV_MINIMUM_TTL_SECONDS = 60;

export function sessionCookieName(environment: string): string {
  return environment === "production" ? SESSION_COOKIE.production : SESSION_COOKIE.development;
}

const storedSessionSchema = z.object({
  memberId: z.string().min(1),
  // Optional: entries written before sign-in existed (test fixtures) have none.
  createdAt: z.number().int().optional(),
  expiresAt: z.number().int(),
});

export type MemberSession = z.infer<typeof storedSessionSchema>;

type SessionEnv = Pick<Env, "SESSIONS" | "ENVIRONMENT">;

/** Starts a new session for the member (never reuses a token) and the cookie that carries it. */
export async function createMemberSession(
  env: SessionEnv,
  memberId: string,
  now: number = Date.now(),
): Promise<{ token: string; setCookie: string }> {
  const token = generateSessionToken();
  const session: MemberSession = { memberId, createdAt: now, expiresAt: now + SESSION_LIFETIME_MS };
  await storeSession(env, await sha256Hex(token), session, now);
  return { token, setCookie: sessionCookie(env.ENVIRONMENT, token) };
}

export async function readMemberSession(request: Request, env: SessionEnv, now: number = Date.now()): Promise<MemberSession | null> {
  const token = sessionTokenOf(request, env);
  if (!token) return null;
  const session = storedSessionSchema.safeParse(parseJsonOrNull(await env.SESSIONS.get(sessionKey(await sha256Hex(token)))));
  if (!session.success || session.data.expiresAt <= now) return null;
  return session.data;
}

/**
 * Extends a session read in this request to a full lifetime, once less than half remains; the
 * Set-Cookie to send, or null when no renewal is due. Renews only while KV still holds the
 * session, so a sign-out during this request is not undone.
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
  const tokenHash = await sha256Hex(token);
  if ((await env.SESSIONS.get(sessionKey(tokenHash))) === null) return null;
  await storeSession(env, tokenHash, { ...session, expiresAt: now + SESSION_LIFETIME_MS }, now);
  return sessionCookie(env.ENVIRONMENT, token);
}

/** Sign-out: forgets the session server-side (the old cookie opens nothing) and clears the cookie. */
export async function destroyMemberSession(request: Request, env: SessionEnv): Promise<string> {
  const token = sessionTokenOf(request, env);
  if (token) await env.SESSIONS.delete(sessionKey(await sha256Hex(token)));
  return expiredCookieHeader(sessionCookieName(env.ENVIRONMENT), SESSION_COOKIE_OPTIONS);
}

function sessionTokenOf(request: Request, env: SessionEnv): string | null {
  const token = readCookie(request, sessionCookieName(env.ENVIRONMENT));
  return token && isSessionTokenShape(token) ? token : null;
}

function sessionKey(tokenHash: string): string {
  return `session:${tokenHash}`;
}

async function storeSession(env: SessionEnv, tokenHash: string, session: MemberSession, now: number): Promise<void> {
  const expirationTtl = Math.max(KV_MINIMUM_TTL_SECONDS, Math.ceil((session.expiresAt - now) / 1000));
  await env.SESSIONS.put(sessionKey(tokenHash), JSON.stringify(session), { expirationTtl });
}

function sessionCookie(environment: string, token: string): string {
  return cookieHeader(sessionCookieName(environment), token, { ...SESSION_COOKIE_OPTIONS, maxAge: SESSION_LIFETIME_MS / 1000 });
}

function parseJsonOrNull(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
