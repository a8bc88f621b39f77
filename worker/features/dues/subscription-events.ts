import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { startsWithText } from "#db/text-match.ts";
import { duesLedger, members } from "#db/schema.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { promoteFromWaitlist } from "#worker/features/admissions/tier-places.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { duesLapsedEmail, duesPastDueEmail, emailIfMemberChanged } from "./dues-emails.ts";
import { GRACE_PERIOD_MS } from "./membership-billing.ts";
import { recordPaymentEvent, type PaymentEventContext, type PaymentEventHandler } from "./payment-events.ts";
import type { PaymentEvent, SubscriptionSnapshot } from "./payment-provider.ts";

/**
 * The provider's events about a member's subscription after the first payment
 * (docs/product-rules.md#billing-renewals-and-lapses), registered in payment-event-dispatch.ts.
 * Each writes its event id in the batch of its effect (payment-events.ts). Events may come twice
 * or out of order: the ledger is keyed by the provider's ids (an invoice the checkout already
 * recorded is not counted again), the paid period only moves forward, and where the order
 * decides the outcome (is the subscription paid, or over?) the subscription is read again from
 * the provider. An event about a subscription no member holds (a duplicate the checkout cancelled,
 * or a first invoice that arrives before its checkout) is marked processed and changes nothing.
 */

const subscriptionRef = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);

const invoiceObject = z.object({
  id: z.string(),
  // Always present in Stripe's invoices; absent, nothing is entered for them.
  amount_paid: z.number().int().default(0),
  amount_due: z.number().int().default(0),
  billing_reason: z.string().nullish(),
  /** Where Stripe's current API versions name the subscription; older ones use `subscription`. */
  parent: z.object({ subscription_details: z.object({ subscription: subscriptionRef }).nullish() }).nullish(),
  subscription: subscriptionRef.nullish(),
  customer: subscriptionRef.nullish(),
  /** The periods the invoice pays for (Stripe's invoice lines). */
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }).nullish() })) }).nullish(),
});

const subscriptionObject = z.object({ id: z.string() });

const chargeObject = z.object({
  id: z.string(),
  amount_refunded: z.number().int(),
  customer: z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]).nullish(),
});

function read<T extends z.ZodType>(schema: T, event: PaymentEvent): z.output<T> {
  const parsed = schema.safeParse(event.object);
  if (!parsed.success) throw new Error(`payment event ${event.id} (${event.type}): an unreadable object`);
  return parsed.data;
}

const invoiceSubscription = (invoice: z.output<typeof invoiceObject>) =>
  invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;

/** The end of the latest period the invoice's lines pay for (UTC ISO), or null without lines. */
function paidPeriodEnd(invoice: z.output<typeof invoiceObject>): string | null {
  const ends = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period.end * 1000] : []));
  return ends.length > 0 ? new Date(Math.max(...ends)).toISOString() : null;
}

async function memberBySubscription(db: D1Database, subscriptionId: string): Promise<MemberRow | undefined> {
  return getDatabase(db).select().from(members).where(eq(members.subscriptionId, subscriptionId)).get();
}

/** Marks the event processed with no effect (nothing of ours it concerns). */
async function nothingToDo(context: PaymentEventContext, event: PaymentEvent) {
  return (await recordPaymentEvent(getDatabase(context.env.DB), event, context.now, [])).duplicate ? "duplicate" : "ignored";
}

/** The paid period, moved only forward: an older event delivered late never shortens it. */
const laterPaidThrough = (periodEnd: string) => sql`max(coalesce(${members.paidThrough}, ''), ${periodEnd})`;

/** The subscription's current period is paid for (a past-due one has moved on to a period nobody paid). */
const isPaidUp = (snapshot: SubscriptionSnapshot) => snapshot.status === "active" || snapshot.status === "trialing";

function deliverSoon(context: PaymentEventContext, outboxId: number | undefined) {
  if (outboxId === undefined) return;
  context.ctx.waitUntil(deliverEmail(context, outboxId));
}

/**
 * A paid invoice: the renewal (or an upgrade's prorated difference, invoiced and paid when the
 * member upgraded: tier-changes.ts; or an open invoice paid late in the portal). The
 * ledger's payment keyed by the invoice id; once the subscription is paid up, the dues are active
 * again, paid through the subscription's current period; a renewal (a new period) also applies a
 * downgrade the member chose.
 */
