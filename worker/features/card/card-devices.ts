import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { cardDevices, members } from "#db/schema.ts";
import { CERTIFICATE_DAYS, decodeBase64Url, encodeBase64Url, issueCertificate } from "#app/features/card/member-credential.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { describeDevice } from "#worker/features/sign-in/device-name.ts";
import { clubCardPrivateKey } from "./club-card-key.ts";

/**
 * The member card's devices (docs/product-rules.md#member-card, docs/decisions/010-member-card-credential.md):
 * a phone's card is certified once (its public key, a fresh card id) and renewed whenever it is
 * opened online; the member lists and revokes their own. The member is always the signed-in one,
 * read in this request, so a suspension or lapse refuses the next renewal.
 */

/** Cards a member may hold at once: enough for a phone, a spare and a tablet; a revoked one frees its place. */
export const MAX_ACTIVE_CARDS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

type MemberRow = typeof members.$inferSelect;

/** What the card page shows beside the code, and the certificate it signs the time with. */
export interface IssuedCard {
  cardId: string;
  /** base64url of the club-signed certificate (member-credential.ts). */
  certificate: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  member: { name: string; tier: string; hasPhoto: boolean };
  /** The server's clock in milliseconds, for the card's clock warning. */
  serverTime: number;
}

export type CardOutcome =
  | { ok: true; card: IssuedCard; renewed: boolean }
  | { ok: false; reason: "not-a-member" | "signed-out" | "lapsed" | "too-many-cards" | "revoked" | "unknown-card"; error: string };

export const CARD_NOT_ACTIVE = "Your card is not active";
const refusals = {
  "signed-out": "You were signed out while the card was being set up. Sign in again to set it up.",
  "not-a-member":
    "Member cards are for members: door and concierge accounts do not hold one. Sign in with your member account to use your card.",
  lapsed: `${CARD_NOT_ACTIVE}: your dues have lapsed. Settle them on the billing page and your card works again.`,
  "too-many-cards": `You already have ${MAX_ACTIVE_CARDS} cards. Revoke one you no longer use (the list is below), then set up this one.`,
  revoked: `${CARD_NOT_ACTIVE}: it was revoked. Set up the card again on this device to get a new one.`,
  "unknown-card": `${CARD_NOT_ACTIVE}: it is no longer on your membership. Set up the card again on this device.`,
} as const;

const refuse = (reason: keyof typeof refusals): CardOutcome => ({ ok: false, reason, error: refusals[reason] });

/** A 65-byte uncompressed P-256 point, base64url (the shape; the club signs nothing else). */
export function isDevicePublicKey(text: string): boolean {
  const bytes = decodeBase64Url(text);
  return bytes !== null && bytes.length === 65 && bytes[0] === 4;
}

/** The key is a point on P-256 (WebCrypto refuses one that is not): the club certifies only a key that can sign. */
export async function isUsableDeviceKey(publicKey: string): Promise<boolean> {
  try {
    await crypto.subtle.importKey("raw", decodeBase64Url(publicKey)!, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    return true;
  } catch {
    return false;
  }
}

async function certificateFor(env: Env, member: MemberRow, cardId: string, publicKey: string, now: number): Promise<IssuedCard> {
  const expiresAt = Math.floor((now + CERTIFICATE_DAYS * DAY_MS) / 1000);
  const certificate = await issueCertificate(await clubCardPrivateKey(env), {
    cardId,
    memberId: member.id,
    expiresAt,
    devicePublicKey: decodeBase64Url(publicKey)!,
  });
  return {
    cardId,
    certificate: encodeBase64Url(certificate),
    expiresAt,
    member: { name: member.name, tier: tierBySlug(member.tier).name, hasPhoto: member.photoKey !== null },
    serverTime: now,
  };
}

/**
 * Certifies a new device for the member: a new card, unless this device's key already has a live
 * card (then it is renewed). The limit is decided by the insert itself (one statement), so two
 * phones set up at the same moment cannot both pass a fifth place; so is the session that asks
 * (begun at `sessionBegan`): the insert needs it still valid (the member active, of role member,
 * their "sessions valid after" time before it), so a set-up racing "Sign out of all devices" or a
 * suspension either lands first and is revoked by it, or finds the session ended and makes no card.
 */
export async function certifyDevice(
  env: Env,
  member: MemberRow,
  publicKey: string,
  userAgent: string | null,
  sessionBegan: number,
  now: number = Date.now(),
): Promise<CardOutcome> {
  // Staff accounts are not admitted by a card (docs/product-rules.md#member-card).
  if (member.role !== "member") return refuse("not-a-member");
  if (member.duesStatus === "lapsed") return refuse("lapsed");
  const database = getDatabase(env.DB);
  const [existing] = await database
    .select({ id: cardDevices.id })
    .from(cardDevices)
    .where(and(eq(cardDevices.memberId, member.id), eq(cardDevices.publicKey, publicKey), isNull(cardDevices.revokedAt)))
    .limit(1);
  if (existing) return renewDevice(env, member, existing.id, publicKey, now);

  const cardId = crypto.randomUUID();
  const expiresIso = new Date(now + CERTIFICATE_DAYS * DAY_MS).toISOString();
  const inserted = await env.DB.prepare(
    `INSERT INTO card_devices (id, member_id, public_key, label, expires_at, last_renewed_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6
     WHERE (SELECT COUNT(*) FROM card_devices WHERE member_id = ?2 AND revoked_at IS NULL) < ?7
       AND EXISTS (SELECT 1 FROM members WHERE id = ?2 AND status = 'active' AND role = 'member' AND sessions_valid_after < ?8)`,
  )
    .bind(cardId, member.id, publicKey, describeDevice(userAgent), expiresIso, new Date(now).toISOString(), MAX_ACTIVE_CARDS, sessionBegan)
    .run();
  if (inserted.meta.changes !== 1) {
    const [still] = await database
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.id, member.id),
          eq(members.status, "active"),
          eq(members.role, "member"),
          lt(members.sessionsValidAfter, sessionBegan),
        ),
      )
      .limit(1);
    return refuse(still ? "too-many-cards" : "signed-out");
  }
  return { ok: true, renewed: false, card: await certificateFor(env, member, cardId, publicKey, now) };
}

