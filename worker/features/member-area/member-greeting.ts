import { and, count, eq, lt, min, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { memberSessions, rulesAcceptances } from "#db/schema.ts";

/**
 * Whether the member is on their first sign-in (docs/product-rules.md#member-area): they hold one
 * session and nothing shows an earlier one. Sessions are deleted at sign-out and when they expire,
 * so "one session" alone would greet a member back after a month away as a newcomer; the club
 * rules, which every member accepts on their first sign-in and whose acceptances are kept, tell
 * the two apart: accepted before the oldest session began, the member has been here before.
 */
export async function isFirstSignIn(db: D1Database, memberId: string): Promise<boolean> {
  const database = getDatabase(db);
  const sessions = database
    .select({ total: count().as("total"), oldest: min(memberSessions.createdAt).as("oldest") })
    .from(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .as("sessions");
  const [row] = await database
    .select({
      total: sessions.total,
      // Session times are milliseconds since the epoch, acceptances ISO text: compared as ISO text.
      // Drizzle writes the subquery in its own parentheses: `exists (…)`.
      acceptedBefore: sql<number>`exists ${database
        .select({ one: sql`1` })
        .from(rulesAcceptances)
        .where(
          and(
            eq(rulesAcceptances.memberId, memberId),
            lt(rulesAcceptances.acceptedAt, sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sessions.oldest} / 1000.0, 'unixepoch')`),
          ),
        )}`,
    })
    .from(sessions);
  return (row?.total ?? 0) <= 1 && !row?.acceptedBefore;
}
