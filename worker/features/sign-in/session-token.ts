import { encodeBase64Url } from "#worker/shared/base64.ts";

/**
 * Random tokens for cookies and links (docs/security.md#sessions): bytes from
 * crypto.getRandomValues, base64url without padding. A session token is 256 bits, 43 characters.
 */
export const SESSION_TOKEN_BYTES = 32;

const SESSION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** `bytes` random bytes as base64url; at least 128 bits, so no caller can mint a guessable token. */
export function randomToken(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 16 || bytes > 1024) throw new RangeError(`randomToken needs 16 to 1024 bytes, not ${bytes}`);
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function generateSessionToken(): string {
  return randomToken(SESSION_TOKEN_BYTES);
}

/** Whether a cookie value could be one of our session tokens (checked before any KV read). */
export function isSessionTokenShape(value: string): boolean {
  return SESSION_TOKEN_SHAPE.test(value);
}
