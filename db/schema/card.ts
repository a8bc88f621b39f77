import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * The member card's devices (docs/decisions/010-member-card-credential.md): each installed card
 * holds a key pair it made itself (the private half cannot leave the browser), and the club
 * certifies its public half with the club's signing key. `id` is the certificate's id, written into
 * the certificate; a revoked id is refused at the door once its list has synced.
 */
export const cardDevices = sqliteTable(
  "card_devices",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    /** The device's public key: the uncompressed P-256 point (65 bytes), base64url. */
    publicKey: text("public_key").notNull(),
    /** What the member's browser told us it is ("Safari on iPhone"), for their list of cards. */
    label: text("label").notNull(),
    /** The current certificate's expiry (renewed whenever the card is opened online). */
    expiresAt: text("expires_at").notNull(),
    /** Set when the member or the concierge revokes the card, or the member is suspended. */
    revokedAt: text("revoked_at"),
    lastRenewedAt: text("last_renewed_at"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("card_devices_member").on(table.memberId), index("card_devices_revoked").on(table.revokedAt)],
);
