/**
 * SHA-256 of a string (UTF-8), in lower-case hex: how a secret token is kept at rest so that a
 * copy of the store opens nothing. Session tokens (their KV key) and invitation tokens
 * (member_invitations.token_hash) are both stored this way. Not for anything keyed (signing.ts).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