export const onInvoicePaid: PaymentEventHandler = async (context, event) => {
  const invoice = read(invoiceObject, event);
  const subscriptionId = invoiceSubscription(invoice);
  const member = subscriptionId ? await memberBySubscription(context.env.DB, subscriptionId) : undefined;
  if (subscriptionId && !member) return onInvoicePaidAfterEnd(context, event, invoice);
  if (!subscriptionId || !member) return nothingToDo(context, event);
  const snapshot = await context.provider.getSubscription(subscriptionId);
  const database = getDatabase(context.env.DB);
  const renewal = invoice.billing_reason === "subscription_cycle";
  const holder = and(eq(members.id, member.id), eq(members.subscriptionId, subscriptionId));
  const recorded = await recordPaymentEvent(database, event, context.now, [
    ...(invoice.amount_paid > 0
      ? [
          database
            .insert(duesLedger)
            .values({
              memberId: member.id,
              kind: "payment",
              amountCents: invoice.amount_paid,
              description: renewal
                ? `Quarterly dues, ${tierBySlug(member.pendingTier ?? member.tier).name}`
                : invoice.billing_reason === "subscription_update"
                  ? `Upgrade to ${tierBySlug(member.tier).name}, prorated difference`
                  : "Dues payment",
              method: "stripe",
              externalId: invoice.id,
              occurredAt: new Date(event.created).toISOString(),
            })
            .onConflictDoNothing(),
        ]
      : []),
    // Active again only when this payment settled what was owed: the provider makes the
    // subscription active once its renewal is paid. Another invoice paid meanwhile (a proration)
    // leaves it past due, and the member with it.
    ...(isPaidUp(snapshot)
      ? [
          database
            .update(members)
            .set({
              duesStatus: "active",
              graceEndsAt: null,
              // The period this invoice paid for, not the subscription's: the provider moves that
              // on when it makes the renewal invoice, before anyone has paid it.
              ...(paidPeriodEnd(invoice) ? { paidThrough: laterPaidThrough(paidPeriodEnd(invoice)!) } : {}),
              ...(renewal ? { tier: sql`coalesce(${members.pendingTier}, ${members.tier})`, pendingTier: null } : {}),
            })
            .where(holder),
        ]
      : []),
  ]);
  return recorded.duplicate ? "duplicate" : "processed";
};

/**
 * An invoice paid after its subscription ended (the member paying the last open invoice in the
 * Billing Portal): the subscription is no longer theirs, so the member is found by the customer.
 * Reinstated by paying (docs/product-rules.md#billing-renewals-and-lapses): the payment enters the
 * ledger, the dues are active again, paid through the end of the period the invoice paid for; from
 * then on they pay at the lounge. Nothing of ours (no such customer, or one still subscribed):
 * processed with no effect.
 */
async function onInvoicePaidAfterEnd(context: PaymentEventContext, event: PaymentEvent, invoice: z.output<typeof invoiceObject>) {
  const paidThrough = paidPeriodEnd(invoice);
  const database = getDatabase(context.env.DB);
  const member = invoice.customer
    ? await database
        .select()
        .from(members)
        .where(and(eq(members.paymentCustomerId, invoice.customer), isNull(members.subscriptionId)))
        .get()
    : undefined;
  if (!member || invoice.amount_paid <= 0 || !paidThrough) return nothingToDo(context, event);
  // An invoice for time already over (an upgrade's difference delivered after the end) enters the
  // ledger but reinstates nobody: active dues with nothing left to run would only earn new grace.
  const paysAhead = paidThrough > new Date(context.now).toISOString();
  const recorded = await recordPaymentEvent(database, event, context.now, [
    database
      .insert(duesLedger)
      .values({
        memberId: member.id,
        kind: "payment",
        amountCents: invoice.amount_paid,
        description: "Dues payment",
        method: "stripe",
        externalId: invoice.id,
        occurredAt: new Date(event.created).toISOString(),
      })
      .onConflictDoNothing(),
    ...(paysAhead
      ? [
          database
            .update(members)
            .set({ duesStatus: "active", graceEndsAt: null, paidThrough: laterPaidThrough(paidThrough) })
            .where(and(eq(members.id, member.id), isNull(members.subscriptionId))),
        ]
      : []),
  ]);
  return recorded.duplicate ? "duplicate" : "processed";
}

/**
 * A renewal the provider could not collect: past due, with 14 days' grace from the first failure
 * (retries of the same invoice neither restart it nor send another email), the unpaid amount as a
 * charge in the ledger (once per invoice). Left alone when the subscription is paid by the time
 * the event is handled (it arrived after the payment).
 */
