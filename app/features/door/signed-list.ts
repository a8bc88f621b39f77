import type { DoorList } from "./door-list.ts";
import { decodeBase64Url, encodeBase64Url } from "#app/features/card/member-credential.ts";

/**
 * The door's status list travels and rests signed (docs/security.md#door): the Worker signs its
 * exact JSON text with the club's card key, and the door opens it only with the club's public key
 * from the /door page itself, never from the list, each time it reads it from the network or from
 * IndexedDB. A list changed on the way or on the device is refused, not used. The signed text
 * starts with its own purpose, so no list signature can pass for a card certificate (those begin
 * with a version byte) or the other way round.
 */
export interface SignedDoorList {
  /** The list as JSON text, exactly as signed. */
  list: string;
  /** ECDSA P-256 / SHA-256 over PURPOSE + list, raw r‖s, base64url. */
  signature: string;
}

const PURPOSE = "ember-oak-door-list-v1\n";
const SIGN = { name: "ECDSA", hash: "SHA-256" } as const;

/** How old a synced list may be before the door refuses to admit by it (an evening offline is fine). */
export const LIST_MAX_AGE_HOURS = 12;

export async function signDoorList(clubPrivateKey: CryptoKey, list: DoorList): Promise<SignedDoorList> {
  const text = JSON.stringify(list);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, clubPrivateKey, new TextEncoder().encode(PURPOSE + text)));
  return { list: text, signature: encodeBase64Url(signature) };
}

/** The list, when its signature is the club's; null for anything else. */
export async function openDoorList(clubPublicKey: CryptoKey, signed: unknown): Promise<DoorList | null> {
  if (!signed || typeof signed !== "object") return null;
  const { list, signature } = signed as Partial<SignedDoorList>;
  if (typeof list !== "string" || typeof signature !== "string") return null;
  const bytes = decodeBase64Url(signature);
  if (!bytes || bytes.length !== 64) return null;
  const valid = await crypto.subtle.verify(SIGN, clubPublicKey, bytes, new TextEncoder().encode(PURPOSE + list)).catch(() => false);
  if (!valid) return null;
  try {
    return JSON.parse(list) as DoorList;
  } catch {
    return null;
  }
}

/** Whether a list synced at `syncedAt` is too old to admit by at `now`. */
export function isListTooOld(syncedAt: string, now: number): boolean {
  const at = Date.parse(syncedAt);
  return !Number.isFinite(at) || now - at > LIST_MAX_AGE_HOURS * 3_600_000;
}
