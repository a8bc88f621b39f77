import { and, asc, count, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { invitationRequests, members, outbox, securityEvents, smsOptIns } from "#db/schema.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { deliverOutboxMessage, type DeliveryOutcome, type OutboxMessage, type OutboxSender } from "#worker/shared/outbox.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { smsProviderFor } from "#worker/features/sms-invitation/sms-provider-for.ts";

/**
 * What the concierge console reads besides the invitation requests: SMS opt-ins, outbox
 * deliveries and security events, each the newest first and bounded (50 by default), and the
 * deliveries that need attention, the oldest first; and the console's actions on deliveries.
 */
const DEFAULT_LIMIT = 50;

/** An opt-in with, when its verified visitor went on to request an invitation, that request's email (to find its card). */
export type SmsOptInView = typeof smsOptIns.$inferSelect & { requestEmail: string | null };

export function listSmsOptIns(db: D1Database, limit = DEFAULT_LIMIT): Promise<SmsOptInView[]> {
  return getDatabase(db)
    .select({ ...getTableColumns(smsOptIns), requestEmail: invitationRequests.email })
    .from(smsOptIns)
    .leftJoin(invitationRequests, eq(invitationRequests.id, smsOptIns.requestId))
    .orderBy(desc(smsOptIns.submittedAt), desc(smsOptIns.id))
    .limit(limit)
    .all();
}

/** A delivery without its body: bodies carry invitation links and SMS codes, which stay unseen. */
export type OutboxDeliveryView = Omit<OutboxMessage, "body" | "capped">;

const deliveryColumns = {
  id: outbox.id,
  channel: outbox.channel,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  nextAttemptAt: outbox.nextAttemptAt,
  createdAt: outbox.createdAt,
  updatedAt: outbox.updatedAt,
  sentAt: outbox.sentAt,
};

export function listOutboxDeliveries(
  db: D1Database,
  filter: { status?: OutboxMessage["status"] | null; limit?: number } = {},
): Promise<OutboxDeliveryView[]> {
  return getDatabase(db)
    .select(deliveryColumns)
    .from(outbox)
    .where(filter.status ? eq(outbox.status, filter.status) : undefined)
    .orderBy(desc(outbox.id))
    .limit(filter.limit ?? DEFAULT_LIMIT)
    .all();
}

/** The deliveries a person must look at (docs/operators.md#deliveries-that-need-attention). */
export interface DeliveriesNeedingAttention {
  /** All of them, even past the list's limit. */
  count: number;
  /** The oldest first: the one waiting longest heads the list. */
  deliveries: OutboxDeliveryView[];
}

export async function listDeliveriesNeedingAttention(db: D1Database, limit = DEFAULT_LIMIT): Promise<DeliveriesNeedingAttention> {
  const database = getDatabase(db);
  const waiting = eq(outbox.status, "needs_attention");
  // One round trip for the console's first screen: the count and the list together.
  const [[counted], deliveries] = await database.batch([
    database.select({ count: count() }).from(outbox).where(waiting),
    database.select(deliveryColumns).from(outbox).where(waiting).orderBy(asc(outbox.id)).limit(limit),
  ]);
  return { count: counted?.count ?? 0, deliveries };
}

/**
 * A concierge's 'Retry' of a delivery that failed or needs attention: it is claimed and sent at
 * once over its own channel (email through the EMAIL binding, SMS through the configured
 * provider, as the retry cron does), by the same claim that keeps the cron from sending it at
 * the same time. One that fails again counts its attempt, so an email that needed attention
 * needs it again, with the new error. Any other message is 'skipped'. Audited as
 * delivery_retried, whatever came of it.
 */
export async function retryDelivery(
  { env, config, signingKey, logSecurityEvent: log }: RequestContext,
  conciergeId: string,
  id: number,
  now: number = Date.now(),
): Promise<DeliveryOutcome> {
  const email = emailSender(env.EMAIL, config.EMAIL_FROM, signingKey);
  const sms = smsProviderFor(config, env).send;
  const send: OutboxSender = (message) => (message.channel === "email" ? email : sms)(message);
  const outcome = await deliverOutboxMessage(env.DB, id, send, now, ["failed", "needs_attention"]);
  log({
    eventType: "delivery_retried",
    severity: "low",
    description: "a concierge retried a delivery",
    userId: conciergeId,
    details: { outboxId: id, outcome },
  });
  return outcome;
}

/**
 * A concierge's 'Stop trying' for a delivery that needs attention (an address that will never
 * take it): marked abandoned, never retried, and no longer counted as needing attention or as
 * undelivered by the health check. Audited as delivery_abandoned.
 */
export async function abandonDelivery(
  { env, logSecurityEvent: log }: RequestContext,
  conciergeId: string,
  id: number,
  now: number = Date.now(),
): Promise<"abandoned" | "skipped"> {
  const [abandoned] = await getDatabase(env.DB)
    .update(outbox)
    .set({ status: "abandoned", nextAttemptAt: null, updatedAt: new Date(now).toISOString() })
    .where(and(eq(outbox.id, id), eq(outbox.status, "needs_attention")))
    .returning({ id: outbox.id });
  if (!abandoned) return "skipped";
  log({
    eventType: "delivery_abandoned",
    severity: "medium",
    description: "a concierge stopped the retries of a delivery",
    userId: conciergeId,
    details: { outboxId: id },
  });
  return "abandoned";
}

export interface SecurityEventView {
  id: number;
  eventType: string;
  severity: (typeof securityEvents.$inferSelect)["severity"];
  description: string;
  userId: string | null;
  /** The member's name when the event names a member. */
  memberName: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export function listSecurityEvents(
  db: D1Database,
  filter: { severity?: SecurityEventView["severity"] | null; eventType?: string | null; limit?: number } = {},
): Promise<SecurityEventView[]> {
  const conditions: SQL[] = [];
  if (filter.severity) conditions.push(eq(securityEvents.severity, filter.severity));
  if (filter.eventType) conditions.push(eq(securityEvents.eventType, filter.eventType));
  return getDatabase(db)
    .select({
      id: securityEvents.id,
      eventType: securityEvents.eventType,
      severity: securityEvents.severity,
      description: securityEvents.description,
      userId: securityEvents.userId,
      memberName: members.name,
      metadata: securityEvents.metadata,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(members, eq(members.id, securityEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(securityEvents.id))
    .limit(filter.limit ?? DEFAULT_LIMIT)
    .all();
}

/** The event types present in the log, for the console's filter. */
export async function securityEventTypes(db: D1Database): Promise<string[]> {
  const rows = await getDatabase(db)
    .selectDistinct({ eventType: securityEvents.eventType })
    .from(securityEvents)
    .orderBy(securityEvents.eventType)
    .all();
  return rows.map((row) => row.eventType);
}
