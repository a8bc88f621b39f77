import type { RequestContext } from "#worker/http/request-context.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import type { DeliveryOutcome } from "#worker/shared/outbox.ts";
import { approveInvitationRequest, declineInvitationRequest } from "./admissions.ts";
import type { Tier } from "./tier-places.ts";

/**
 * A concierge's decision on an application, from the console: the decision and the applicant's
 * email (offer, waitlist or decline) are stored together, the email is delivered at once (a
 * failure stays in the outbox for the cron and the console's 'Retry now'), and every decision is a
 * security event (docs/product-rules.md#decisions-capacity-and-waitlist).
 */
export type ConciergeDecision =
  | { intent: "approve"; requestId: string; tier: Tier; note: string | null }
  | { intent: "decline"; requestId: string; note: string | null; applicantNote: string | null };

export type ConciergeDecisionOutcome =
  | { ok: true; decision: "offered" | "waitlisted" | "declined"; email: string; delivery: DeliveryOutcome }
  | { ok: false; reason: "not-found" | "already-decided" | "member-exists" | "open-application" };

export async function recordConciergeDecision(
  services: RequestContext,
  conciergeId: string,
  decision: ConciergeDecision,
): Promise<ConciergeDecisionOutcome> {
  const { env, config, signingKey, logSecurityEvent: log } = services;
  const input = { requestId: decision.requestId, conciergeId, note: decision.note };
  const decided =
    decision.intent === "decline"
      ? await declineInvitationRequest(env.DB, { ...input, applicantNote: decision.applicantNote }).then((result) =>
          result.ok ? { ...result, decision: "declined" as const } : result,
        )
      : await approveInvitationRequest(services, { ...input, tier: decision.tier });
  if (!decided.ok) return decided;
  log({
    eventType: "admissions_decision",
    severity: "low",
    description: `application ${decided.decision}`,
    userId: conciergeId,
    details: {
      requestId: decision.requestId,
      decision: decided.decision,
      ...(decision.intent === "approve" ? { tier: decision.tier } : {}),
    },
  });
  const delivery = await deliverEmail({ env, config, signingKey }, decided.outboxId);
  return { ok: true, decision: decided.decision, email: decided.email, delivery };
}
