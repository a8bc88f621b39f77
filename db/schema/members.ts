import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

export const membershipTierSlugs = ["kickback", "business", "platinum"] as const;

/**
 * Members of the club. A member is created by the concierge (approving an invitation request) or
 * by an operator script, starts 'invited' until they set a password or link Google through their
 * single-use invitation link, and signs in only while 'active'.
 */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    /** Lower-cased; the sign-in identifier and where invitation links are sent. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    tier: text("tier", { enum: membershipTierSlugs }).notNull(),
    role: text("role", { enum: ["member", "concierge"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: ["invited", "active", "suspended"] })
      .notNull()
      .default("invited"),
    /** `pbkdf2-sha256$<iterations>$<salt>$<hash>`, or null until the member sets one. */
    passwordHash: text("password_hash"),
    /** Google's stable account id (`sub`), once the member links Google. */
    googleSubject: text("google_subject"),
    lockerNumber: text("locker_number"),
    /** The quarter the locker is held for, e.g. "2026-Q4". */
    lockerQuarter: text("locker_quarter"),
    pointsBalance: integer("points_balance").notNull().default(0),
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
