import { getDatabase } from "#db/client.ts";
import { securityEvents } from "#db/schema.ts";
import { clientNetwork, hashClientAddress } from "./client-address.ts";
import { readMemberSession } from "#worker/features/sign-in/member-session.ts";

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
  | "session_created"
  | "session_terminated"
  | "authz_fail"
  | "member_admitted"
  | "member_declined"
  | "delivery_retried"
  | "delivery_abandoned"
  | "rules_accepted"
  | "client_reported_error";

export interface SecurityEventInput {
  eventType: SecurityEventType;
  severity: "low" | "medium" | "high";
  description: string;
  /** The member concerned; left out, it is the member signed in on this request, if any. */
  userId?: string | null;
  /** The referrer of the page the event happened on, when the browser reported it. */
  referrer?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes a security event to D1 without holding up the request (ctx.waitUntil); a failure is
 * logged to the console and never breaks the request. Like the original product's logger
 * (docs/product-rules.md#operations), it first finds the current user: the member whose session cookie came with the request. The
 * address is stored only as a keyed hash, or as the 'anonymous_' placeholder when the
 * request has none. Callers must not put tokens, codes, passwords or raw addresses in `details`.
 */
export function logSecurityEvent(
  env: Pick<Env, "DB" | "SESSIONS" | "ENVIRONMENT">,
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
  env: Pick<Env, "DB" | "SESSIONS" | "ENVIRONMENT">,
  request: Request,
  signingKey: string,
  event: SecurityEventInput,
): Promise<void> {
  const timestamp = new Date().toISOString();
  const address = clientNetwork(request);
  const userId = event.userId !== undefined ? event.userId : ((await readMemberSession(request, env))?.memberId ?? null);
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
        referrer: urlWithoutQuery(event.referrer ?? null),
        details: event.details ?? {},
      },
    });
}

/** Page URLs are kept without their query, which may carry tokens. */
function urlWithoutQuery(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}
