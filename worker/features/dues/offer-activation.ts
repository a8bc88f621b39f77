import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { duesLedger, invitationRequests, memberInvitations, members, paymentEvents } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { formatCents } from "#app/lib/money.ts";
import { applicationEmailInsertWhere, applicationEventInsertWhere } from "#worker/features/admissions/application-events.ts";
import { invitationUrl, isUniqueViolation, newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import { sealSecret } from "#worker/shared/sealed-secrets.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { lockerOfferStatements } from "#worker/features/lockers/locker-offers.ts";
import { offerDueCents } from "./initiation-fee.ts";
import { recordPaymentEvent, type PaymentEventHandler } from "./payment-events.ts";
import type { PaymentEvent } from "./payment-provider.ts";
import { offerPaidWelcomeEmail } from "./welcome-email.ts";

/**
 * A paid offer makes a member (docs/product-rules.md#paying-an-offer): called for a verified
 * checkout webhook, and for dues a concierge records at the lounge for an applicant.
 */
export interface PaidOffer {
  requestId: string;
  method: (typeof duesLedger.$inferInsert)["method"];
  /** The ledger entry's unique id: the provider's invoice id, or the recorded payment's own id. */
  externalId: string;
  amountCents: number;
  /** When the money was taken (UTC ISO). */
  occurredAt: string;
  /** The end of the first paid period (UTC ISO). */
  paidThrough: string;
  subscriptionId?: string | null;
  customerId?: string | null;
  /**
   * The provider's checkout session this payment completed: the payment is honoured even if the
   * offer's 7 days ended while the webhook was on its way, as long as it was this offer's session.
   */
  checkoutSessionId?: string | null;
  /** The concierge who recorded an in-person payment; null for the provider's. */
  recordedBy?: string | null;
  siteUrl: string;
  signingKey: string;
  /** The webhook event that reported the payment: marked processed in the same batch, if it made the member. */
  event?: Pick<PaymentEvent, "id" | "type">;
  now?: number;
}

export type ActivationResult =
  | { ok: true; memberId: string; email: string; outboxId: number }
  /**
   * not-offered: no open offer to pay (already paid, expired, declined…); member-exists: a member
   * has the applicant's email. Nothing is written, not even the event.
   */
  | { ok: false; reason: "not-found" | "not-offered" | "member-exists" };

/**
 * ONE batch, guarded by this batch's own UPDATE (offered → paid, naming the new member): the
 * request paid; the member ('invited' until they set up sign-in; dues active through
 * `paidThrough`; the tier decided; subscription, customer, sponsor and the concierge who decided);
 * a 7-day single-use sign-in link and the welcome email carrying it, sealed; the ledger's payment;
 * the application event; the member's locker offer or place in line (lockers, with its email); and
 * the webhook event's id. Two payments for one offer make one member:
 * the second finds the request no longer offered and writes nothing (the caller decides what
 * becomes of its money). Delivery of the email is the caller's next step (deliverEmail;
 * the cron retries).
 */
export async function activatePaidOffer(db: D1Database, paid: PaidOffer): Promise<ActivationResult> {
  const database = getDatabase(db);
  const request = await database.select().from(invitationRequests).where(eq(invitationRequests.id, paid.requestId)).get();
  if (!request) return { ok: false, reason: "not-found" };
  const tier = request.tier;
  if (!tier) return { ok: false, reason: "not-offered" };

  const now = paid.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const memberId = crypto.randomUUID();
  const email = normalizeEmail(request.email);
  const link = await newInvitationLink(now);
  // The amount was decided when the payment was asked for (initiation-fee.ts); a payment of no more
  // than a quarter's dues had the fee waived, and the ledger and the email say what it paid.
  const feeWaived = paid.amountCents <= quarterlyDuesCents(tierBySlug(tier));
  const message = offerPaidWelcomeEmail({
    name: request.name,
    tier,
    feeWaived,
    // Sealed: the outbox row must not be a working link for whoever reads the database.
    link: await sealSecret(paid.signingKey, invitationUrl(paid.siteUrl, link.token)),
    expiresAt: link.expiresAt,
  });
  const stillPayable = paid.checkoutSessionId
    ? or(
        eq(invitationRequests.status, "offered"),
        and(eq(invitationRequests.status, "expired"), eq(invitationRequests.checkoutSessionId, paid.checkoutSessionId)),
      )
    : eq(invitationRequests.status, "offered");
  // Every insert selects its row from the request, found only once this batch's UPDATE paid it for this member.
  const paidHere = and(
    eq(invitationRequests.id, request.id),
    eq(invitationRequests.memberId, memberId),
    eq(invitationRequests.status, "paid"),
  );

  // The new member's locker (docs/product-rules.md#lockers): offered, or a place in line; the cron delivers its email.
  const locker = lockerOfferStatements(database, { id: memberId, name: request.name, email, tier }, paid.siteUrl, now);

  try {
    const [, , , queued] = await database.batch([
      database
        .update(invitationRequests)
        .set({ status: "paid", paidAt: nowIso, memberId, ...(paid.checkoutSessionId ? { checkoutSessionId: paid.checkoutSessionId } : {}) })
        .where(and(eq(invitationRequests.id, request.id), stillPayable)),
      database.insert(members).select(
        database
          .select(
            insertSelectRow(members, {
              id: memberId,
              email,
              name: request.name,
              tier,
              role: "member",
              status: "invited",
              duesStatus: "active",
              paidThrough: paid.paidThrough,
              subscriptionId: paid.subscriptionId ?? null,
              paymentCustomerId: paid.customerId ?? null,
              invitedBy: request.invitedBy,
              invitationRequestId: request.id,
              admittedBy: sql`${invitationRequests.decidedBy}`,
              createdAt: nowIso,
            }),
          )
          .from(invitationRequests)
          .where(paidHere),
      ),
      database.insert(memberInvitations).select(
        database
          .select(insertSelectRow(memberInvitations, { tokenHash: link.tokenHash, memberId, expiresAt: link.expiresAt, createdAt: nowIso }))
          .from(invitationRequests)
          .where(paidHere),
      ),
      applicationEmailInsertWhere(database, { recipient: email, subject: message.subject, body: message.body }, paidHere),
      database
        .insert(duesLedger)
        .select(
          database
            .select(
              insertSelectRow(duesLedger, {
                memberId,
                kind: "payment",
                amountCents: paid.amountCents,
                description: feeWaived
                  ? `First quarter's dues, initiation fee waived (${tierBySlug(tier).name})`
                  : `Initiation fee and first quarter's dues (${tierBySlug(tier).name})`,
                method: paid.method,
                externalId: paid.externalId,
                recordedBy: paid.recordedBy ?? null,
                occurredAt: paid.occurredAt,
              }),
            )
            .from(invitationRequests)
            .where(paidHere),
        )
        // The invoice may be in the ledger already (an out-of-order renewal event): never counted twice.
        .onConflictDoNothing(),
      applicationEventInsertWhere(
        database,
        { requestId: request.id, kind: "paid", actorId: paid.recordedBy ?? null, detail: paid.method, createdAt: nowIso },
        paidHere,
      ),
      locker.offer,
      locker.offerEmail,
      locker.leaveWaitlist,
      locker.joinWaitlist,
      locker.waitlistEmail,
      ...(paid.event
        ? [
            database.insert(paymentEvents).select(
              database
                .select(insertSelectRow(paymentEvents, { eventId: paid.event.id, type: paid.event.type, receivedAt: nowIso }))
                .from(invitationRequests)
                .where(paidHere),
            ),
          ]
        : []),
    ]);
    const outboxRow = queued[0];
    if (!outboxRow) return { ok: false, reason: "not-offered" };
    return { ok: true, memberId, email, outboxId: outboxRow.id };
  } catch (error) {
    if (isUniqueViolation(error, "members.email")) return { ok: false, reason: "member-exists" };
    throw error;
  }
}

const stripeId = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((object) => object.id)]);
const completedSession = z.object({
  id: z.string().min(1),
  mode: z.string(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  subscription: stripeId.nullish(),
  customer: stripeId.nullish(),
  invoice: stripeId.nullish(),
  amount_total: z.number().int().nullish(),
});

/**
 * checkout.session.completed: the verified proof that an offer is paid (the success page grants
 * nothing). The subscription is re-read from the provider for its customer and current period, so
 * the order events arrive in does not matter. A payment for an offer that is no longer open (paid
 * through another session, at the lounge, withdrawn…) is refunded and its subscription cancelled
 * before the event is marked processed, so a provider failure leaves the event to be delivered again.
 * So is a payment of another amount than the offer's due at this moment (initiation-fee.ts): it
 * starts nothing, and is flagged for the concierge (docs/product-rules.md#paying-an-offer).
 */
export const onCheckoutSessionCompleted: PaymentEventHandler = async (context, event) => {
  const { env, config, signingKey, provider, now } = context;
  const database = getDatabase(env.DB);
  const parsed = completedSession.safeParse(event.object);
  if (!parsed.success) throw new Error(`payment event ${event.id}: an unreadable checkout session`);
  const session = parsed.data;
  const requestId = session.metadata?.request_id ?? session.client_reference_id ?? null;
  // Not an offer's checkout (another product on the same account), or not paid yet: nothing to do.
  if (session.mode !== "subscription" || !requestId || !session.subscription || session.payment_status !== "paid") {
    return (await recordPaymentEvent(database, event, now, [])).duplicate ? "duplicate" : "ignored";
  }

  const subscription = await provider.getSubscription(session.subscription);
  const invoiceId = session.invoice ?? subscription.latestInvoiceId;
  const amountCents = session.amount_total ?? 0;
  if (!invoiceId || amountCents <= 0) throw new Error(`payment event ${event.id}: a paid checkout session without an invoice or amount`);

  const refund = async (reason: string) => {
    await provider.cancelSubscription(subscription.id, { atPeriodEnd: false, idempotencyKey: `cancel-unwanted:${subscription.id}` });
    await provider.refundInvoice(invoiceId, { idempotencyKey: `refund-unwanted:${invoiceId}` });
    context.logSecurityEvent({
      eventType: "payment_refunded",
      severity: "medium",
      description: "a payment for an offer that was no longer open was refunded and its subscription cancelled",
      userId: null,
      details: { requestId, subscriptionId: subscription.id, invoiceId, reason },
    });
  };

  const recorded = async () => ((await recordPaymentEvent(database, event, now, [])).duplicate ? "duplicate" : "processed");
  // A payment that made no member here: made by a concurrent delivery of this very event, or
  // returned (first, so a failing refund leaves the event to be delivered again), then recorded.
  const settle = async (state: string) => {
    if (state !== "paid-by-this") await refund(state);
    return recorded();
  };

  const before = await payableState(env.DB, requestId, session.id, subscription.id);
  if (before !== "payable") return settle(before);
  const dueCents = await dueOfRequest(env.DB, requestId);
  if (amountCents !== dueCents) {
    // Returned first, so a failing refund leaves the event (and this flag) to the redelivery.
    const outcome = await settle("amount-mismatch");
    context.logSecurityEvent({
      eventType: "payment_refunded",
      severity: "high",
      description: `a checkout paid ${formatCents(amountCents)} where ${dueCents === null ? "nothing" : formatCents(dueCents)} was due: no membership was started, the payment was refunded and its subscription cancelled`,
      userId: null,
      details: { requestId, subscriptionId: subscription.id, invoiceId, amountCents, dueCents },
    });
    return outcome;
  }

  const activated = await activatePaidOffer(env.DB, {
    requestId,
    method: "stripe",
    externalId: invoiceId,
    amountCents,
    occurredAt: new Date(event.created).toISOString(),
    paidThrough: subscription.currentPeriodEnd,
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    checkoutSessionId: session.id,
    siteUrl: config.SITE_URL,
    signingKey,
    event,
    now,
  });
  if (activated.ok) {
    context.logSecurityEvent({
      eventType: "payment_received",
      severity: "low",
      description: "offer paid through the payment provider; member invited to set up sign-in",
      userId: activated.memberId,
      details: { requestId, subscriptionId: subscription.id, invoiceId, amountCents },
    });
    context.ctx.waitUntil(deliverEmail(context, activated.outboxId));
    return "processed";
  }
  // Nothing was written: the offer was taken between the check and the batch, or a member
  // already has the email (the request is still offered, and the money goes back).
  const after = await payableState(env.DB, requestId, session.id, subscription.id);
  return settle(after === "payable" ? activated.reason : after);
};

/** What the offer asks now (the fee due and the first quarter), or null when it names no tier. */
async function dueOfRequest(db: D1Database, requestId: string): Promise<number | null> {
  const row = await getDatabase(db)
    .select({ tier: invitationRequests.tier })
    .from(invitationRequests)
    .where(eq(invitationRequests.id, requestId))
    .get();
  return row?.tier ? offerDueCents(db, requestId, row.tier) : null;
}

/** Whether the request can still be paid by this session, or already was by its subscription, or why not. */
async function payableState(db: D1Database, requestId: string, sessionId: string, subscriptionId: string) {
  const row = await getDatabase(db)
    .select({
      status: invitationRequests.status,
      checkoutSessionId: invitationRequests.checkoutSessionId,
      memberSubscriptionId: members.subscriptionId,
    })
    .from(invitationRequests)
    .leftJoin(members, eq(members.id, invitationRequests.memberId))
    .where(eq(invitationRequests.id, requestId))
    .get();
  if (!row) return "not-found";
  if (row.status === "offered") return "payable";
  if (row.status === "expired" && row.checkoutSessionId === sessionId) return "payable";
  if (row.status === "paid" && row.memberSubscriptionId === subscriptionId) return "paid-by-this";
  return `request-${row.status}`;
}
