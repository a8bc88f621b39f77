import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The single source of the database schema (conventions §2): `npm run db:generate` writes
// migrations/ from it, and only `wrangler d1 migrations apply` applies them.

/** An ISO-8601 UTC timestamp column that defaults to the time of the insert. */
const utcTimestamp = (column: string) =>
  text(column)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

/** Security events, named with the OWASP logging vocabulary (security guide, "Logging"). */
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
  (table) => [
    index("security_events_created_at").on(table.createdAt),
    index("security_events_type").on(table.eventType),
  ],
);

/**
 * SMS opt-ins (spec §3): the 10-digit number, when it was submitted, and status 'sent'; or
 * 'rejected' when the SMS provider refused the number for good (kept as an audit trail).
 */
export const smsOptIns = sqliteTable(
  "sms_opt_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phoneNumber: text("phone_number").notNull(),
    submittedAt: utcTimestamp("submitted_at"),
    status: text("status", { enum: ["sent", "rejected"] }).notNull().default("sent"),
  },
  (table) => [index("sms_opt_ins_phone").on(table.phoneNumber)],
);

/** Executive invitation requests (spec §3), stored before any email is sent. */
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
    status: text("status", { enum: ["new", "approved", "declined"] }).notNull().default("new"),
    createdAt: utcTimestamp("created_at"),
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
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "rejected"] }).notNull().default("pending"),
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
 * The server-side audit trail of the age gate (issue 3): one row per answer, with the browser's
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
