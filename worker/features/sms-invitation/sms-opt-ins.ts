import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { smsOptIns } from "#db/schema.ts";
import { outboxInsert, type OutboxDraft } from "#worker/shared/outbox.ts";
import type { UsPhoneNumber } from "./us-phone-number.ts";

/**
 * Stores the opt-in (the 10 digits, submitted_at, status 'sent') and the message that
 * carries the code in one D1 batch, before anything is sent (store first, deliver after).
 */
export async function storeSmsOptIn(db: D1Database, phone: UsPhoneNumber, message: OutboxDraft) {
  const database = getDatabase(db);
  const [[optIn], [queued]] = await database.batch([
    database.insert(smsOptIns).values({ phoneNumber: phone.national, status: "sent" }).returning({ id: smsOptIns.id }),
    outboxInsert(db, message),
  ]);
  return { optInId: optIn!.id, outboxId: queued!.id };
}

/** The provider refused the number for good: the opt-in stays, marked so no one counts it as sent. */
export async function markSmsOptInRejected(db: D1Database, optInId: number): Promise<void> {
  await getDatabase(db).update(smsOptIns).set({ status: "rejected" }).where(eq(smsOptIns.id, optInId));
}

/**
 * The visitor entered the right code: the newest opt-in sent to the number becomes verified (the
 * number is theirs). Its id, which the SMS-verified cookie carries, or null when no opt-in for the
 * number was ever stored.
 */
export async function markSmsOptInVerified(db: D1Database, phone: UsPhoneNumber, now: number = Date.now()): Promise<number | null> {
  const database = getDatabase(db);
  const newest = database
    .select({ id: smsOptIns.id })
    .from(smsOptIns)
    .where(and(eq(smsOptIns.phoneNumber, phone.national), eq(smsOptIns.status, "sent")))
    .orderBy(desc(smsOptIns.id))
    .limit(1);
  const [verified] = await database
    .update(smsOptIns)
    .set({ verifiedAt: new Date(now).toISOString() })
    .where(eq(smsOptIns.id, newest))
    .returning({ id: smsOptIns.id });
  return verified?.id ?? null;
}

/** A verified opt-in that has not yet become an invitation request: its number, for the shorter request. */
export async function findUnlinkedVerifiedOptIn(db: D1Database, optInId: number): Promise<{ optInId: number; phoneNumber: string } | null> {
  const optIn = await getDatabase(db)
    .select({ optInId: smsOptIns.id, phoneNumber: smsOptIns.phoneNumber })
    .from(smsOptIns)
    .where(and(eq(smsOptIns.id, optInId), isNotNull(smsOptIns.verifiedAt), isNull(smsOptIns.requestId)))
    .get();
  return optIn ?? null;
}

/**
 * Links a verified opt-in to the invitation request it became, for the request's own D1 batch.
 * It writes only while request_id is still empty, so one verification becomes one request even
 * when two requests race: the statement returns the opt-in's id to the one that linked it and
 * nothing to the other.
 */
export function linkOptInToRequest(db: D1Database, optInId: number, requestId: string) {
  return getDatabase(db)
    .update(smsOptIns)
    .set({ requestId })
    .where(and(eq(smsOptIns.id, optInId), isNotNull(smsOptIns.verifiedAt), isNull(smsOptIns.requestId)))
    .returning({ id: smsOptIns.id });
}
