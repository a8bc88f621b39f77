import { and, count, eq, gt, inArray, min, or } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { outbox } from "#db/schema.ts";
import { SMS_MAX_AGE_MS, type OutboxStatus } from "#worker/shared/outbox.ts";

/**
 * Whether email and SMS are getting out, for GET /api/health (docs/operators.md#deliveries-that-need-attention).
 * A message is undelivered while it is still to be sent or waits for a person; sent, rejected,
 * expired and abandoned messages are done, however they ended.
 */
const UNDELIVERED: OutboxStatus[] = ["pending", "sending", "failed", "needs_attention"];
const MINUTE = 60_000;

export interface DeliveryHealth {
  /** Whole minutes the oldest undelivered message has waited since it was stored; null when none waits. */
  oldestUndeliveredMinutes: number | null;
  needAttention: number;
}

/**
 * One query, answered from the index on (status, created_at) alone: it reads the undelivered
 * messages' index entries and those of SMS that expired in the last SMS_MAX_AGE_MS + `alertMinutes`
 * (none on a good day), never the table of sent ones. Deliveries are unhealthy when a message has
 * waited longer than `alertMinutes`, or when an SMS expired unsent that recently: an SMS expires
 * (SMS_MAX_AGE_MS) before it could wait that long, so an SMS outage would otherwise never show
 * (docs/operators.md#deliveries-that-need-attention). `reasons` says so in an operator's words,
 * and names the emails the retries gave up on (which have always waited longer than the limit:
 * five tries take two and a half hours). Empty when healthy.
 */
export async function checkDeliveries(
  db: D1Database,
  alertMinutes: number,
  now: number = Date.now(),
): Promise<{ deliveries: DeliveryHealth; reasons: string[] }> {
  const expiredWindowMinutes = SMS_MAX_AGE_MS / MINUTE + alertMinutes;
  const expiredSince = new Date(now - expiredWindowMinutes * MINUTE).toISOString();
  const rows = await getDatabase(db)
    .select({ status: outbox.status, oldest: min(outbox.createdAt), count: count() })
    .from(outbox)
    // Only SMS expire (worker/shared/outbox.ts), so the status alone names them.
    .where(or(inArray(outbox.status, UNDELIVERED), and(eq(outbox.status, "expired"), gt(outbox.createdAt, expiredSince))))
    .groupBy(outbox.status)
    .all();
  const undelivered = rows.filter((row) => row.status !== "expired");
  const expired = rows.find((row) => row.status === "expired")?.count ?? 0;
  const oldest = undelivered.reduce<string | null>(
    (first, row) => (row.oldest && (!first || row.oldest < first) ? row.oldest : first),
    null,
  );
  const waitedMs = oldest === null ? null : Math.max(0, now - Date.parse(oldest));
  const deliveries: DeliveryHealth = {
    oldestUndeliveredMinutes: waitedMs === null ? null : Math.floor(waitedMs / MINUTE),
    needAttention: rows.find((row) => row.status === "needs_attention")?.count ?? 0,
  };
  const reasons: string[] = [];
  if (waitedMs !== null && waitedMs > alertMinutes * MINUTE) {
    reasons.push(
      `a message has waited ${deliveries.oldestUndeliveredMinutes} minutes to be delivered (the limit is ${alertMinutes}): email or SMS is not getting out`,
    );
    if (deliveries.needAttention > 0)
      reasons.push(
        deliveries.needAttention === 1
          ? "1 email needs attention in the concierge console: the retries gave up on it"
          : `${deliveries.needAttention} emails need attention in the concierge console: the retries gave up on them`,
      );
  }
  if (expired > 0)
    reasons.push(
      `${expired === 1 ? "1 SMS code" : `${expired} SMS codes`} expired unsent in the last ${expiredWindowMinutes} minutes: SMS is not getting out`,
    );
  return { deliveries, reasons };
}
