import type { OutboxDraft, OutboxSender } from "#worker/shared/outbox.ts";
import type { UsPhoneNumber } from "./us-phone-number.ts";

/** How a code check ended. Providers throw when they cannot answer at all. */
export type CodeCheckResult = "approved" | "wrong" | "too_many_attempts";

/**
 * An SMS verification provider: Twilio Verify in production, the labelled local
 * stand-in offline. Sending goes through the outbox (store first, deliver after): `prepareCode`
 * gives the row to store, `send` delivers a stored row (also for the retry cron).
 */
export interface SmsProvider {
  name: "twilio" | "local";
  prepareCode(phone: UsPhoneNumber, now?: number): Promise<OutboxDraft>;
  send: OutboxSender;
  checkCode(phone: UsPhoneNumber, code: string, now?: number): Promise<CodeCheckResult>;
}

/** A code lives 10 minutes (docs/security.md#sms-codes). */
export const CODE_LIFETIME_MS = 10 * 60_000;
