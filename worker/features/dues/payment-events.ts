import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client.ts";
import { paymentEvents } from "#db/schema.ts";
import { isUniqueViolation } from "#worker/features/admissions/invitation-links.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.ts";

/**
 * Handling one verified payment event (docs/product-rules.md#paying-an-offer): each event's id is
 * written to payment_events in the SAME D1 batch as its effect, so a duplicate delivery (even a
 * concurrent one) fails that batch's insert and changes nothing, and an event that failed half-way
 * left nothing behind for the provider's retry to trip over.
 *
 * A handler (registered by event type in payment-event-dispatch.ts) reads the event's object with
 * a zod schema, re-reads from the provider what must be current, then calls `recordPaymentEvent`
 * with its statements; it throws when it cannot finish (the webhook answers 500 and the provider
 * delivers the event again).
 */
export interface PaymentEventContext extends RequestContext {
  provider: PaymentProvider;
  /** The time the event is handled at (ms since the epoch). */
  now: number;
}

/** processed: its effect is stored; duplicate: an earlier delivery was; ignored: nothing to do for this type. */
export type PaymentEventOutcome = "processed" | "duplicate" | "ignored";

export type PaymentEventHandler = (context: PaymentEventContext, event: PaymentEvent) => Promise<PaymentEventOutcome>;

/** The insert that marks `event` processed; fails (unique) when it already was. */
function paymentEventInsert(database: Database, event: Pick<PaymentEvent, "id" | "type">, now: number) {
  return database.insert(paymentEvents).values({ eventId: event.id, type: event.type, receivedAt: new Date(now).toISOString() });
}

/**
 * Writes the event's id and its effect in one batch. Returns the effect statements' results, or
 * "duplicate" when the event was processed already (the whole batch rolled back).
 */
export async function recordPaymentEvent<T extends BatchItem<"sqlite">[]>(
  database: Database,
  event: Pick<PaymentEvent, "id" | "type">,
  now: number,
  statements: [...T],
): Promise<{ duplicate: true } | { duplicate: false; results: unknown[] }> {
  try {
    const [, ...results] = await database.batch([paymentEventInsert(database, event, now), ...statements]);
    return { duplicate: false, results };
  } catch (error) {
    if (isUniqueViolation(error, "payment_events.event_id")) return { duplicate: true };
    throw error;
  }
}
