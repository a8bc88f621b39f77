import { concatBytes } from "#app/lib/bytes.ts";

/**
 * The member card's credential (docs/decisions/010-member-card-credential.md), in the one module
 * the Worker (which certifies devices), the card (which signs the time) and the door (which checks
 * both, offline) share. Only WebCrypto: ECDSA P-256 with SHA-256, signatures in the raw r‖s form
 * WebCrypto reads and writes everywhere.
 *
 * A certificate is the club's signature over:
 *   version (1) ‖ card id (16, the card_devices id's UUID bytes) ‖ expires (u32 seconds)
 *   ‖ member id length (1) ‖ member id (UTF-8) ‖ the device's public key (65, uncompressed point)
 * The code in the QR is `EO1.` + base64url(certificate ‖ signed-at (u32 seconds) ‖ the device's
 * signature over certificate ‖ signed-at). The card makes a new one every REFRESH_SECONDS; the door
 * accepts one signed at most VALID_SECONDS before its own clock (and FUTURE_SKEW_SECONDS after).
 */

export const CODE_PREFIX = "EO1.";
const VERSION = 1;
const CARD_ID_BYTES = 16;
const PUBLIC_KEY_BYTES = 65;
const SIGNATURE_BYTES = 64;
const MAX_MEMBER_ID_BYTES = 64;

/** How often the card shows a new code. */
export const REFRESH_SECONDS = 30;
/** How long after it was signed the door accepts a code: a screenshot fails a minute later. */
export const VALID_SECONDS = 60;
/** How far ahead of the door's clock a code may be signed (a phone whose clock runs a little fast). */
export const FUTURE_SKEW_SECONDS = 30;
/** How long a certificate lasts; the card renews it whenever it is opened online. */
export const CERTIFICATE_DAYS = 30;

const ECDSA = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGN = { name: "ECDSA", hash: "SHA-256" } as const;

export interface CertificateFields {
  /** The card_devices id: a UUID. */
  cardId: string;
  memberId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** The device's public key, uncompressed (65 bytes). */
  devicePublicKey: Uint8Array;
}

export type CodeVerdict =
  | { ok: true; cardId: string; memberId: string; signedAt: number; expiresAt: number }
  | { ok: false; reason: "unreadable" | "forged" | "card-expired" | "too-old" | "from-the-future" };

/** Makes the certificate's signed body (the Worker, when it certifies a device). */
export function certificateBody(fields: CertificateFields): Uint8Array<ArrayBuffer> {
  const memberId = new TextEncoder().encode(fields.memberId);
  if (memberId.length === 0 || memberId.length > MAX_MEMBER_ID_BYTES) throw new RangeError("member id length");
  if (fields.devicePublicKey.length !== PUBLIC_KEY_BYTES || fields.devicePublicKey[0] !== 4) throw new RangeError("device key");
  const body = new Uint8Array(1 + CARD_ID_BYTES + 4 + 1 + memberId.length + PUBLIC_KEY_BYTES);
  let at = 0;
  body[at++] = VERSION;
  body.set(uuidBytes(fields.cardId), at);
  at += CARD_ID_BYTES;
  new DataView(body.buffer).setUint32(at, fields.expiresAt);
  at += 4;
  body[at++] = memberId.length;
  body.set(memberId, at);
  at += memberId.length;
  body.set(fields.devicePublicKey, at);
  return body;
}

/** The club signs a device's certificate with its private key (the Worker only). */
export async function issueCertificate(clubPrivateKey: CryptoKey, fields: CertificateFields): Promise<Uint8Array<ArrayBuffer>> {
  const body = certificateBody(fields);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, clubPrivateKey, body));
  return concatBytes(body, signature);
}

/** The card's code for this second: the certificate, the time, and the device's signature over both. */
export async function makeCardCode(devicePrivateKey: CryptoKey, certificate: Uint8Array, nowSeconds: number): Promise<string> {
  const signedAt = new Uint8Array(4);
  new DataView(signedAt.buffer).setUint32(0, Math.floor(nowSeconds));
  const message = concatBytes(certificate, signedAt);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, devicePrivateKey, message));
  return CODE_PREFIX + encodeBase64Url(concatBytes(message, signature));
}

