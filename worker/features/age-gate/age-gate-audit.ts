import { getDatabase } from "#db/client.ts";
import { ageGateAnswers } from "#db/schema.ts";

export type AgeGateAuditAnswer = (typeof ageGateAnswers.$inferInsert)["answer"];

/** Stores one answer of the age gate; the user agent is cut to a sane length, nothing else kept. */
export async function recordAgeGateAnswer(
  db: D1Database,
  entry: { sessionId: string; answer: AgeGateAuditAnswer; userAgent: string | null },
): Promise<void> {
  await getDatabase(db)
    .insert(ageGateAnswers)
    .values({ sessionId: entry.sessionId, answer: entry.answer, userAgent: (entry.userAgent ?? "").slice(0, 512) });
}
