import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { WorkerConfig } from "#worker/config.ts";
import { DeliveryNeedsAttentionError, deliverOutboxMessage, type DeliveryOutcome, type OutboxSender } from "./outbox.ts";
import { UnsealableSecretError, unsealSecrets } from "./sealed-secrets.ts";

/**
 * Sends an outbox email through Cloudflare Email Service (the `send_email` binding EMAIL, which
 * `wrangler dev` simulates). The body is stored as HTML with all user text already escaped, and
 * with any credential in it sealed (sealed-secrets.ts): it is opened here, for this send only, and
 * escaped as it goes in. A credential that cannot be opened (the signing key was rotated) never
 * will be: the message goes to the concierge's first screen instead of being retried.
 */
export function emailSender(email: SendEmail, from: string, signingKey: string): OutboxSender {
  return async (message) => {
    let html: string;
    try {
      html = await unsealSecrets(signingKey, message.body, escapeMarkup);
    } catch (error) {
      if (error instanceof UnsealableSecretError) throw new DeliveryNeedsAttentionError(error.message);
      throw error;
    }
    await email.send({ from, to: message.recipient, subject: message.subject ?? "(no subject)", html });
  };
}

/**
 * Delivers one email a feature has just stored in the outbox (store first, deliver after): the one
 * way to do it outside the cron, which retries whatever this leaves undelivered.
 */
export function deliverEmail(
  { env, config, signingKey }: { env: Pick<Env, "DB" | "EMAIL">; config: Pick<WorkerConfig, "EMAIL_FROM">; signingKey: string },
  outboxId: number,
  now?: number,
): Promise<DeliveryOutcome> {
  return deliverOutboxMessage(env.DB, outboxId, emailSender(env.EMAIL, config.EMAIL_FROM, signingKey), now);
}
