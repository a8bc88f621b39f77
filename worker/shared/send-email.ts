import type { OutboxSender } from "./outbox.ts";

/**
 * Sends an outbox email through Cloudflare Email Service (the `send_email` binding EMAIL, which
 * `wrangler dev` simulates). The body is stored as HTML with all user text already escaped.
 */
export function emailSender(email: SendEmail, from: string): OutboxSender {
  return async (message) => {
    await email.send({ from, to: message.recipient, subject: message.subject ?? "(no subject)", html: message.body });
  };
}
