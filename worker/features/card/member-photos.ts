import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members } from "#db/schema.ts";
import { withoutPhotoMetadata } from "./photo-metadata.ts";

/**
 * Members' photos (docs/product-rules.md#member-card): added by the concierge, kept in the
 * MEMBER_PHOTOS bucket under a fresh key each time (so a replaced photo is never served from a
 * stale copy), and served only to the member and to staff, never cached by a browser or a proxy.
 */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** The types a photo may be, recognised by their first bytes (never by the name or the browser's word). */
const PHOTO_TYPES = [
  { type: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  { type: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/webp", magic: [0x52, 0x49, 0x46, 0x46], at8: [0x57, 0x45, 0x42, 0x50] },
] as const;

/**
 * Why a photo was refused; the console words each (app/features/concierge/member-answers.ts).
 * "heic": an iPhone's HEIC/HEIF photo, which browsers other than Safari cannot show.
 */
export type PhotoRefusal = "missing" | "too-large" | "heic" | "format" | "not-found";
export type PhotoOutcome = { ok: true } | { ok: false; reason: PhotoRefusal };

/** The ISO media brands of HEIC and HEIF (bytes 8 to 11, after "ftyp" at 4 to 7). */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

function isHeif(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(8, 12));
}

function photoType(bytes: Uint8Array): string | null {
  for (const candidate of PHOTO_TYPES) {
    const starts = candidate.magic.every((byte, index) => bytes[index] === byte);
    const webp = !("at8" in candidate) || candidate.at8.every((byte, index) => bytes[8 + index] === byte);
    if (starts && webp) return candidate.type;
  }
  return null;
}

/**
 * Stores `photo` as the member's photo: checked first (a JPEG, PNG or WebP of at most 2 MB; nothing
 * changes otherwise), its metadata removed (photo-metadata.ts), written to R2, then the member's row points at it; the old object is deleted
 * last, so a failure at any step leaves the member with a photo that can be served.
 */
export async function storeMemberPhoto(env: Env, memberId: string, photo: File): Promise<PhotoOutcome> {
  if (photo.size === 0) return { ok: false, reason: "missing" };
  if (photo.size > MAX_PHOTO_BYTES) return { ok: false, reason: "too-large" };
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const type = photoType(bytes);
  if (!type) return { ok: false, reason: isHeif(bytes) ? "heic" : "format" };
  // Stored without its EXIF (GPS, camera, time), whatever the browser did; a file that does not read through is refused.
  const clean = withoutPhotoMetadata(bytes, type);
  if (!clean) return { ok: false, reason: "format" };
  const database = getDatabase(env.DB);
  const [member] = await database.select({ photoKey: members.photoKey }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) return { ok: false, reason: "not-found" };
  const key = `members/${memberId}/${crypto.randomUUID()}`;
  await env.MEMBER_PHOTOS.put(key, clean, { httpMetadata: { contentType: type } });
  await database.update(members).set({ photoKey: key }).where(eq(members.id, memberId));
  if (member.photoKey) await env.MEMBER_PHOTOS.delete(member.photoKey);
  return { ok: true };
}

/** Removes the member's photo (the row first, then the object). */
export async function removeMemberPhoto(env: Env, memberId: string): Promise<void> {
  const database = getDatabase(env.DB);
  const [member] = await database.select({ photoKey: members.photoKey }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member?.photoKey) return;
  await database.update(members).set({ photoKey: null }).where(eq(members.id, memberId));
  await env.MEMBER_PHOTOS.delete(member.photoKey);
}

/**
 * The member's photo as an answer for an already authorised request (the member themself or
 * staff: the caller checks), or null when they have none. Private and never stored by a cache.
 */
export async function memberPhotoResponse(env: Env, memberId: string): Promise<Response | null> {
  const [member] = await getDatabase(env.DB).select({ photoKey: members.photoKey }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member?.photoKey) return null;
  const object = await env.MEMBER_PHOTOS.get(member.photoKey);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
