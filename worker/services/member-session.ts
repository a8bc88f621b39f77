import { z } from "zod";
import { readCookie } from "./request-cookies";

/**
 * Reading a member's session (security guide, "Sessions"): the cookie holds a random token, KV
 * holds only its SHA-256. Sessions are created at sign-in (issue 6); this module only resolves
 * one, so every members-only page asks the same question the same way.
 */
const SESSION_COOKIE = { production: "__Host-ember_session", development: "ember_session" } as const;

export function sessionCookieName(environment: string): string {
  return environment === "production" ? SESSION_COOKIE.production : SESSION_COOKIE.development;
}

const storedSessionSchema = z.object({
  memberId: z.string().min(1),
  expiresAt: z.number().int(),
});

export type MemberSession = z.infer<typeof storedSessionSchema>;

export async function hashSessionToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function readMemberSession(
  request: Request,
  env: Pick<Env, "SESSIONS" | "ENVIRONMENT">,
  now: number = Date.now(),
): Promise<MemberSession | null> {
  const token = readCookie(request, sessionCookieName(env.ENVIRONMENT));
  // 256-bit tokens are 43 base64url characters; anything else cannot be one of ours.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const stored = await env.SESSIONS.get(`session:${await hashSessionToken(token)}`);
  if (stored === null) return null;
  const session = storedSessionSchema.safeParse(parseJsonOrNull(stored));
  if (!session.success || session.data.expiresAt <= now) return null;
  return session.data;
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
