import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { outbox } from "#db/schema.ts";

export type OutboxMessage = typeof outbox.$inferSelect;
export type OutboxStatus = OutboxMessage["status"];
export type OutboxDraft = Pick<typeof outbox.$inferInsert, "channel" | "recipient" | "subject" | "body">;

/**
 * Sends one message over its channel; throws when the provider fails (the cron retries), or
 * throws a RejectedDeliveryError when the provider refused it for good (no retry).
 */
export type OutboxSender = (message: OutboxMessage) => Promise<void>;

/** The provider will never accept this message (an invalid or blocked number): do not retry. */
export class RejectedDeliveryError extends Error {
  override name = "RejectedDeliveryError";
}

/**
 * Retrying cannot help, but a person can (a sealed link the current key cannot open: the
 * concierge issues a new one): the message goes straight to the console's first screen.
 */
export class DeliveryNeedsAttentionError extends Error {
  override name = "DeliveryNeedsAttentionError";
}

/** What one delivery attempt came to; "skipped" when the message was not this attempt's to claim. */
export type DeliveryOutcome = "sent" | "failed" | "needs_attention" | "rejected" | "expired" | "skipped";

const MINUTE = 60_000;
/**
 * Waits before retry n (1-based). Email: 1 min, 5 min, 30 min, 2 h; its fifth failure needs a
 * person (EMAIL_ATTEMPTS_BEFORE_ATTENTION). An SMS is a code the visitor is waiting for, valid ten
 * minutes from when Twilio Verify sends it, so it is retried every minute until it is too old to
 * send (SMS_MAX_AGE_MS), when the next claim ends it as expired; with the email schedule, an SMS
 * that failed twice waited half an hour (docs/load.md), and a slower step would only leave a dead
 * message waiting, counted as undelivered by the health check.
 */
const RETRY_DELAYS_MS: Record<OutboxMessage["channel"], number[]> = {
  email: [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE],
  sms: [MINUTE],
};
/**
 * An email that failed this many times stops retrying and is marked needs_attention for the
 * concierge console. Five attempts are the first try and the four retries of RETRY_DELAYS_MS:
 * about two and a half hours of a provider that keeps failing. Retrying on, every twelve hours as
 * this schedule once did, left an applicant waiting for an invitation link with nobody told
 * (docs/operators.md#deliveries-that-need-attention).
 */
export const EMAIL_ATTEMPTS_BEFORE_ATTENTION = 5;
/**
 * An SMS older than this (from when it was stored) is never sent: its code, valid ten minutes,
 * would be useless or confusing by then (docs/security.md#delivery).
 */
export const SMS_MAX_AGE_MS = 15 * MINUTE;
const SMS_EXPIRED_ERROR = `not sent: the code would be older than ${SMS_MAX_AGE_MS / MINUTE} minutes`;
/** A claim older than this belongs to a delivery that died mid-way; the cron may take it over. */
const STALE_CLAIM_MS = 10 * MINUTE;

function retryDelayMs(channel: OutboxMessage["channel"], attempts: number): number {
  const delays = RETRY_DELAYS_MS[channel];
  return delays[Math.min(attempts, delays.length) - 1] ?? delays[0]!;
}

/** The outbox insert, to batch with the row it belongs to (store first, deliver after). */
export function outboxInsert(db: D1Database, draft: OutboxDraft) {
  return getDatabase(db).insert(outbox).values(draft).returning({ id: outbox.id });
}

/**
 * Delivers one message at most once at a time: it is claimed with a conditional UPDATE …
 * RETURNING, so the request's own attempt, the retry cron and a concierge's retry never send the
 * same row together. The same statement ends an SMS that is too old as expired, so no attempt
 * can send it after another has given up on it. Success marks it sent; failure marks it failed
 * with the error and the time of the next try, or needs_attention after too many tries; a refusal
 * for good marks it rejected. `claimable` are the statuses this attempt may take a message from
 * (a concierge's retry adds needs_attention).
 */
