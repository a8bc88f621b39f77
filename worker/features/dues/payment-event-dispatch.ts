import { eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { paymentEvents } from "#db/schema.ts";
import { onCheckoutSessionCompleted } from "./offer-activation.ts";
import { onCheckoutSessionExpired } from "./offer-checkout.ts";
import type { PaymentEventContext, PaymentEventHandler, PaymentEventOutcome } from "./payment-events.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import {
  onChargeRefunded,
  onInvoicePaid,
  onInvoicePaymentFailed,
  onSubscriptionDeleted,
  onSubscriptionUpdated,
} from "./subscription-events.ts";

/**
 * The payment events the club acts on, by type (docs/product-rules.md#dues); every other type is
 * acknowledged and ignored. The webhook and the local stand-in's pages both dispatch through here.
 * Each handler keeps to the contract in payment-events.ts (its event id in the batch of its effect).
 */
const handlers: Record<string, PaymentEventHandler> = {
  "checkout.session.completed": onCheckoutSessionCompleted,
  "checkout.session.expired": onCheckoutSessionExpired,
  "invoice.paid": onInvoicePaid,
  "invoice.payment_failed": onInvoicePaymentFailed,
  "customer.subscription.updated": onSubscriptionUpdated,
  "customer.subscription.deleted": onSubscriptionDeleted,
  "charge.refunded": onChargeRefunded,
};

export async function dispatchPaymentEvent(context: PaymentEventContext, event: PaymentEvent): Promise<PaymentEventOutcome> {
  const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
  if (!handler) return "ignored";
  // A quick answer for a redelivery; concurrent deliveries are decided by each handler's batch.
  const seen = await getDatabase(context.env.DB)
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, event.id))
    .get();
  if (seen) return "duplicate";
  return handler(context, event);
}
