import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

/**
 * SMS opt-ins: the 10-digit number, when it was submitted, and status 'sent'; or
 * 'rejected' when the SMS provider refused the number for good (kept as an audit trail). A
 * verified number may become an invitation request (docs/product-rules.md#sms-invitation).
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
    /** When the visitor entered the right code: the number is then theirs. */
    verifiedAt: text("verified_at"),
    /** The invitation request the verified visitor went on to send (invitation_requests.id). */
    requestId: text("request_id"),
  },
  (table) => [index("sms_opt_ins_phone").on(table.phoneNumber)],
);
