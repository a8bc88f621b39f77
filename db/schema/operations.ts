import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

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
     * An email that failed too often becomes needs_attention (a concierge retries it or marks it
     * abandoned); an SMS claimed when its code would be too old becomes expired, unsent
     * (docs/operators.md#deliveries-that-need-attention). A TEXT column without a CHECK: a new
     * status needs no migration.
     */
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "rejected", "needs_attention", "abandoned", "expired"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at"),
    createdAt: utcTimestamp("created_at"),
    updatedAt: utcTimestamp("updated_at"),
    sentAt: text("sent_at"),
    /**
     * An email a stranger or an applicant caused (an acknowledgement, a sit-down confirmation): it
     * counts toward its recipient's daily cap and was queued only under it
     * (worker/shared/email-cap.ts, docs/security.md#forms-and-email).
     */
    capped: integer("capped", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    index("outbox_status_next_attempt").on(table.status, table.nextAttemptAt),
    // The cap's count of one recipient's capped emails in the last day, from the index alone.
    index("outbox_capped_recipient_created_at")
      .on(table.recipient, table.createdAt)
      .where(sql`capped = 1`),
    // The health check's oldest undelivered message per status, read from the index alone.
    index("outbox_status_created_at").on(table.status, table.createdAt),
  ],
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

/**
 * One row per form sent (docs/product-rules.md#a-form-is-one-intent): the key the page rendered into
 * the form, with what the form does and to whom. The INSERT that claims a key is the decision, so
 * the same form sent twice (a double tap, a resent page, a second click after success) does its
 * work once. Kept 30 days (data-retention.ts): a page older than that is long gone.
 */
export const formIntents = sqliteTable(
  "form_intents",
  {
    /** `{purpose}:{target}:{key}`: a page's one key names each of its forms apart. */
    id: text("id").primaryKey(),
    purpose: text("purpose").notNull(),
    actorId: text("actor_id").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("form_intents_created_at").on(table.createdAt)],
);
