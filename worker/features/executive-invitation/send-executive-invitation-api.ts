import { Hono } from "hono";
import { z } from "zod";
import { checkEmail } from "#app/features/executive-invitation/input-checks.ts";
import {
  EXECUTIVE_INVITATION_ACTION,
  invitationRequestSchema,
  type InvitationField,
  type InvitationRequest,
} from "#app/features/executive-invitation/invitation-request.ts";
import { fieldErrors as firstErrorPerField } from "#app/lib/form-result.ts";
import type { AppBindings } from "#worker/http/app-bindings.ts";
import { redeemCaptchaPass } from "./captcha/captcha-pass.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { storeInvitationRequest } from "./invitation-requests.ts";
import { guestHost } from "#worker/features/guests/guest-visits.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { limitBody, readJsonBody, requireJson, tooManySubmissions } from "#worker/http/guards.ts";

/**
 * POST /api/send-executive-invitation (docs/product-rules.md#executive-invitation): rate limit, then the captcha pass, then
 * validation, then the honeypot; the request and its emails (the concierge's copy, the applicant's
 * acknowledgement: docs/product-rules.md#the-applicants-journey) are stored before anything is sent.
 */
export const sendExecutiveInvitationApi = new Hono<AppBindings>();

const envelope = z.object({
  captchaPass: z.string().min(1).max(1024),
  /** Sent by the browser as the original product did, but never trusted: the pass carries the verified score. */
  recaptchaScore: z.number().optional(),
  /** Honeypot: a field people never see; bots fill it. */
  website: z.string().max(200).optional(),
  /** The signed guest reference of a guest's invitation to apply (docs/security.md#guest-invitation-links). */
  guestReference: z.string().max(200).optional(),
});

sendExecutiveInvitationApi.post("/", limitBody(16 * 1024), requireJson(), async (c) => {
  const { config, signingKey, clientNetwork, logSecurityEvent: log } = c.var.requestContext;

  const decision = await checkFormRateLimit(
    c.env.RATE_LIMITS,
    await networkLimits(signingKey, EXECUTIVE_INVITATION_ACTION, clientNetwork, 5 * config.FORM_RATE_LIMIT_MULTIPLIER),
  );
  if (!decision.allowed) {
    if (decision.firstRefusal) {
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "executive invitation requests over the limit" });
    }
    return tooManySubmissions(c, decision);
  }
  log({ eventType: "invitation_request_attempt", severity: "medium", description: "executive invitation request received" });

  const body = await readJsonBody(c);
  const outer = envelope.safeParse(body);
  const pass = outer.success ? await redeemCaptchaPass(c.env.DB, signingKey, outer.data.captchaPass, EXECUTIVE_INVITATION_ACTION) : null;
  if (!outer.success || !pass) {
    log({ eventType: "authn_captcha_fail", severity: "high", description: "invitation sent without a valid captcha pass" });
    return c.json({ error: "Security validation failed" }, 403);
  }

  const fields = invitationRequestSchema.safeParse(body);
  const fieldErrors = fields.success ? genericCheckErrors(fields.data) : firstErrorPerField(fields.error);
  if (!fields.success || Object.keys(fieldErrors).length > 0) {
    log({
      eventType: "input_validation_fail",
      severity: "low",
      description: "invitation request failed validation",
      details: { fields: Object.keys(fieldErrors) },
    });
    return c.json({ error: "Please correct the highlighted fields.", fieldErrors }, 400);
  }

  if (outer.data.website) {
    // Answer as if accepted, so the bot learns nothing; store and send nothing.
    log({ eventType: "input_validation_fail", severity: "medium", description: "invitation honeypot filled" });
    return c.json({ data: { id: crypto.randomUUID() } });
  }

  // A reference that does not verify (forged, altered, its visit cancelled or old, or sent with
  // another email than the guest's) links nothing.
  const introducedBy = outer.data.guestReference
    ? await guestHost(c.env.DB, signingKey, outer.data.guestReference, { email: fields.data.email, today: portlandDay(new Date()) })
    : null;
  let stored: Awaited<ReturnType<typeof storeInvitationRequest>>;
  try {
    stored = await storeInvitationRequest(
      c.env.DB,
      { conciergeEmail: config.CONCIERGE_EMAIL, siteUrl: config.SITE_URL, signingKey },
      fields.data,
      pass.score,
      undefined,
      introducedBy,
    );
  } catch (error) {
    log({ eventType: "invitation_request_error", severity: "high", description: "invitation request could not be stored" });
    throw error;
  }
  log({
    eventType: "invitation_request_success",
    severity: "low",
    description: "executive invitation request stored",
    details: { requestId: stored.id, joinedTo: stored.joinedTo },
  });
  const send = emailSender(c.env.EMAIL, config.EMAIL_FROM, signingKey);
  for (const outboxId of stored.outboxIds) {
    c.executionCtx.waitUntil(
      deliverOutboxMessage(c.env.DB, outboxId, send).catch((error: unknown) =>
        console.error("invitation email: first delivery attempt crashed; the cron will retry", error),
      ),
    );
  }
  return c.json({ data: { id: stored.id } });
});

/**
 * The generic checker (docs/product-rules.md#executive-invitation), a second guard behind the
 * schema: the address the concierge will write to must be a plain x@y.z. The text fields have
 * no second guard: the schema's check (app/lib/plain-text.ts) is the one definition of what they
 * accept, and the stored values are the ones it accepted.
 */
function genericCheckErrors(request: InvitationRequest): Partial<Record<InvitationField, string>> {
  const email = checkEmail(request.email);
  return email.valid ? {} : { email: email.error };
}
