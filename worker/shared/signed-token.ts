import type { z } from "zod";
import { hmacHex } from "./client-address.ts";

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
  if (!timingSafeEqual(signature, await hmacHex(signingKey, `${purpose}:${encoded}`))) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(atob(encoded));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

/** Compares two strings in time that depends only on their length (codes, signatures). */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
