import type { RequestContext } from "#worker/http/request-context.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { deliverOutboxMessage, type DeliveryOutcome } from "#worker/shared/outbox.ts";
import { approveInvitationRequest, declineInvitationRequest } from "./admissions.ts";
import type { MemberRow } from "#worker/features/members/members.ts";

/**
 * A concierge's decision on an invitation request, from the console: the decision is
 * stored, an approval's invitation email is delivered at once (a failure stays in the outbox for
 * the cron and the console's 'Retry now'), and every decision is a security event.
 */
export type ConciergeDecision =
  | { intent: "approve"; requestId: string; tier: MemberRow["tier"]; note: string | null }
  | { intent: "decline"; requestId: string; note: string | null };

export type ConciergeDecisionOutcome =
  | { ok: true; decision: "approved"; email: string; delivery: DeliveryOutcome }
  | { ok: true; decision: "declined" }
  | { ok: false; reason: "not-found" | "already-decided" | "member-exists" };

export async function recordConciergeDecision(
  { env, config, signingKey, logSecurityEvent: log }: RequestContext,
  conciergeId: string,
  decision: ConciergeDecision,
): Promise<ConciergeDecisionOutcome> {
  const input = { requestId: decision.requestId, conciergeId, note: decision.note };

  if (decision.intent === "decline") {
    const declined = await declineInvitationRequest(env.DB, input);
    if (!declined.ok) return declined;
    log({
      eventType: "member_declined",
      severity: "low",
      description: "invitation request declined",
      userId: conciergeId,
      details: { requestId: decision.requestId },
    });
    return { ok: true, decision: "declined" };
  }

  const approved = await approveInvitationRequest(env.DB, { ...input, tier: decision.tier, siteUrl: config.SITE_URL, signingKey });
  if (!approved.ok) return approved;
  log({
    eventType: "member_admitted",
    severity: "low",
    description: "invitation request approved; member invited",
    userId: conciergeId,
    details: { requestId: decision.requestId, memberId: approved.memberId, tier: decision.tier },
  });
  const delivery = await deliverOutboxMessage(env.DB, approved.outboxId, emailSender(env.EMAIL, config.EMAIL_FROM, signingKey));
  return { ok: true, decision: "approved", email: approved.email, delivery };
}
