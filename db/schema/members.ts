import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

export const membershipTierSlugs = ["kickback", "business", "platinum"] as const;

/** A member account's role: every role is a member of the club; 'door' and 'concierge' are staff. */
export const staffRoles = ["member", "door", "concierge"] as const;

/**
 * Members of the club. A member is created by the concierge (approving an invitation request) or
 * by an operator script, starts 'invited' until they confirm their email through their single-use
 * invitation link (or link Google through it), and signs in only while 'active'. No password is
 * stored (docs/decisions/008-passwordless-sign-in.md).
 */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    /** Lower-cased; the sign-in identifier and where invitation links are sent. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    tier: text("tier", { enum: membershipTierSlugs }).notNull(),
    /**
     * What the account may do besides being a member: 'concierge' runs the console (and may use the
     * door); 'door' staff see only the door page (docs/product-rules.md#door).
     */
    role: text("role", { enum: staffRoles }).notNull().default("member"),
    status: text("status", { enum: ["invited", "active", "suspended"] })
      .notNull()
      .default("invited"),
    /**
     * Every session started at or before this time (ms since the epoch) has ended: raised on
     * suspension, reactivation, "sign out of all devices", removing a passkey and confirming the
     * email through a new invitation link (docs/security.md#sessions).
     */
    sessionsValidAfter: integer("sessions_valid_after").notNull().default(0),
    /** The random WebAuthn user handle (base64url) passkeys are registered under, once they add one. */
    webauthnUserId: text("webauthn_user_id"),
    /** When the member last proved they read this address (an invitation link or an emailed code). */
    emailConfirmedAt: text("email_confirmed_at"),
    /** Google's stable account id (`sub`), once the member links Google. */
    googleSubject: text("google_subject"),
    pointsBalance: integer("points_balance").notNull().default(0),
    /**
     * The R2 key (MEMBER_PHOTOS) of the photo the concierge added, shown on the member card and at
     * the door; null until one is added (docs/product-rules.md#member-card).
     */
    photoKey: text("photo_key"),
    /**
     * Dues (docs/product-rules.md#dues): active while paid; past_due from a failed renewal for a
     * 14-day grace (until `graceEndsAt`); lapsed after it, or when the subscription ends (member
     * areas closed except billing; the place in the tier frees). Members admitted before dues
     * existed are 'active' with no `paidThrough`.
     */
    duesStatus: text("dues_status", { enum: ["active", "past_due", "lapsed"] })
      .notNull()
      .default("active"),
    /** The end of the paid period: the next renewal. */
    paidThrough: text("paid_through"),
    graceEndsAt: text("grace_ends_at"),
    /** A downgrade chosen for the end of the paid period. */
    pendingTier: text("pending_tier", { enum: membershipTierSlugs }),
    /** The payment provider's customer and subscription (never two subscriptions for one member). */
    paymentCustomerId: text("payment_customer_id"),
    subscriptionId: text("subscription_id"),
    /** Who introduced them ("Your Connection" of the request) and which request, when known. */
    invitedBy: text("invited_by"),
    invitationRequestId: text("invitation_request_id"),
    /** The concierge (member id) who admitted them. */
    admittedBy: text("admitted_by"),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("members_email").on(table.email),
    uniqueIndex("members_google_subject").on(table.googleSubject),
    uniqueIndex("members_webauthn_user_id").on(table.webauthnUserId),
    uniqueIndex("members_subscription_id").on(table.subscriptionId),
    // The console's member list reads members in name order, a page at a time (docs/product-rules.md#members).
    index("members_name").on(table.name, table.id),
    // Redeeming can never take a balance below zero, whatever the concurrency: the batch fails.
    check("members_points_not_negative", sql`${table.pointsBalance} >= 0`),
  ],
);

/** Single-use invitation links (7 days): only the SHA-256 of the token is stored. */
export const memberInvitations = sqliteTable("member_invitations", {
  tokenHash: text("token_hash").primaryKey(),
  memberId: text("member_id").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: utcTimestamp("created_at"),
});
