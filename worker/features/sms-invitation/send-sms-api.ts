import { Hono } from "hono";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { type RefusalBody, limitBody, readJsonBody, requireJson } from "#worker/http/guards.ts";
import { sendSmsCode } from "./send-sms-code.ts";

/**
 * POST /api/send-sms (docs/product-rules.md#sms-invitation): the JSON face of sendSmsCode, the
 * service the /sms-invitation page's form calls too.
 */
export const sendSmsApi = new Hono<AppBindings>();

/** Every refusal of this endpoint reads {success: false, error}, the shape the browser reads. */
const refusal: RefusalBody = (text) => ({ success: false, error: text });

sendSmsApi.post("/", limitBody(4 * 1024, refusal), requireJson(refusal), async (c) => {
  const outcome = await sendSmsCode(c.var.requestContext, await readJsonBody(c));
  if (outcome.sent) return c.json({ success: true });
  if (outcome.retryAfterSeconds !== undefined) c.header("Retry-After", String(outcome.retryAfterSeconds));
  return c.json({ ...refusal(outcome.error), ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}) }, outcome.status);
});
