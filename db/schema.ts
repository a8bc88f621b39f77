import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The single source of the database schema: `npm run db:generate` writes
// migrations/ from it, and only `wrangler d1 migrations apply` applies them.

/** An ISO-8601 UTC timestamp column that defaults to the time of the insert. */
const utcTimestamp = (column: string) =>
  text(column)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

/** Security events, named with the OWASP logging vocabulary (docs/security.md#logging). */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventType: text("event_type").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high"] }).notNull(),
    description: text("description").notNull(),
    userId: text("user_id"),
    /** A keyed hash of the client address, never the address itself. */
    ipHash: text("ip_hash"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("security_events_created_at").on(table.createdAt), index("security_events_type").on(table.eventType)],
);

/**
 * SMS opt-ins: the 10-digit number, when it was submitted, and status 'sent'; or
 * 'rejected' when the SMS provider refused the number for good (kept as an audit trail).
 */
export const smsOptIns = sqliteTable(
  "sms_opt_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phoneNumber: text("phone_number").notNull(),
    submittedAt: utcTimestamp("submitted_at"),
    status: text("status", { enum: ["sent", "rejected"] })
      .notNull()
      .default("sent"),
  },
  (table) => [index("sms_opt_ins_phone").on(table.phoneNumber)],
);

/** Executive invitation requests, stored before any email is sent. */
export const invitationRequests = sqliteTable(
  "invitation_requests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    invitedBy: text("invited_by").notNull(),
    message: text("message").notNull(),
    recaptchaScore: real("recaptcha_score").notNull(),
    status: text("status", { enum: ["new", "approved", "declined"] })
      .notNull()
      .default("new"),
    createdAt: utcTimestamp("created_at"),
    /** The concierge's decision: who decided, when, and the note they left. */
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    decisionNote: text("decision_note"),
    /** The member created when the request was approved. */
    memberId: text("member_id"),
  },
  (table) => [index("invitation_requests_status").on(table.status, table.createdAt)],
);

/** Store first, deliver after: every email or SMS is a row here before it is sent. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    /**
     * pending → sending (claimed by one delivery) → sent; or failed (retried by the cron); or
     * rejected, when the provider refused the message for good (an invalid number): never retried.
     */
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "rejected"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at"),
    createdAt: utcTimestamp("created_at"),
    updatedAt: utcTimestamp("updated_at"),
    sentAt: text("sent_at"),
  },
  (table) => [index("outbox_status_next_attempt").on(table.status, table.nextAttemptAt)],
);

/**
 * The server-side audit trail of the age gate: one row per answer, with the browser's
 * random session id and user agent. No IP address and no other personal data.
 */
export const ageGateAnswers = sqliteTable(
  "age_gate_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").notNull(),
    answer: text("answer", { enum: ["verified", "under_age", "entered"] }).notNull(),
    userAgent: text("user_agent").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("age_gate_answers_created_at").on(table.createdAt)],
);

/**
 * Strict counters for limits that protect money or accounts (SMS sends, code checks, sign-in):
 * one row per key and fixed window, incremented with an atomic INSERT … ON CONFLICT … RETURNING,
 * so concurrent requests can never slip past a limit (KV counters can; see the README).
 */
export const strictCounters = sqliteTable(
  "strict_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** Milliseconds since the epoch at which this window ends and the count starts again. */
    windowEndsAt: integer("window_ends_at").notNull(),
  },
  (table) => [index("strict_counters_window_ends_at").on(table.windowEndsAt)],
);

// ——— Members (docs/operators.md) ———

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

/** Who accepted which version of the club rules, and when. */
export const rulesAcceptances = sqliteTable(
  "rules_acceptances",
  {
    memberId: text("member_id").notNull(),
    rulesVersion: text("rules_version").notNull(),
    acceptedAt: utcTimestamp("accepted_at"),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.rulesVersion] })],
);

/** The daily plus-one whose stick fee is waived: at most one per member per Portland day. */
export const guestWaivers = sqliteTable(
  "guest_waivers",
  {
    memberId: text("member_id").notNull(),
    /** The day in America/Los_Angeles, YYYY-MM-DD. */
    day: text("day").notNull(),
    guestName: text("guest_name").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day] })],
);

export const memberEvents = sqliteTable(
  "member_events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    lounge: text("lounge").notNull(),
    startsAt: text("starts_at").notNull(),
    capacity: integer("capacity").notNull(),
  },
  (table) => [index("member_events_starts_at").on(table.startsAt)],
);

export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: text("event_id").notNull(),
    memberId: text("member_id").notNull(),
    plusOne: integer("plus_one", { mode: "boolean" }).notNull().default(false),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.memberId] })],
);

export const rewardItems = sqliteTable("reward_items", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  pointsCost: integer("points_cost").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
});

export const rewardRedemptions = sqliteTable(
  "reward_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: text("member_id").notNull(),
    itemId: text("item_id").notNull(),
    points: integer("points").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("reward_redemptions_member").on(table.memberId, table.createdAt)],
);

export const partnerVendors = sqliteTable("partner_vendors", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  memberOffer: text("member_offer").notNull(),
  website: text("website"),
});
