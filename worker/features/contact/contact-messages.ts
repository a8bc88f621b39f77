import { and, desc, eq, getTableColumns, isNull } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { contactMessages, members } from "#db/schema.ts";
import { CONTACT_ACTION, contactEnvelope, contactMessageSchema, type ContactMessage } from "#app/features/contact/contact-message.ts";
import { fieldErrors as firstErrorPerField, type FieldErrors } from "#app/lib/form-result.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { verifyCaptcha } from "#worker/features/executive-invitation/captcha/verify-captcha.ts";
import { clientAddress } from "#worker/shared/client-address.ts";
import { cappedEmailInsert } from "#worker/shared/email-cap.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { contactAcknowledgementEmail } from "./contact-email.ts";

/** Messages per client network per 15 minutes, as the invitation form allows (docs/security.md#contact-form). */
const MESSAGES_PER_WINDOW = 5;
/**
 * Messages per client network per day sent without a captcha (no JavaScript): each emails an
 * address nobody has proved, so the count is strict (docs/security.md#contact-form).
 */
export const MESSAGES_WITHOUT_CAPTCHA_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The member writing, when signed in: their name is only a suggestion, their email is the member's own. */
export interface ContactSender {
  id: string;
  email: string;
}

export type ContactOutcome =
  /** `acknowledged`: false when the address had its day's capped emails, so no acknowledgement was queued. */
  | { status: "sent"; acknowledged: boolean }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "captcha_failed" };

/**
 * A message to the concierge from /contact (docs/product-rules.md#contact): the KV limit, then
 * validation and the honeypot, then the proof that a person sent it (a signed-in member; else a
 * reCAPTCHA token when the page's script ran; else the strict daily count), then the message and
 * its acknowledgement stored in one batch, delivered after the answer (the cron retries).
 */
export async function sendContactMessage(
  context: RequestContext,
  fields: Record<string, string>,
  member: ContactSender | null,
): Promise<ContactOutcome> {
  const { env, ctx, config, signingKey, clientNetwork, request, logSecurityEvent: log } = context;

  const decision = await checkFormRateLimit(
    env.RATE_LIMITS,
    await networkLimits(signingKey, CONTACT_ACTION, clientNetwork, MESSAGES_PER_WINDOW * config.FORM_RATE_LIMIT_MULTIPLIER),
  );
  if (!decision.allowed) {
    if (decision.firstRefusal)
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "contact messages over the limit" });
    return { status: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  }

  // A member writes from their own address, whatever the form says.
  const parsed = contactMessageSchema.safeParse(member ? { ...fields, email: member.email } : fields);
  const envelope = contactEnvelope.safeParse(fields);
  if (!parsed.success || !envelope.success) {
    const errors = parsed.success ? { form: "Please correct the highlighted fields." } : firstErrorPerField(parsed.error);
    log({
      eventType: "input_validation_fail",
      severity: "low",
      description: "contact message failed validation",
      details: { fields: Object.keys(errors) },
    });
    return { status: "invalid", fieldErrors: errors };
  }
  if (envelope.data.website) {
    // Answer as if accepted, so the bot learns nothing; store and send nothing.
    log({ eventType: "input_validation_fail", severity: "medium", description: "contact honeypot filled" });
    return { status: "sent", acknowledged: true };
  }

  if (!member) {
    const token = envelope.data.captchaToken;
    if (token) {
      const verdict = await verifyCaptcha(config, env, { token, expectedAction: CONTACT_ACTION, remoteIp: clientAddress(request) });
      if (!verdict.success) {
        log({
          eventType: "authn_captcha_fail",
          severity: "medium",
          description: "contact message captcha failed",
          details: { reason: verdict.error, score: verdict.score },
        });
        return { status: "captcha_failed" };
      }
    } else {
      const strict = await takeStrictCounts(
        env.DB,
        await networkLimits(
          signingKey,
          `${CONTACT_ACTION}:no-captcha`,
          clientNetwork,
          MESSAGES_WITHOUT_CAPTCHA_PER_DAY * config.FORM_RATE_LIMIT_MULTIPLIER,
        ),
        DAY_MS,
      );
      if (!strict.allowed) {
        if (strict.firstRefusal) {
          log({
            eventType: "excess_rate_limit_exceeded",
            severity: "medium",
            description: "contact messages without a captcha over the daily limit",
          });
        }
        return { status: "rate_limited", retryAfterSeconds: strict.retryAfterSeconds };
      }
    }
  }

  const outboxId = await storeContactMessage(env.DB, parsed.data, member?.id ?? null);
  log({ eventType: "contact_message_received", severity: "low", description: "contact message stored", userId: member?.id ?? null });
  if (outboxId === null) return { status: "sent", acknowledged: false };
  ctx.waitUntil(
    deliverOutboxMessage(env.DB, outboxId, emailSender(env.EMAIL, config.EMAIL_FROM, signingKey)).catch((error: unknown) =>
      console.error("contact acknowledgement: first delivery attempt crashed; the cron will retry", error),
    ),
  );
  return { status: "sent", acknowledged: true };
}

/**
 * The message and its acknowledgement in one D1 batch: the acknowledgement is never kept without
 * its message, and is queued only under the address's daily cap (worker/shared/email-cap.ts); the
 * message is kept either way. Returns the outbox row to deliver, null when the cap held it back.
 */
export async function storeContactMessage(
  db: D1Database,
  message: ContactMessage,
  memberId: string | null,
  now: number = Date.now(),
): Promise<number | null> {
  const database = getDatabase(db);
  const acknowledgement = contactAcknowledgementEmail();
  const [, [queued]] = await database.batch([
    database.insert(contactMessages).values({ id: crypto.randomUUID(), ...message, memberId, createdAt: new Date(now).toISOString() }),
    cappedEmailInsert(database, { recipient: message.email, subject: acknowledgement.subject, body: acknowledgement.body }, now),
  ]);
  return queued?.id ?? null;
}

export type ContactMessageView = typeof contactMessages.$inferSelect & { answeredByName: string | null };

/** The newest messages first, for the console, with the name of the concierge who answered each. */
export async function listContactMessages(db: D1Database, limit: number): Promise<ContactMessageView[]> {
  return getDatabase(db)
    .select({ ...getTableColumns(contactMessages), answeredByName: members.name })
    .from(contactMessages)
    .leftJoin(members, eq(members.id, contactMessages.answeredBy))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/**
 * 'Mark Answered': records who and when, once (a second concierge, or a second tab, changes
 * nothing), and audits it (docs/operators.md#the-concierge-console).
 */
export async function markContactMessageAnswered(
  { env, logSecurityEvent: log }: RequestContext,
  conciergeId: string,
  messageId: string,
  now: number = Date.now(),
): Promise<"answered" | "skipped"> {
  const [answered] = await getDatabase(env.DB)
    .update(contactMessages)
    .set({ answeredAt: new Date(now).toISOString(), answeredBy: conciergeId })
    .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.answeredAt)))
    .returning({ id: contactMessages.id });
  if (!answered) return "skipped";
  log({
    eventType: "contact_message_answered",
    severity: "low",
    description: "a concierge marked a contact message answered",
    userId: conciergeId,
    details: { messageId },
  });
  return "answered";
}
