import { workerConfig } from "./config";
import { emailSender } from "./services/email/send-email";
import { deliverDueOutboxMessages } from "./services/outbox";

/** The cron trigger (wrangler.toml): retries outbox deliveries that failed or never ran. */
export async function retryOutboxDeliveries(env: Env): Promise<void> {
  const config = workerConfig(env);
  const results = await deliverDueOutboxMessages(env.DB, "email", emailSender(env.EMAIL, config.EMAIL_FROM));
  if (results.length > 0) console.info("outbox retry", { attempted: results.length, sent: results.filter((result) => result === "sent").length });
}
