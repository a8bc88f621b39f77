import { eq } from "drizzle-orm";
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
