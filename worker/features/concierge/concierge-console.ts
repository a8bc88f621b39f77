import { and, desc, eq, type SQL } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members, outbox, securityEvents, smsOptIns } from "#db/schema.ts";
import { signingKey, workerConfig } from "#worker/config.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { deliverOutboxMessage, type OutboxMessage } from "#worker/shared/outbox.ts";
import { smsProviderFor } from "#worker/features/sms-invitation/sms-provider-for.ts";

/**
 * What the concierge console reads besides the invitation requests: SMS opt-ins, outbox
 * deliveries and security events, each the newest first and bounded (50 by default).
 */
const DEFAULT_LIMIT = 50;

export type SmsOptInView = typeof smsOptIns.$inferSelect;

export function listSmsOptIns(db: D1Database, limit = DEFAULT_LIMIT): Promise<SmsOptInView[]> {
  return getDatabase(db).select().from(smsOptIns).orderBy(desc(smsOptIns.submittedAt), desc(smsOptIns.id)).limit(limit).all();
}

/** A delivery without its body: bodies carry invitation links and SMS codes, which stay unseen. */
export type OutboxDeliveryView = Omit<OutboxMessage, "body">;

export function listOutboxDeliveries(
  db: D1Database,
  filter: { status?: OutboxMessage["status"] | null; limit?: number } = {},
): Promise<OutboxDeliveryView[]> {
  return getDatabase(db)
    .select({
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
    })
    .from(outbox)
    .where(filter.status ? eq(outbox.status, filter.status) : undefined)
    .orderBy(desc(outbox.id))
    .limit(filter.limit ?? DEFAULT_LIMIT)
    .all();
}

/**
 * 'Retry now' for a failed delivery, over its own channel: email through the EMAIL binding, SMS
 * through the configured provider (as the retry cron does). Anything but a failed message is
 * 'skipped'; deliverOutboxMessage's claim also keeps the cron from sending it at the same time.
 */
export async function retryFailedDelivery(
  env: Env,
  id: number,
  now: number = Date.now(),
): Promise<"sent" | "failed" | "rejected" | "skipped"> {
  const message = await getDatabase(env.DB)
    .select({ channel: outbox.channel, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.id, id))
    .get();
  if (message?.status !== "failed") return "skipped";
  const config = workerConfig(env);
  const send = message.channel === "email" ? emailSender(env.EMAIL, config.EMAIL_FROM, signingKey(config)) : smsProviderFor(config, env).send;
  return deliverOutboxMessage(env.DB, id, send, now);
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
