import { getDatabase } from "#db/client.ts";
import { securityEvents } from "#db/schema.ts";
import { clientNetwork, hashClientAddress } from "./client-address.ts";
import { checkFormRateLimit, networkLimits } from "./rate-limit.ts";
import { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";

/** OWASP logging-vocabulary names (docs/security.md#logging), plus the flow's own milestones. */
export type SecurityEventType =
  | "input_validation_fail"
  | "excess_rate_limit_exceeded"
  | "malicious_csrf"
  | "authn_captcha_fail"
  | "invitation_request_attempt"
  | "invitation_request_success"
  | "invitation_request_error"
  | "sms_send_success"
  | "sms_send_fail"
  | "sms_send_error"
  | "sms_verify_success"
  | "sms_verify_fail"
  | "authn_login_success"
  | "authn_login_fail"
  | "passkey_added"
  | "passkey_refused"
  | "passkey_renamed"
  | "passkey_removed"
  | "session_created"
  | "session_terminated"
  | "authz_fail"
  | "admissions_decision"
  | "sensitive_read"
  | "payment_recorded"
  | "tier_changed"
  | "admissions_sponsor_linked"
  | "admissions_sponsor_answered"
  | "delivery_retried"
  | "delivery_abandoned"
  | "admissions_sit_down"
  | "rules_accepted"
  | "client_reported_error"
  | "payment_received"
  | "payment_refunded"
  | "payment_webhook_rejected"
  | "locker_assigned"
  | "locker_request_done"
  // The door: a check-in (staff on a member), one refused on sync (docs/product-rules.md#door).
  | "door_check_in"
  | "door_check_in_questioned"
  | "door_guest_name_refused"
  | "door_check_in_refused"
  // The console's Members section: staff acting on a member (docs/product-rules.md#members).
  | "member_status_changed"
  | "member_setup_link_sent"
  | "member_tier_changed_by_staff"
  | "member_photo_changed"
  | "member_role_changed"
  | "member_note_added"
  | "calendar_listing_created"
  | "calendar_listing_updated"
  | "calendar_listing_cancelled"
  | "calendar_booking_cancelled_by_staff"
  | "meeting_room_booking_cancelled_by_staff"
  | "calendar_feed_created"
  | "calendar_feed_replaced"
  | "calendar_feed_revoked"
  | "contact_message_received"
  | "contact_message_answered"
  | "card_issued"
  | "card_revoked";

export interface SecurityEventInput {
  eventType: SecurityEventType;
  severity: "low" | "medium" | "high";
  description: string;
  /** The member concerned; left out, it is the member signed in on this request, if any. */
  userId?: string | null;
  /**
   * What a browser sent to POST /api/security-events, already trimmed: stored apart from the
   * site's own wording and shown to the concierge as the browser's (docs/security.md#logging).
   */
  reportedByBrowser?: { detail: string | null; referrer: string | null };
  details?: Record<string, unknown>;
}

/**
 * Events anyone can cause over and over without signing in. Each network writes at most
 * EVENT_BUDGET.max of each type and severity per window (its IPv6 /48 several times that), and the last one
 * written says until when later ones are not, so a flood cannot fill the table
 * (docs/security.md#logging). Browser reports count under their own budget, whatever their type.
 */
const floodable: ReadonlySet<SecurityEventType> = new Set<SecurityEventType>([
  "input_validation_fail",
  "malicious_csrf",
  "authn_captcha_fail",
  "client_reported_error",
  "excess_rate_limit_exceeded",
  // Anyone can post to the payment webhook without a signature (docs/security.md#payments).
  "payment_webhook_rejected",
  // A refused invitation link or Google callback needs no account (docs/security.md#logging).
  "authn_login_fail",
]);
const EVENT_BUDGET = { max: 10, windowMinutes: 15 };

/**
 * Writes a security event to D1 without holding up the request (ctx.waitUntil); a failure is
 * logged to the console and never breaks the request. Like the original product's logger
 * (docs/product-rules.md#operations), it first finds the current user: the member whose session cookie came with the request. The
 * address is stored only as a keyed hash, or as the 'anonymous_' placeholder when the
 * request has none. Callers must not put tokens, codes, passwords or raw addresses in `details`.
 */
export function logSecurityEvent(
  env: Pick<Env, "DB" | "RATE_LIMITS" | "ENVIRONMENT">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  request: Request,
  signingKey: string,
  event: SecurityEventInput,
): void {
  ctx.waitUntil(
    writeSecurityEvent(env, request, signingKey, event).catch((error: unknown) =>
      console.error("security event not written", event.eventType, error),
    ),
  );
}

async function writeSecurityEvent(
  env: Pick<Env, "DB" | "RATE_LIMITS" | "ENVIRONMENT">,
  request: Request,
  signingKey: string,
  event: SecurityEventInput,
): Promise<void> {
  const timestamp = new Date().toISOString();
  const address = clientNetwork(request);
  let details = event.details ?? {};
  if (floodable.has(event.eventType) || event.reportedByBrowser) {
    // Per severity too, so a flood of low or medium events never silences a high one of the same type.
    const scope = `security-event:${event.reportedByBrowser ? "browser" : `${event.eventType}:${event.severity}`}`;
    const limits = await networkLimits(signingKey, scope, address ?? "unknown", EVENT_BUDGET.max);
    // Without KV the event is written anyway: a security log with gaps is worse than a long one.
    const budget = await checkFormRateLimit(env.RATE_LIMITS, limits, EVENT_BUDGET.windowMinutes).catch((error: unknown) => {
      console.warn("security event budget unavailable, event written", event.eventType, error);
      return null;
    });
    if (budget && !budget.allowed) return;
    if (budget?.remaining === 0) {
      details = { ...details, laterEventsNotLoggedUntil: new Date(Date.now() + budget.retryAfterSeconds * 1000).toISOString() };
    }
  }
  const userId = event.userId !== undefined ? event.userId : ((await loadSignedInMember(request, env))?.member.id ?? null);
  await getDatabase(env.DB)
    .insert(securityEvents)
    .values({
      eventType: event.eventType,
      severity: event.severity,
      description: event.description,
      userId,
      ipHash: address ? await hashClientAddress(address, signingKey) : `anonymous_${Date.now()}`,
      metadata: {
        timestamp,
        userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
        // For API calls the Referer is the page the visitor was on.
        pageUrl: urlWithoutQuery(request.headers.get("Referer")),
        details,
        ...(event.reportedByBrowser ? { reportedByBrowser: event.reportedByBrowser } : {}),
      },
    });
}

/** Page URLs are kept without their query, which may carry tokens. */
export function urlWithoutQuery(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}
