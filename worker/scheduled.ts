import { workerConfig } from "./config";
import { emailSender } from "./services/email/send-email";
import { deliverDueOutboxMessages } from "./services/outbox";
import { smsProviderFor } from "./services/sms/sms-provider-for";
import { deleteEndedStrictCounts } from "./services/strict-counter";

/**
 * The cron trigger (wrangler.toml, every minute): retries outbox deliveries that failed or never
 * ran, on both channels, and clears strict-limit windows that have ended.
 */
export async function retryOutboxDeliveries(env: Env, now: number = Date.now()): Promise<void> {
  const config = workerConfig(env);
  const email = await deliverDueOutboxMessages(env.DB, "email", emailSender(env.EMAIL, config.EMAIL_FROM), now);
  const sms = await deliverDueOutboxMessages(env.DB, "sms", smsProviderFor(config, env).send, now);
  await deleteEndedStrictCounts(env.DB, now);
  const results = [...email, ...sms];
  if (results.length > 0) console.info("outbox retry", { attempted: results.length, sent: results.filter((result) => result === "sent").length });
}
