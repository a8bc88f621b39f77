// @ts-expect-error -- runs in workerd (wrangler dev), not in Node: the scripts' types have no `cloudflare:workers`.
import { WorkerEntrypoint } from "cloudflare:workers";

/**
 * Stands in for the EMAIL binding in the load runs (server.mjs binds it as a service): the same
 * `send(message)` the site calls on Cloudflare Email Service, forwarded to the load script's fake
 * provider (fake-providers.mjs), which fails some deliveries on purpose and counts the others.
 * A failure throws, as the real binding does, so the outbox marks the message failed.
 */
export class EmailAdapter extends WorkerEntrypoint {
  /**
   * @param {unknown} ctx
   * @param {{ EMAIL_RECORDER_URL: string }} env
   */
  constructor(ctx, env) {
    super(ctx, env);
    this.recorderUrl = env.EMAIL_RECORDER_URL;
  }

  /** @param {{ from: string; to: string; subject: string; html: string }} message */
  async send(message) {
    const response = await fetch(this.recorderUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ from: message.from, to: message.to, subject: message.subject, html: message.html }),
    });
    if (!response.ok) throw new Error(`email provider answered ${response.status}`);
    return { messageId: (await response.json()).messageId };
  }
}

export default {
  fetch() {
    return new Response("The load test's email adapter answers RPC only.", { status: 404 });
  },
};
