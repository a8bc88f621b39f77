import { z } from "zod";
import type { RequestContext } from "#worker/http/request-context.ts";
import { limitKey, networkLimits } from "#worker/shared/rate-limit.ts";
import { takeStrictCount, takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { smsProviderFor } from "./sms-provider-for.ts";
import { markSmsOptInVerified } from "./sms-opt-ins.ts";
import { smsVerifiedCookie } from "./sms-verified-cookie.ts";
import { parseUsPhoneNumber } from "./us-phone-number.ts";

/**
 * Checking an invitation code (docs/product-rules.md#sms-invitation), the one service behind
 * POST /api/verify-sms and the /sms-invitation page's form. At most 5 checks per number per 10
 * minutes, counted strictly and for every number alike (known or not), so the 6th check fails even
 * with the right code and the answers never reveal whether a number was seen before. A correct
 * code marks the number's newest opt-in verified and gives the signed, HttpOnly SMS-verified
 * cookie carrying that opt-in's id.
 */
export type VerifySmsCodeOutcome =
  | { verified: true; optInId: number; setCookie: string }
  | { verified: false; status: 400 | 429 | 502; message: string; retryAfterSeconds?: number };

const verifySmsRequest = z.object({
  phoneNumber: z.string().max(32),
  code: z
    .string()
    .max(32)
    .transform((code) => code.trim()),
});

const WRONG_CODE_MESSAGE = "That's not the right code. Check your messages.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait 10 minutes, then request a new code.";
const PER_PHONE = { max: 5, windowMs: 10 * 60_000 };
const PER_NETWORK = { max: 20, windowMs: 15 * 60_000 };

export async function verifySmsCode(context: RequestContext, body: unknown): Promise<VerifySmsCodeOutcome> {
  const { env, config, signingKey, clientNetwork, logSecurityEvent: log } = context;

  const parsed = verifySmsRequest.safeParse(body);
  const phone = parsed.success ? parseUsPhoneNumber(parsed.data.phoneNumber) : null;
  if (!parsed.success || !phone || !/^\d{6}$/.test(parsed.data.code)) {
    log({ eventType: "input_validation_fail", severity: "low", description: "SMS code check refused: malformed number or code" });
    return { verified: false, status: 400, message: "Enter the 6-digit code from your SMS." };
  }

  const network = await takeStrictCounts(
    env.DB,
    await networkLimits(signingKey, "sms-check:network", clientNetwork, PER_NETWORK.max * config.FORM_RATE_LIMIT_MULTIPLIER),
    PER_NETWORK.windowMs,
  );
  const perPhone = network.allowed
    ? await takeStrictCount(env.DB, await limitKey(signingKey, "sms-check:phone", phone.e164), PER_PHONE.max, PER_PHONE.windowMs)
    : network;
  if (!perPhone.allowed) {
    if (perPhone.firstRefusal) {
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "SMS code checks over the limit" });
    }
    return { verified: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: perPhone.retryAfterSeconds };
  }

  const provider = smsProviderFor(config, env);
  const result = await provider.checkCode(phone, parsed.data.code).catch((error: unknown) => {
    console.error("SMS: the code check failed", error);
    return "unavailable" as const;
  });
  if (result === "unavailable") {
    log({ eventType: "sms_verify_fail", severity: "high", description: `${provider.name} could not check a code` });
    return { verified: false, status: 502, message: "Verification is unavailable right now." };
  }
  if (result === "too_many_attempts") {
    log({
      eventType: "excess_rate_limit_exceeded",
      severity: "medium",
      description: `${provider.name} refused further checks for a number`,
    });
    return { verified: false, status: 429, message: TOO_MANY_ATTEMPTS };
  }
  if (result === "wrong") {
    log({ eventType: "sms_verify_fail", severity: "medium", description: "wrong, expired or used SMS code" });
    return { verified: false, status: 400, message: WRONG_CODE_MESSAGE };
  }

  // A code is only ever sent after its opt-in is stored (sendSmsCode), so an approved code without
  // one means the table and the provider disagree: fail loudly rather than verify no one.
  const optInId = await markSmsOptInVerified(env.DB, phone);
  if (optInId === null) throw new Error("SMS: a code was approved for a number with no opt-in stored");
  log({ eventType: "sms_verify_success", severity: "low", description: "SMS invitation verified", details: { optInId } });
  return { verified: true, optInId, setCookie: await smsVerifiedCookie(config.ENVIRONMENT, signingKey, optInId) };
}
