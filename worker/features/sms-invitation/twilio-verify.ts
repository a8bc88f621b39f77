import { z } from "zod";
import { RejectedDeliveryError } from "#worker/shared/outbox.ts";
import type { SmsProvider } from "./sms-provider.ts";

/**
 * Twilio Verify over its REST API with fetch (Twilio's Node SDK does not run on Workers).
 * Twilio generates, sends, expires (10 minutes) and checks the code; our outbox row only records
 * that a code was asked for, never the code.
 * https://www.twilio.com/docs/verify/api/verification and …/verification-check
 */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  apiBase: string;
}

const twilioError = z.object({ code: z.number().optional(), message: z.string().optional() });
const verificationCheck = z.object({ status: z.string() });

/** Twilio errors that will not change on a retry: the number, or this number's sends, are refused. */
const REFUSED_FOR_GOOD = new Set([
  60200, // Invalid parameter (the To number)
  60203, // Max send attempts reached
  60205, // SMS is not supported by landline phone number
  60410, // Verification delivery attempt blocked (Fraud Guard)
  60605, // Verification delivery attempt blocked (geo permissions)
]);
const MAX_CHECK_ATTEMPTS = 60202;

export function twilioVerifyProvider(settings: TwilioSettings): SmsProvider {
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${settings.apiBase.replace(/\/$/, "")}/Services/${settings.serviceSid}/${path}`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(10_000),
    });

  return {
    name: "twilio",
    async prepareCode(phone) {
      return {
        channel: "sms",
        recipient: phone.e164,
        subject: "Invitation code",
        body: "Verification code requested from Twilio Verify (Twilio writes and sends the code).",
      };
    },
    async send(message) {
      const response = await post("Verifications", { To: message.recipient, Channel: "sms" });
      if (response.ok) return;
      const error = await readTwilioError(response);
      const detail = `Twilio Verify ${response.status}${error.code ? ` (${error.code})` : ""}: ${error.message ?? "no message"}`;
      if (error.code !== undefined && REFUSED_FOR_GOOD.has(error.code)) throw new RejectedDeliveryError(detail);
      throw new Error(detail);
    },
    async checkCode(phone, code) {
      const response = await post("VerificationCheck", { To: phone.e164, Code: code });
      if (response.ok) {
        const check = verificationCheck.safeParse(await response.json().catch(() => null));
        if (!check.success) throw new Error("Twilio Verify answered a check with an unexpected body");
        return check.data.status === "approved" ? "approved" : "wrong";
      }
      const error = await readTwilioError(response);
      // 404: no pending verification (never sent, expired, or already approved). Answered like a
      // wrong code, so the answer never reveals whether the number was seen before.
      if (response.status === 404) return "wrong";
      if (error.code === MAX_CHECK_ATTEMPTS) return "too_many_attempts";
      if (error.code === 60200) return "wrong";
      throw new Error(`Twilio Verify check ${response.status}${error.code ? ` (${error.code})` : ""}`);
    },
  };
}

async function readTwilioError(response: Response) {
  const parsed = twilioError.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : {};
}
