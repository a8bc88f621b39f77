import { index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

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
