import { Hono } from "hono";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { checkDeliveries } from "./delivery-health.ts";
import { checkStorage } from "./storage-health.ts";

export const health = new Hono<AppBindings>();

/**
 * 200 when D1 and KV answer and email and SMS are getting out; 503 otherwise, with `reasons` in
 * plain words for whoever the monitor wakes (docs/operators.md#deliveries-that-need-attention).
 */
health.get("/", async (c) => {
  const { config } = c.var.requestContext;
  const [status, delivery] = await Promise.all([
    checkStorage(c.env),
    checkDeliveries(c.env.DB, config.DELIVERY_ALERT_MINUTES).catch((error: unknown) => {
      console.error("health: deliveries could not be read", error);
      return null;
    }),
  ]);
  const reasons = [
    ...(status.d1 ? [] : ["the database (D1) does not answer"]),
    ...(status.kv ? [] : ["the rate-limit store (KV) does not answer"]),
    ...(delivery ? delivery.reasons : status.d1 ? ["the outbox could not be read"] : []),
  ];
  const ok = reasons.length === 0;
  c.header("Cache-Control", "no-store");
  return c.json({ ok, ...status, deliveries: delivery?.deliveries ?? null, reasons }, ok ? 200 : 503);
});
