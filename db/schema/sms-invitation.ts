import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

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
