import { and, eq, inArray, isNotNull, lt, lte, notExists, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDatabase } from "#db/client.ts";
import {
  ageGateAnswers,
  applicationEvents,
  contactMessages,
  formIntents,
  invitationRequests,
  memberSessions,
  outbox,
  securityEvents,
  signInCodes,
  sitDownBookings,
  webauthnChallenges,
} from "#db/schema.ts";

/**
 * How long the site keeps what it stores, as the privacy policy (/privacy) promises. Every period
 * here is a sentence on that page; change both together.
 */
const DAY = 24 * 60 * 60 * 1000;
export const RETENTION = {
  securityEventsDays: 365,
  ageGateAnswersDays: 365,
  /**
   * Counted from the concierge's decision; requests still waiting for one, on a waitlist or holding
   * an offer are kept. A repeat submission, the request's history and its sit-down booking go with the request.
   */
  decidedInvitationRequestsDays: 730,
  /**
   * Finished messages: delivered, refused for good, expired unsent, or stopped by staff. Those
   * still waiting, or needing a person, are kept until they end one of these ways.
   */
  finishedOutboxMessagesDays: 30,
  /**
   * Counted from arrival, answered or not: a year lets the concierge look back on a conversation
   * across a season of events and a renewal, no longer (docs/product-rules.md#contact).
   */
  contactMessagesDays: 365,
  /** A form's key outlives any page that could still send it (docs/product-rules.md#a-form-is-one-intent). */
  formIntentsDays: 30,
} as const;

const firstRequest = alias(invitationRequests, "first_request");

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
    database.delete(invitationRequests).where(
      and(
        isNotNull(invitationRequests.decidedAt),
        lt(invitationRequests.decidedAt, before(now, RETENTION.decidedInvitationRequestsDays)),
        // A place still waited for or offered is not finished, however old the decision.
        notInArray(invitationRequests.status, ["waitlisted", "offered"]),
      ),
    ),
    // What belonged to the requests just deleted: the submissions joined to them, then every step of their history.
    database
      .delete(invitationRequests)
      .where(
        and(
          eq(invitationRequests.status, "joined"),
          notExists(database.select({ id: firstRequest.id }).from(firstRequest).where(eq(firstRequest.id, invitationRequests.joinedTo))),
        ),
      ),
    database
      .delete(applicationEvents)
      .where(
        notExists(
          database
            .select({ id: invitationRequests.id })
            .from(invitationRequests)
            .where(eq(invitationRequests.id, applicationEvents.requestId)),
        ),
      ),
    database
      .delete(sitDownBookings)
      .where(
        notExists(
          database
            .select({ id: invitationRequests.id })
            .from(invitationRequests)
            .where(eq(invitationRequests.id, sitDownBookings.requestId)),
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
    database.delete(contactMessages).where(lt(contactMessages.createdAt, before(now, RETENTION.contactMessagesDays))),
    database.delete(formIntents).where(lt(formIntents.createdAt, before(now, RETENTION.formIntentsDays))),
    // The sign-in tables keep milliseconds (db/schema/sign-in.ts).
    database.delete(memberSessions).where(lte(memberSessions.expiresAt, now)),
    database.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)),
    database.delete(signInCodes).where(lte(signInCodes.expiresAt, now)),
  ]);
}
