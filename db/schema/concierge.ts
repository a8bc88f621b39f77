import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * The concierge's notes on a member (docs/product-rules.md#console): added, never edited or
 * deleted, each with its author, like the audit log.
 */
export const memberNotes = sqliteTable(
  "member_notes",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    authorMemberId: text("author_member_id").notNull(),
    note: text("note").notNull(),
    createdAt: utcTimestamp("created_at"),
  },
  (table) => [index("member_notes_member").on(table.memberId, table.createdAt)],
);
