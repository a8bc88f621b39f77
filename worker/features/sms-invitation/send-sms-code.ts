import { z } from "zod";
import type { RequestContext } from "#worker/http/request-context.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { limitKey, networkLimits } from "#worker/shared/rate-limit.ts";
import { takeStrictCount, takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { smsProviderFor } from "./sms-provider-for.ts";
import { markSmsOptInRejected, storeSmsOptIn } from "./sms-opt-ins.ts";
import { parseUsPhoneNumber } from "./us-phone-number.ts";

/**
 * Sending an invitation code (docs/product-rules.md#sms-invitation), the one service behind
 * POST /api/send-sms and the /sms-invitation page's form: validate, then the strict limits, then
 * store the opt-in and its message, then deliver. An SMS costs money, so the limits hold under
 * concurrency (D1 counters) and come before any provider call: per network (and its IPv6 /48), per
 * number, and a daily ceiling across everyone. The answer is the same for every number the
 * provider accepts: it never says whether a number was seen before.
 */
export type SendSmsCodeOutcome =
  | { sent: true }
  | {
      sent: false;
      status: 400 | 429 | 502;
      error: string;
      /** Set when the request was well formed but the number is one the site never accepts: shown under the field. */
      fieldErrors?: { phoneNumber: string };
      retryAfterSeconds?: number;
    };

const sendSmsRequest = z.object({
  phoneNumber: z.string().max(32),
  type: z.literal("invitation"),
});

const PER_PHONE = { max: 3, windowMs: 10 * 60_000 };
const PER_NETWORK = { max: 5, windowMs: 15 * 60_000 };
const TOO_MANY = "Too many requests. Please try again later.";
/** Canada and the Caribbean (which share +1), toll-free and premium-rate numbers, and impossible ones. */
const US_MOBILE_ONLY = "US mobile numbers only";

export async function sendSmsCode(context: RequestContext, body: unknown): Promise<SendSmsCodeOutcome> {
  const { env, config, signingKey, clientNetwork, logSecurityEvent: log } = context;

  const parsed = sendSmsRequest.safeParse(body);
  const phone = parsed.success ? parseUsPhoneNumber(parsed.data.phoneNumber) : null;
  if (!phone) {
    log({ eventType: "input_validation_fail", severity: "low", description: "SMS invitation refused: not a valid US number or request" });
    return {
      sent: false,
      status: 400,
      error: "Please enter a valid 10-digit US phone number.",
      ...(parsed.success ? { fieldErrors: { phoneNumber: US_MOBILE_ONLY } } : {}),
    };
  }

  const multiplier = config.FORM_RATE_LIMIT_MULTIPLIER;
  const networks = await networkLimits(signingKey, "sms-send:network", clientNetwork, PER_NETWORK.max * multiplier);
  const network = await takeStrictCounts(env.DB, networks, PER_NETWORK.windowMs);
  const phoneKey = await limitKey(signingKey, "sms-send:phone", phone.e164);
  const perPhone = network.allowed ? await takeStrictCount(env.DB, phoneKey, PER_PHONE.max * multiplier, PER_PHONE.windowMs) : network;
  if (!perPhone.allowed) {
    if (perPhone.firstRefusal) {
      log({
        eventType: "excess_rate_limit_exceeded",
        severity: "medium",
        description: network.allowed ? "SMS sends to one number over the limit" : "SMS sends from one address over the limit",
      });
    }
    return { sent: false, status: 429, error: TOO_MANY, retryAfterSeconds: perPhone.retryAfterSeconds };
  }
  // Counted last, so sends the limits above refuse do not use up the day.
  const day = await takeDailySmsCount(env.DB, signingKey, config.SMS_DAILY_CEILING * multiplier);
  if (!day.allowed) {
    if (day.firstRefusal) {
      log({ eventType: "excess_rate_limit_exceeded", severity: "high", description: "daily ceiling on SMS sends reached" });
    }
    return { sent: false, status: 429, error: TOO_MANY, retryAfterSeconds: day.retryAfterSeconds };
  }

  const provider = smsProviderFor(config, env);
  let stored: Awaited<ReturnType<typeof storeSmsOptIn>>;
  try {
    stored = await storeSmsOptIn(env.DB, phone, await provider.prepareCode(phone));
  } catch (error) {
    log({ eventType: "sms_send_error", severity: "high", description: "SMS opt-in could not be stored" });
    throw error;
  }

  // The first delivery runs now, so a number the provider refuses gets an honest answer. A
  // transient failure stays in the outbox and the cron (every minute) sends it: the visitor was
  // told the code may take 1-2 minutes.
  const outcome = await deliverOutboxMessage(env.DB, stored.outboxId, provider.send).catch((error: unknown) => {
    console.error("SMS: first delivery attempt crashed; the cron will retry", error);
    return "failed" as const;
  });
  if (outcome === "rejected") {
    await markSmsOptInRejected(env.DB, stored.optInId);
    log({
      eventType: "sms_send_fail",
      severity: "medium",
      description: `${provider.name} refused the number`,
      details: { optInId: stored.optInId },
    });
    return { sent: false, status: 502, error: "We could not send a code to this number." };
  }
  log({
    eventType: "sms_send_success",
    severity: "low",
    description: outcome === "failed" ? "SMS stored; first delivery failed, queued for retry" : "SMS invitation code sent",
    details: { optInId: stored.optInId, provider: provider.name },
  });
  return { sent: true };
}

/**
 * The day's SMS sends across everyone, on one strict counter per UTC day (its window ends at the
 * next midnight UTC), so concurrent sends cannot pass the ceiling either.
 */
async function takeDailySmsCount(db: D1Database, signingKey: string, ceiling: number, now: number = Date.now()) {
  const day = new Date(now).toISOString().slice(0, 10);
  const nextMidnight = Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000;
  return takeStrictCount(db, await limitKey(signingKey, "sms-send:day", day), ceiling, nextMidnight - now, now);
}
