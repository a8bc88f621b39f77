import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * Every charge, payment and refund of a member's dues, whether the payment provider or a concierge
 * at the lounge recorded it (docs/product-rules.md#dues). Amounts are positive integer cents; the
 * kind says which way the money went. `externalId` (the provider's invoice or refund id, or
 * a recorded payment's own id) is unique, so a webhook delivered twice writes one entry.
 */
export const duesLedger = sqliteTable(
  "dues_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: text("member_id").notNull(),
    kind: text("kind", { enum: ["charge", "payment", "refund"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    method: text("method", { enum: ["stripe", "card_terminal", "check", "cash"] }).notNull(),
    externalId: text("external_id").notNull(),
    /** The concierge who recorded it at the lounge; null for the provider's. */
    recordedBy: text("recorded_by"),
    occurredAt: text("occurred_at").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [
    uniqueIndex("dues_ledger_external_id").on(table.externalId),
    index("dues_ledger_member").on(table.memberId, table.occurredAt),
    // The console's quarter of dues and its payments export read the ledger by date.
    index("dues_ledger_occurred_at").on(table.occurredAt),
    check("dues_ledger_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * Payment-provider webhook events already processed: the id is inserted in the same D1 batch as
 * the event's effect, so a duplicate delivery fails that batch's insert and changes nothing.
 */
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: utcTimestamp("received_at"),
});