export async function deliverOutboxMessage(
  db: D1Database,
  id: number,
  send: OutboxSender,
  now: number = Date.now(),
  claimable: readonly OutboxStatus[] = ["pending", "failed"],
): Promise<DeliveryOutcome> {
  const database = getDatabase(db);
  const nowIso = new Date(now).toISOString();
  const staleBefore = new Date(now - STALE_CLAIM_MS).toISOString();
  const tooOld = and(eq(outbox.channel, "sms"), lt(outbox.createdAt, new Date(now - SMS_MAX_AGE_MS).toISOString()));
  const [claimed] = await database
    .update(outbox)
    // CASE: the builder has no conditional value, and the age check must be this statement's,
    // not a read before it. The attempt is counted by the claim itself (no "column plus one"
    // either); an expired SMS was never attempted.
    .set({
      status: sql`CASE WHEN ${tooOld} THEN 'expired' ELSE 'sending' END`,
      attempts: sql`CASE WHEN ${tooOld} THEN ${outbox.attempts} ELSE ${outbox.attempts} + 1 END`,
      lastError: sql`CASE WHEN ${tooOld} THEN ${SMS_EXPIRED_ERROR} ELSE ${outbox.lastError} END`,
      nextAttemptAt: sql`CASE WHEN ${tooOld} THEN NULL ELSE ${outbox.nextAttemptAt} END`,
      updatedAt: nowIso,
    })
    .where(
      and(
        eq(outbox.id, id),
        or(inArray(outbox.status, [...claimable]), and(eq(outbox.status, "sending"), lte(outbox.updatedAt, staleBefore))),
      ),
    )
    .returning();
  if (!claimed) return "skipped";
  if (claimed.status === "expired") return "expired";

  try {
    await send(claimed);
  } catch (error) {
    const lastError = error instanceof Error ? error.message.slice(0, 500) : "delivery failed";
    if (error instanceof RejectedDeliveryError) {
      await database.update(outbox).set({ status: "rejected", lastError, nextAttemptAt: null, updatedAt: nowIso }).where(eq(outbox.id, id));
      return "rejected";
    }
    if (
      error instanceof DeliveryNeedsAttentionError ||
      (claimed.channel === "email" && claimed.attempts >= EMAIL_ATTEMPTS_BEFORE_ATTENTION)
    ) {
      await database
        .update(outbox)
        .set({ status: "needs_attention", lastError, nextAttemptAt: null, updatedAt: nowIso })
        .where(eq(outbox.id, id));
      return "needs_attention";
    }
    await database
      .update(outbox)
      .set({
        status: "failed",
        lastError,
        nextAttemptAt: new Date(now + retryDelayMs(claimed.channel, claimed.attempts)).toISOString(),
        updatedAt: nowIso,
      })
      .where(eq(outbox.id, id));
    return "failed";
  }
  await database.update(outbox).set({ status: "sent", sentAt: nowIso, lastError: null, updatedAt: nowIso }).where(eq(outbox.id, id));
  return "sent";
}

/**
 * At most this many messages per channel per cron run, this many at a time. After an outage the
 * backlog drains at 200 a minute per channel (it was 25, one by one: `npm run load` measured a
 * thousand failed SMS taking ten minutes at 100). A run stays inside a Workers Paid invocation's
 * limits: each message costs one send and two D1 queries, so both channels together make at most
 * 400 sends and about 800 of the 1,000 queries allowed.
 */
const BATCH_LIMIT = 200;
const CONCURRENT_DELIVERIES = 10;

/** The retry cron: every due message of one channel, oldest first, a bounded batch per run. */
export async function deliverDueOutboxMessages(
  db: D1Database,
  channel: OutboxMessage["channel"],
  send: OutboxSender,
  now: number = Date.now(),
  limit = BATCH_LIMIT,
) {
  const nowIso = new Date(now).toISOString();
  const staleBefore = new Date(now - STALE_CLAIM_MS).toISOString();
  const due = await getDatabase(db)
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, channel),
        or(
          and(inArray(outbox.status, ["pending", "failed"]), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, nowIso))),
          and(eq(outbox.status, "sending"), lte(outbox.updatedAt, staleBefore)),
        ),
      ),
    )
    .orderBy(outbox.id)
    .limit(limit);
  const results: Array<DeliveryOutcome | "error"> = new Array(due.length);
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const index = next++;
      // One message's storage error must not stop the others: its claim lapses and a later run
      // takes it over (STALE_CLAIM_MS).
      results[index] = await deliverOutboxMessage(db, due[index]!.id, send, now).catch((error: unknown) => {
        console.error("outbox: delivery bookkeeping failed; a later run retries the message", error);
        return "error" as const;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_DELIVERIES, due.length) }, worker));
  return results;
}
