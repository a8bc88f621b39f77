/** Byte encodings for stored hashes and tokens (btoa/atob work the same in workerd and Node). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** URL- and cookie-safe, without padding (RFC 4648 §5). */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of canonical standard base64 (padded, no whitespace), or null for anything else. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  const bytes = Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  // Unused trailing bits make several spellings of the same bytes; accept only the canonical one.
  return encodeBase64(bytes) === text ? bytes : null;
}
