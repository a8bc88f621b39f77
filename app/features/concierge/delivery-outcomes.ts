import type { ActionResult } from "#app/lib/form-result.ts";
import type { DeliveryOutcome, OutboxStatus } from "#worker/shared/outbox.ts";

/**
 * What the console says about deliveries: each status in words, and the answer to a concierge's
 * retry (docs/operators.md#deliveries-that-need-attention).
 */
export const deliveryStatusLabels: Record<OutboxStatus, string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  needs_attention: "Needs attention",
  rejected: "Rejected",
  expired: "Expired (not sent)",
  abandoned: "Stopped by staff",
};

const NO_LONGER_WAITING = "This message is no longer waiting for a retry (it may have been sent or stopped meanwhile).";

export const retryAnswers: Record<DeliveryOutcome, ActionResult> = {
  sent: { ok: true, toast: { title: "Delivered", description: "The message was sent." } },
  failed: { ok: false, error: "The retry failed too. The error is shown in the list; the message will be retried automatically." },
  needs_attention: {
    ok: false,
    error: "The retry failed too. The new error is shown in the list; the message still needs attention: retry later, or stop trying.",
  },
  rejected: { ok: false, error: "The provider refused this message for good; it will not be retried." },
  expired: { ok: false, error: "This SMS was not sent: its code would be older than 15 minutes. The visitor can ask for a new one." },
  skipped: { ok: false, error: NO_LONGER_WAITING },
};

export const abandonAnswers: Record<"abandoned" | "skipped", ActionResult> = {
  abandoned: { ok: true, toast: { title: "Stopped", description: "This message will not be retried." } },
  skipped: { ok: false, error: NO_LONGER_WAITING },
};
