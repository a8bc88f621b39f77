import type { z } from "zod";

/**
 * The Worker's one way to sign and check with its signing key: HMAC-SHA256 in hex, made with
 * `crypto.subtle.sign` and checked with `crypto.subtle.verify` (WebCrypto compares the signatures
 * in constant time, so no comparison is written by hand here).
 */
export async function hmacHex(key: string, message: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(key), new TextEncoder().encode(message));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `signature` is hmacHex(key, message); false for anything that is not 64 lowercase hex digits. */
export async function verifyHmacHex(key: string, message: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return crypto.subtle.verify("HMAC", await hmacKey(key), bytes, new TextEncoder().encode(message));
}

function hmacKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/**
 * Small signed values the server hands out and reads back (captcha passes, the SMS-verified
 * cookie): a base64 JSON payload and an HMAC-SHA256 over it, bound to a purpose so a value minted
 * for one use is worthless for another. Not encrypted: never put a secret in the payload.
 */
export async function signPayload(signingKey: string, purpose: string, payload: unknown): Promise<string> {
  const encoded = btoa(JSON.stringify(payload));
  return `${encoded}.${await hmacHex(signingKey, `${purpose}:${encoded}`)}`;
}

export async function readSignedPayload<Schema extends z.ZodType>(
  signingKey: string,
  purpose: string,
  token: string,
  schema: Schema,
): Promise<z.infer<Schema> | null> {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return null;
  if (!(await verifyHmacHex(signingKey, `${purpose}:${encoded}`, signature))) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(atob(encoded));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

/**
 * Compares two strings in time that depends only on their length, for secrets that are not our
 * HMACs (the OAuth state); HMACs are checked with verifyHmacHex.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
