import { checkEmail } from "#app/features/executive-invitation/input-checks.ts";
import {
  EXECUTIVE_INVITATION_ACTION,
  invitationRequestSchema,
  verifiedInvitationRequestSchema,
  type InvitationField,
  type InvitationRequest,
} from "#app/features/executive-invitation/invitation-request.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { fieldErrors as firstErrorPerField } from "#app/lib/form-result.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { guestHost } from "#worker/features/guests/guest-visits.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { checkFormRateLimit, networkLimits } from "#worker/shared/rate-limit.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { takeStrictCounts } from "#worker/shared/strict-counter.ts";
import { redeemCaptchaPass } from "./captcha/captcha-pass.ts";
import { storeInvitationRequest, type RequestProof } from "./invitation-requests.ts";

/** Every request, however it is proved: 5 per client network per 15 minutes (KV). */
const PER_NETWORK = 5;
/**
 * A form posted without JavaScript has no captcha (docs/security.md#captcha): at most 3 such
 * requests STORED per client network per day, counted in D1 so a burst cannot pass it.
 */
const WITHOUT_CAPTCHA = { max: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

/**
 * What proves a person sent the request: a captcha pass (the dialog, and the page with
 * JavaScript), a mobile number the SMS block verified, or nothing but the honeypot and the
 * stricter limit (the page without JavaScript).
 */
export type InvitationProof =
  { kind: "captcha"; captchaPass: string | undefined } | { kind: "sms"; optInId: number; phoneNumber: string } | { kind: "none" };

export interface InvitationSubmission {
  /** The form's fields as sent (unknown: the schema checks them). */
  fields: unknown;
  /** The honeypot. */
  website?: string | undefined;
  /** The signed guest reference of a guest's invitation to apply. */
  guestReference?: string | undefined;
  proof: InvitationProof;
}

export type InvitationOutcome =
  /** `acknowledged`: false when the applicant's address had its day's capped emails (worker/shared/email-cap.ts). */
  | { ok: true; id: string; acknowledged: boolean }
  | { ok: false; reason: "limited"; retryAfterSeconds: number }
  | { ok: false; reason: "captcha" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<InvitationField, string>> };

/**
 * Sends an executive invitation request (docs/product-rules.md#executive-invitation), for the
 * JSON API and the /executive-access page alike: the rate limit, then the proof (the captcha pass),
 * then validation, then the honeypot; the request and its emails (the concierge's copy, the
 * applicant's acknowledgement) are stored in one batch before anything is sent, then delivered
 * through the outbox. A filled honeypot answers like a success and stores nothing.
 */
export async function sendInvitationRequest(context: RequestContext, submission: InvitationSubmission): Promise<InvitationOutcome> {
  const { env, ctx, config, signingKey, clientNetwork, logSecurityEvent: log } = context;
  const { proof } = submission;

  const decision = await checkFormRateLimit(
    env.RATE_LIMITS,
    await networkLimits(signingKey, EXECUTIVE_INVITATION_ACTION, clientNetwork, PER_NETWORK * config.FORM_RATE_LIMIT_MULTIPLIER),
  );
  if (!decision.allowed) {
    if (decision.firstRefusal) {
      log({ eventType: "excess_rate_limit_exceeded", severity: "medium", description: "executive invitation requests over the limit" });
    }
    return { ok: false, reason: "limited", retryAfterSeconds: decision.retryAfterSeconds };
  }
  log({ eventType: "invitation_request_attempt", severity: "medium", description: "executive invitation request received" });

  let checked: RequestProof;
  if (proof.kind === "captcha") {
    const pass = proof.captchaPass ? await redeemCaptchaPass(env.DB, signingKey, proof.captchaPass, EXECUTIVE_INVITATION_ACTION) : null;
    if (!pass) {
      log({ eventType: "authn_captcha_fail", severity: "high", description: "invitation sent without a valid captcha pass" });
      return { ok: false, reason: "captcha" };
    }
    checked = { checkedBy: "captcha", recaptchaScore: pass.score };
  } else if (proof.kind === "sms") {
    checked = { checkedBy: "sms", optInId: proof.optInId, phoneNumber: proof.phoneNumber };
  } else {
    checked = { checkedBy: "none" };
  }

  const request = validate(submission.fields, proof.kind === "sms");
  if (!request.ok) {
    log({
      eventType: "input_validation_fail",
      severity: "low",
      description: "invitation request failed validation",
      details: { fields: Object.keys(request.fieldErrors) },
    });
    return { ok: false, reason: "invalid", fieldErrors: request.fieldErrors };
  }

  if (submission.website) {
    // Answer as if accepted, so the bot learns nothing; store and send nothing.
    log({ eventType: "input_validation_fail", severity: "medium", description: "invitation honeypot filled" });
    return { ok: true, id: crypto.randomUUID(), acknowledged: true };
  }

  if (checked.checkedBy === "none") {
    // Counted only for a request about to be stored: a visitor's typing mistakes cost nothing.
    const strict = await takeStrictCounts(
      env.DB,
      await networkLimits(
        signingKey,
        `${EXECUTIVE_INVITATION_ACTION}:no-captcha`,
        clientNetwork,
        WITHOUT_CAPTCHA.max * config.FORM_RATE_LIMIT_MULTIPLIER,
      ),
      WITHOUT_CAPTCHA.windowMs,
    );
    if (!strict.allowed) {
      if (strict.firstRefusal) {
        log({
          eventType: "excess_rate_limit_exceeded",
          severity: "medium",
          description: "invitation requests without captcha over the daily limit",
        });
      }
      return { ok: false, reason: "limited", retryAfterSeconds: strict.retryAfterSeconds };
    }
  }

  // A reference that does not verify (forged, altered, its visit cancelled or old, or sent with
  // another email than the guest's) links nothing.
  const introducedBy = submission.guestReference
    ? await guestHost(env.DB, signingKey, submission.guestReference, { email: request.data.email, today: portlandDay(new Date()) })
    : null;
  let stored: Awaited<ReturnType<typeof storeInvitationRequest>>;
  try {
    stored = await storeInvitationRequest(
      env.DB,
      { conciergeEmail: config.CONCIERGE_EMAIL, siteUrl: config.SITE_URL, signingKey },
      request.data,
      checked,
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
    details: { requestId: stored.id, joinedTo: stored.joinedTo, checkedBy: checked.checkedBy },
  });
  const send = emailSender(env.EMAIL, config.EMAIL_FROM, signingKey);
  for (const outboxId of stored.outboxIds) {
    ctx.waitUntil(
      deliverOutboxMessage(env.DB, outboxId, send).catch((error: unknown) =>
        console.error("invitation email: first delivery attempt crashed; the cron will retry", error),
      ),
    );
  }
  return { ok: true, id: stored.id, acknowledged: stored.acknowledged };
}

/**
 * The schema, then the generic checker (docs/product-rules.md#executive-invitation), a second
 * guard behind it: the address the concierge will write to must be a plain x@y.z. The shorter
 * request of a verified mobile has no company or connection: they are stored empty.
 */
function validate(
  fields: unknown,
  shorter: boolean,
): { ok: true; data: InvitationRequest } | { ok: false; fieldErrors: Partial<Record<InvitationField, string>> } {
  const parsed = shorter
    ? verifiedInvitationRequestSchema.transform((request) => ({ ...request, company: "", invitedBy: "" })).safeParse(fields)
    : invitationRequestSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, fieldErrors: firstErrorPerField(parsed.error) };
  const email = checkEmail(parsed.data.email);
  return email.valid ? { ok: true, data: parsed.data } : { ok: false, fieldErrors: { email: email.error } };
}
