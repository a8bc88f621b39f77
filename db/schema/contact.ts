import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * Messages to the concierge from the contact form (docs/product-rules.md#contact), stored before
 * the acknowledgement is queued: visitors and members alike (`memberId` when signed in). The
 * console lists them; a concierge marks one answered (who and when).
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The signed-in member who wrote, if any. */
    memberId: text("member_id"),
    message: text("message").notNull(),
    createdAt: utcTimestamp("created_at"),
    answeredAt: text("answered_at"),
    answeredBy: text("answered_by"),
  },
  (table) => [index("contact_messages_created_at").on(table.createdAt)],
);