export const onInvoicePaymentFailed: PaymentEventHandler = async (context, event) => {
  const invoice = read(invoiceObject, event);
  const subscriptionId = invoiceSubscription(invoice);
  const member = subscriptionId ? await memberBySubscription(context.env.DB, subscriptionId) : undefined;
  if (!subscriptionId || !member) return nothingToDo(context, event);
  const snapshot = await context.provider.getSubscription(subscriptionId);
  if (isPaidUp(snapshot)) return nothingToDo(context, event);
  const database = getDatabase(context.env.DB);
  // Counted from the failure itself (the event's creation), not from when a late or retried
  // delivery reaches us.
  const graceEndsAt = new Date(event.created + GRACE_PERIOD_MS).toISOString();
  const message = duesPastDueEmail(member, {
    graceEndsAt,
    amountCents: invoice.amount_due > 0 ? invoice.amount_due : null,
    siteUrl: context.config.SITE_URL,
    paysAtLounge: false,
  });
  const recorded = await recordPaymentEvent(database, event, context.now, [
    ...(invoice.amount_due > 0
      ? [
          database
            .insert(duesLedger)
            .values({
              memberId: member.id,
              kind: "charge",
              amountCents: invoice.amount_due,
              description: "Quarterly dues, not yet paid",
              method: "stripe",
              externalId: `${invoice.id}:unpaid`,
              occurredAt: new Date(event.created).toISOString(),
            })
            .onConflictDoNothing(),
        ]
      : []),
    database
      .update(members)
      .set({ duesStatus: "past_due", graceEndsAt })
      .where(and(eq(members.id, member.id), eq(members.subscriptionId, subscriptionId), eq(members.duesStatus, "active"))),
    emailIfMemberChanged(database, member.id, message, member.email),
  ]);
  if (recorded.duplicate) return "duplicate";
  deliverSoon(context, (recorded.results.at(-1) as { id: number }[])[0]?.id);
  return "processed";
};

/**
 * The subscription changed (renewed, moved to other dues, set to cancel): nothing of ours follows
 * it. The provider moves its period on when it makes the renewal invoice, before that is paid, so
 * only a paid invoice moves the member's paid period (onInvoicePaid).
 */
export const onSubscriptionUpdated: PaymentEventHandler = async (context, event) => {
  read(subscriptionObject, event);
  return nothingToDo(context, event);
};

/**
 * The subscription ended (cancelled at the period's end, or by the provider after the failed
 * retries): the membership lapses (one email), the subscription is no longer theirs (paying at the
 * lounge reinstates them), and the place in the tier goes to the head of its waitlist.
 */
export const onSubscriptionDeleted: PaymentEventHandler = async (context, event) => {
  const { id } = read(subscriptionObject, event);
  const member = await memberBySubscription(context.env.DB, id);
  if (!member) return nothingToDo(context, event);
  const database = getDatabase(context.env.DB);
  const holder = and(eq(members.id, member.id), eq(members.subscriptionId, id));
  const recorded = await recordPaymentEvent(database, event, context.now, [
    database
      .update(members)
      .set({ duesStatus: "lapsed" })
      .where(and(holder, ne(members.duesStatus, "lapsed"))),
    emailIfMemberChanged(database, member.id, duesLapsedEmail(member, { siteUrl: context.config.SITE_URL }), member.email),
    database.update(members).set({ subscriptionId: null, pendingTier: null }).where(holder),
  ]);
  if (recorded.duplicate) return "duplicate";
  deliverSoon(context, (recorded.results[1] as { id: number }[])[0]?.id);
  await promoteFromWaitlist(context, member.tier, context.now);
  return "processed";
};

/**
 * A charge refunded, in part or in full: the refund in the ledger. The event carries the charge's
 * refunded total, so the entry is the part of it not yet in the ledger, decided in one INSERT (keyed
 * by the charge and that total): a redelivered or late, smaller total adds nothing.
 */
export const onChargeRefunded: PaymentEventHandler = async (context, event) => {
  const charge = read(chargeObject, event);
  const database = getDatabase(context.env.DB);
  const member = charge.customer
    ? await database.select().from(members).where(eq(members.paymentCustomerId, charge.customer)).get()
    : undefined;
  if (!member || charge.amount_refunded <= 0) return nothingToDo(context, event);
  const alreadyRefunded = sql<number>`coalesce((select sum(l.amount_cents) from dues_ledger l where l.kind = 'refund' and ${startsWithText(sql`l.external_id`, `${charge.id}:refunded:`)}), 0)`;
  const recorded = await recordPaymentEvent(database, event, context.now, [
    database
      .insert(duesLedger)
      .select(
        database
          .select(
            insertSelectRow(duesLedger, {
              memberId: member.id,
              kind: "refund",
              amountCents: sql`${charge.amount_refunded} - ${alreadyRefunded}`,
              description: "Refund",
              method: "stripe",
              externalId: `${charge.id}:refunded:${charge.amount_refunded}`,
              occurredAt: new Date(event.created).toISOString(),
            }),
          )
          .from(members)
          .where(and(eq(members.id, member.id), sql`${charge.amount_refunded} > ${alreadyRefunded}`)),
      )
      .onConflictDoNothing(),
  ]);
  return recorded.duplicate ? "duplicate" : "processed";
};
