import { signingKey, type WorkerConfig } from "#worker/config.ts";
import { localSmsProvider } from "./local-sms.ts";
import type { SmsProvider } from "./sms-provider.ts";
import { twilioVerifyProvider } from "./twilio-verify.ts";

/** Twilio Verify when it is configured (always in production: worker/config.ts), else the stand-in. */
export function smsProviderFor(config: WorkerConfig, env: Pick<Env, "DB" | "RATE_LIMITS" | "ENVIRONMENT">): SmsProvider {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_VERIFY_SERVICE_SID) {
    return twilioVerifyProvider({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      serviceSid: config.TWILIO_VERIFY_SERVICE_SID,
      apiBase: config.TWILIO_API_BASE,
    });
  }
  return localSmsProvider(env, signingKey(config));
}