/**
 * The door's check of a scanned code, with no network: the club's signature on the certificate,
 * the device's on the time, the certificate's expiry and the code's age against the door's clock.
 * Whether the member may come in (status, dues, a revoked card) is the status list's answer.
 */
export async function verifyCardCode(clubPublicKey: CryptoKey, code: string, nowSeconds: number): Promise<CodeVerdict> {
  const parsed = parseCode(code);
  if (!parsed) return { ok: false, reason: "unreadable" };
  const { certificateBodyBytes, clubSignature, message, deviceSignature, fields, signedAt } = parsed;
  if (!(await crypto.subtle.verify(SIGN, clubPublicKey, clubSignature, certificateBodyBytes))) return { ok: false, reason: "forged" };
  let deviceKey: CryptoKey;
  try {
    deviceKey = await crypto.subtle.importKey("raw", fields.devicePublicKey, ECDSA, false, ["verify"]);
  } catch {
    return { ok: false, reason: "forged" };
  }
  if (!(await crypto.subtle.verify(SIGN, deviceKey, deviceSignature, message))) return { ok: false, reason: "forged" };
  if (fields.expiresAt <= nowSeconds) return { ok: false, reason: "card-expired" };
  if (signedAt > nowSeconds + FUTURE_SKEW_SECONDS) return { ok: false, reason: "from-the-future" };
  if (nowSeconds - signedAt > VALID_SECONDS) return { ok: false, reason: "too-old" };
  return { ok: true, cardId: fields.cardId, memberId: fields.memberId, signedAt, expiresAt: fields.expiresAt };
}

function parseCode(code: string) {
  if (!code.startsWith(CODE_PREFIX)) return null;
  const bytes = decodeBase64Url(code.slice(CODE_PREFIX.length));
  if (!bytes || bytes[0] !== VERSION) return null;
  const memberIdAt = 1 + CARD_ID_BYTES + 4;
  const memberIdLength = bytes[memberIdAt] ?? 0;
  if (memberIdLength === 0 || memberIdLength > MAX_MEMBER_ID_BYTES) return null;
  const bodyLength = memberIdAt + 1 + memberIdLength + PUBLIC_KEY_BYTES;
  if (bytes.length !== bodyLength + SIGNATURE_BYTES + 4 + SIGNATURE_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let memberId: string;
  try {
    memberId = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(memberIdAt + 1, memberIdAt + 1 + memberIdLength));
  } catch {
    return null;
  }
  const certificateLength = bodyLength + SIGNATURE_BYTES;
  return {
    certificateBodyBytes: bytes.slice(0, bodyLength),
    clubSignature: bytes.slice(bodyLength, certificateLength),
    message: bytes.slice(0, certificateLength + 4),
    deviceSignature: bytes.slice(certificateLength + 4),
    signedAt: view.getUint32(certificateLength),
    fields: {
      cardId: uuidText(bytes.subarray(1, 1 + CARD_ID_BYTES)),
      expiresAt: view.getUint32(1 + CARD_ID_BYTES),
      memberId,
      devicePublicKey: bytes.slice(memberIdAt + 1 + memberIdLength, bodyLength),
    },
  };
}

/** A device key pair for the card: the private half cannot be exported, so it never leaves the browser. */
export function generateDeviceKey(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDSA, false, ["sign", "verify"]);
}

/** The device's public key as the certificate holds it (uncompressed point, 65 bytes). */
export async function exportDevicePublicKey(publicKey: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.exportKey("raw", publicKey));
}

/** The club's public key, as the door caches it (a JWK from GET /api/door/keys). */
export function importClubPublicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, ECDSA, false, ["verify"]);
}

/** The club's private key from its secret (the Worker only). */
export function importClubPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", jwk, ECDSA, false, ["sign"]);
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll("-", "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError("card id must be a UUID");
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
