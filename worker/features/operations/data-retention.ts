import { and, inArray, isNotNull, lt, lte } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { ageGateAnswers, invitationRequests, memberSessions, outbox, securityEvents, signInCodes, webauthnChallenges } from "#db/schema.ts";

/**
 * How long the site keeps what it stores, as the privacy policy (/privacy) promises. Every period
 * here is a sentence on that page; change both together.
 */
const DAY = 24 * 60 * 60 * 1000;
export const RETENTION = {
  securityEventsDays: 365,
  ageGateAnswersDays: 365,
  /** Counted from the concierge's decision; requests still waiting for one are kept. */
  decidedInvitationRequestsDays: 730,
  /**
   * Finished messages: delivered, refused for good, expired unsent, or stopped by staff. Those
   * still waiting, or needing a person, are kept until they end one of these ways.
   */
  finishedOutboxMessagesDays: 30,
} as const;

const before = (now: number, days: number) => new Date(now - days * DAY).toISOString();

/**
 * Deletes what is past its retention period, and the sign-in records past their expiry (sessions,
 * WebAuthn challenges, emailed codes: every read refuses them already; this keeps the tables
 * small, docs/security.md#sessions). Run once a day by the cron (scheduled.ts).
 */
export async function deleteExpiredRecords(db: D1Database, now: number = Date.now()): Promise<void> {
  const database = getDatabase(db);
  await database.batch([
    database.delete(securityEvents).where(lt(securityEvents.createdAt, before(now, RETENTION.securityEventsDays))),
    database.delete(ageGateAnswers).where(lt(ageGateAnswers.createdAt, before(now, RETENTION.ageGateAnswersDays))),
    database
      .delete(invitationRequests)
      .where(
        and(
          isNotNull(invitationRequests.decidedAt),
          lt(invitationRequests.decidedAt, before(now, RETENTION.decidedInvitationRequestsDays)),
        ),
      ),
    database
      .delete(outbox)
      .where(
        and(
          inArray(outbox.status, ["sent", "rejected", "expired", "abandoned"]),
          lt(outbox.updatedAt, before(now, RETENTION.finishedOutboxMessagesDays)),
        ),
      ),
    // The sign-in tables keep milliseconds (db/schema/sign-in.ts).
    database.delete(memberSessions).where(lte(memberSessions.expiresAt, now)),
    database.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)),
    database.delete(signInCodes).where(lte(signInCodes.expiresAt, now)),
  ]);
}
