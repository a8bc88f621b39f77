import { Hono } from "hono";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { type RefusalBody, limitBody, readJsonBody, requireJson } from "#worker/http/guards.ts";
import { verifySmsCode } from "./verify-sms-code.ts";

/**
 * POST /api/verify-sms (docs/product-rules.md#sms-invitation): the JSON face of verifySmsCode,
 * the service the /sms-invitation page's form calls too. Success sets the SMS-verified cookie.
 */
export const verifySmsApi = new Hono<AppBindings>();

/** Every refusal of this endpoint reads {success: false, message}, the shape the browser reads. */
const refusal: RefusalBody = (text) => ({ success: false, message: text });

verifySmsApi.post("/", limitBody(4 * 1024, refusal), requireJson(refusal), async (c) => {
  const outcome = await verifySmsCode(c.var.requestContext, await readJsonBody(c));
  if (!outcome.verified) {
    if (outcome.retryAfterSeconds !== undefined) c.header("Retry-After", String(outcome.retryAfterSeconds));
    return c.json(refusal(outcome.message), outcome.status);
  }
  c.header("Set-Cookie", outcome.setCookie);
  return c.json({ success: true, message: "Welcome to the Inner Circle!" });
});
