import { Hono } from "hono";
import { z } from "zod";
import { invitationEnvelopeSchema } from "#app/features/executive-invitation/invitation-request.ts";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";
import { sendInvitationRequest } from "./send-invitation-request.ts";

/**
 * POST /api/send-executive-invitation (docs/product-rules.md#executive-invitation): the dialog's
 * JSON call. The flow is sendInvitationRequest's, shared with the /executive-access page; here a
 * captcha pass is always required.
 */
export const sendExecutiveInvitationApi = new Hono<AppBindings>();

const envelopeSchema = invitationEnvelopeSchema.extend({
  captchaPass: z.string().min(1).max(1024),
  /** Sent by the browser as the original product did, but never trusted: the pass carries the verified score. */
  recaptchaScore: z.number().optional(),
});

sendExecutiveInvitationApi.post("/", limitBody(16 * 1024), requireJson(), async (c) => {
  const body = await readJsonBody(c);
  const envelope = envelopeSchema.safeParse(body);
  const outcome = await sendInvitationRequest(c.var.requestContext, {
    fields: body,
    website: envelope.data?.website,
    guestReference: envelope.data?.guestReference,
    // A malformed envelope has no pass worth trying: refused as a missing one.
    proof: { kind: "captcha", captchaPass: envelope.data?.captchaPass },
  });
  if (outcome.ok) return c.json({ data: { id: outcome.id, acknowledged: outcome.acknowledged } });
  switch (outcome.reason) {
    case "limited":
      return tooManySubmissions(c, { retryAfterSeconds: outcome.retryAfterSeconds });
    case "captcha":
      return c.json({ error: "Security validation failed" }, 403);
    case "invalid":
      return c.json({ error: "Please correct the highlighted fields.", fieldErrors: outcome.fieldErrors }, 400);
  }
});
