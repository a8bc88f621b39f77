import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { members } from "./members.ts";

/**
 * Passwordless sign-in (docs/decisions/008-passwordless-sign-in.md, docs/security.md#sessions).
 * Times here are milliseconds since the epoch, compared with members.sessions_valid_after in the
 * same SQL. Nothing stored here opens an account on its own: sessions and codes are kept as keyed
 * or plain hashes, passkeys as public keys.
 */

/**
 * Members' sessions. The cookie holds a random 256-bit token; only its SHA-256 is the key. `id` is
 * a separate random handle the "Sign-in & devices" page uses to end one session.
 */
export const memberSessions = sqliteTable(
  "member_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    id: text("id").notNull().unique(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** How the session began: a passkey, an emailed code, Google or an invitation link. */
    method: text("method", { enum: ["passkey", "code", "google", "invitation"] }).notNull(),
    /** A short description of the browser ("Chrome on macOS"), from its User-Agent. */
    device: text("device").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("member_sessions_member").on(table.memberId), index("member_sessions_expires").on(table.expiresAt)],
);

/** A member's passkeys: the credential id and public key (COSE, base64url) with their counter and backup flags. */
export const memberPasskeys = sqliteTable(
  "member_passkeys",
  {
    /** The credential id (base64url); a credential belongs to one member. */
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The member's name for it ("Chrome on macOS" until they rename it). */
    name: text("name").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** The authenticator's transports as JSON (["internal","hybrid"]), when it reported them. */
    transports: text("transports"),
    deviceType: text("device_type", { enum: ["singleDevice", "multiDevice"] }).notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (table) => [index("member_passkeys_member").on(table.memberId)],
);

/**
 * WebAuthn challenges, single use and 5 minutes long: stored by their SHA-256 and deleted by the
 * statement that uses them. Registration challenges belong to the signed-in member.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    purpose: text("purpose", { enum: ["sign-in", "register"] }).notNull(),
    memberId: text("member_id"),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("webauthn_challenges_expires").on(table.expiresAt)],
);

/**
 * Emailed sign-in codes: one live code per email, keyed by an HMAC of the address, stored as an
 * HMAC of the code, 10 minutes, at most 5 tries, deleted by the statement that accepts it. A row
 * is written for any email asked about, so unknown emails take the same path.
 */
export const signInCodes = sqliteTable(
  "sign_in_codes",
  {
    emailKey: text("email_key").primaryKey(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("sign_in_codes_expires").on(table.expiresAt)],
);
