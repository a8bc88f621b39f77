import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { utcTimestamp } from "../columns.ts";

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
