import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { smsProviderFor } from "./sms-provider-for.ts";
import { smsVerifiedCookie } from "./sms-verified-cookie.ts";
import { parseUsPhoneNumber } from "./us-phone-number.ts";
import { limitKey, networkLimits } from "#worker/shared/rate-limit.ts";
import { takeStrictCount, takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { type RefusalBody, limitBody, readJsonBody, requireJson } from "#worker/http/guards.ts";

/**
 * POST /api/verify-sms (docs/product-rules.md#sms-invitation). At most 5 checks per number per 10 minutes, counted
 * strictly and for every number alike (known or not), so the 6th check fails even with the right
 * code and the answers never reveal whether a number was seen before. Success sets the signed,
 * HttpOnly SMS-verified cookie.
 */
export const verifySmsApi = new Hono<AppBindings>();

/** Every refusal of this endpoint reads {success: false, message}, the shape the browser reads. */
const refusal: RefusalBody = (text) => ({ success: false, message: text });

const verifySmsRequest = z.object({
  phoneNumber: z.string().max(32),
  code: z
    .string()
    .max(32)
    .transform((code) => code.trim()),
});

export const WRONG_CODE_MESSAGE = "That's not the right code. Check your messages.";
const PER_PHONE = { max: 5, windowMs: 10 * 60_000 };
const PER_NETWORK = { max: 20, windowMs: 15 * 60_000 };

verifySmsApi.post("/", limitBody(4 * 1024, refusal), requireJson(refusal), async (c) => {
  const { config, signingKey, clientNetwork, logSecurityEvent: log } = c.var.requestContext;

  const parsed = verifySmsRequest.safeParse(await readJsonBody(c));
  const phone = parsed.success ? parseUsPhoneNumber(parsed.data.phoneNumber) : null;
  if (!parsed.success || !phone || !/^\d{6}$/.test(parsed.data.code)) {
    log({ eventType: "input_validation_fail", severity: "low", description: "SMS code check refused: malformed number or code" });
    return c.json(refusal("Enter the 6-digit code from your SMS."), 400);
  }

  const network = await takeStrictCounts(
    c.env.DB,
    await networkLimits(signingKey, "sms-check:network", clientNetwork, PER_NETWORK.max * config.FORM_RATE_LIMIT_MULTIPLIER),
    PER_NETWORK.windowMs,
  );
  const perPhone = network.allowed
    ? await takeStrictCount(c.env.DB, await limitKey(signingKey, "sms-check:phone", phone.e164), PER_PHONE.max, PER_PHONE.windowMs)
    : network;
  if (!perPhone.allowed) {
    if (perPhone.firstRefusal) {
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "SMS code checks over the limit" });
    }
    c.header("Retry-After", String(perPhone.retryAfterSeconds));
    return c.json(refusal("Too many attempts. Please wait 10 minutes, then request a new code."), 429);
  }

  const provider = smsProviderFor(config, c.env);
  const result = await provider.checkCode(phone, parsed.data.code).catch((error: unknown) => {
    console.error("SMS: the code check failed", error);
    return "unavailable" as const;
  });
  if (result === "unavailable") {
    log({ eventType: "sms_verify_fail", severity: "high", description: `${provider.name} could not check a code` });
    return c.json(refusal("Verification is unavailable right now."), 502);
  }
  if (result === "too_many_attempts") {
    log({
      eventType: "excess_rate_limit_exceeded",
      severity: "medium",
      description: `${provider.name} refused further checks for a number`,
    });
    return c.json(refusal("Too many attempts. Please wait 10 minutes, then request a new code."), 429);
  }
  if (result === "wrong") {
    log({ eventType: "sms_verify_fail", severity: "medium", description: "wrong, expired or used SMS code" });
    return c.json(refusal(WRONG_CODE_MESSAGE), 400);
  }

  log({ eventType: "sms_verify_success", severity: "low", description: "SMS invitation verified" });
  c.header("Set-Cookie", await smsVerifiedCookie(config.ENVIRONMENT, signingKey));
  return c.json({ success: true, message: "Welcome to the Inner Circle!" });
});