/**
 * A fresh certificate for a card the member holds: the card id and the device's public key must
 * match a live row. The public key is no secret, but a certificate is worthless without the
 * private key only that device holds (decision 010), and the session proves the member.
 */
export async function renewDevice(
  env: Env,
  member: MemberRow,
  cardId: string,
  publicKey: string,
  now: number = Date.now(),
): Promise<CardOutcome> {
  // Staff accounts are not admitted by a card (docs/product-rules.md#member-card).
  if (member.role !== "member") return refuse("not-a-member");
  if (member.duesStatus === "lapsed") return refuse("lapsed");
  const database = getDatabase(env.DB);
  const renewed = await database
    .update(cardDevices)
    .set({ expiresAt: new Date(now + CERTIFICATE_DAYS * DAY_MS).toISOString(), lastRenewedAt: new Date(now).toISOString() })
    .where(
      and(
        eq(cardDevices.id, cardId),
        eq(cardDevices.memberId, member.id),
        eq(cardDevices.publicKey, publicKey),
        isNull(cardDevices.revokedAt),
      ),
    )
    .run();
  if (renewed.meta.changes === 1) return { ok: true, renewed: true, card: await certificateFor(env, member, cardId, publicKey, now) };
  const [row] = await database
    .select({ revokedAt: cardDevices.revokedAt })
    .from(cardDevices)
    .where(and(eq(cardDevices.id, cardId), eq(cardDevices.memberId, member.id), eq(cardDevices.publicKey, publicKey)))
    .limit(1);
  return refuse(row?.revokedAt ? "revoked" : "unknown-card");
}

export interface ListedCard {
  id: string;
  label: string;
  createdAt: string;
  lastRenewedAt: string | null;
  revokedAt: string | null;
}

/** The member's cards, newest first: live ones, then the last few revoked. */
export async function listMemberCards(db: D1Database, memberId: string): Promise<ListedCard[]> {
  return getDatabase(db)
    .select({
      id: cardDevices.id,
      label: cardDevices.label,
      createdAt: cardDevices.createdAt,
      lastRenewedAt: cardDevices.lastRenewedAt,
      revokedAt: cardDevices.revokedAt,
    })
    .from(cardDevices)
    .where(eq(cardDevices.memberId, memberId))
    .orderBy(sql`${cardDevices.revokedAt} IS NOT NULL`, desc(cardDevices.createdAt))
    .limit(MAX_ACTIVE_CARDS + 5);
}

/** Revokes one of the member's own live cards; false when it is not theirs or already revoked. */
export async function revokeMemberCard(db: D1Database, memberId: string, cardId: string, now: number = Date.now()): Promise<boolean> {
  const revoked = await getDatabase(db)
    .update(cardDevices)
    .set({ revokedAt: new Date(now).toISOString() })
    .where(and(eq(cardDevices.id, cardId), eq(cardDevices.memberId, memberId), isNull(cardDevices.revokedAt)))
    .run();
  return revoked.meta.changes === 1;
}
