import { and, eq, or, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { duesLedger, invitationRequests, memberInvitations, members, outbox } from "#db/schema.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { applicationEventInsertWhere } from "#worker/features/admissions/application-events.ts";
import { invitationUrl, isUniqueViolation, newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { normalizeEmail } from "#worker/features/members/members.ts";
import { sealSecret } from "#worker/shared/sealed-secrets.ts";
import { paymentEventInsert } from "./payment-events.ts";
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
  /** The webhook event that reported the payment: marked processed in the same batch. */
  event?: Pick<PaymentEvent, "id" | "type">;
  now?: number;
}

export type ActivationResult =
  | { ok: true; memberId: string; email: string; outboxId: number }
  /**
   * not-offered: no open offer to pay (already paid, expired, declined…); member-exists: a member
   * has the applicant's email; duplicate-event: the event was processed before. Nothing written,
   * except that the event (when given) is marked processed for not-offered.
   */
  | { ok: false; reason: "not-found" | "not-offered" | "member-exists" | "duplicate-event" };

/**
 * ONE batch, guarded by this batch's own UPDATE (offered → paid, naming the new member): the
 * request paid; the member ('invited' until they set up sign-in; dues active through
 * `paidThrough`; the tier decided; subscription, customer, sponsor and the concierge who decided);
 * a 7-day single-use sign-in link and the welcome email carrying it, sealed; the ledger's payment;
 * the application event; and the webhook event's id. Two payments for one offer make one member:
 * the second finds the request no longer offered and writes nothing but its event id. Delivery of
 * the email is the caller's next step (deliverOutboxMessage; the cron retries).
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
  const message = offerPaidWelcomeEmail({
    name: request.name,
    tier,
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

  try {
    const [, , , queued] = await database.batch([
      database
        .update(invitationRequests)
        .set({ status: "paid", paidAt: nowIso, memberId })
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
      database
        .insert(outbox)
        .select(
          database
            .select(insertSelectRow(outbox, { channel: "email", recipient: email, subject: message.subject, body: message.body }))
            .from(invitationRequests)
            .where(paidHere),
        )
        .returning({ id: outbox.id }),
      database
        .insert(duesLedger)
        .select(
          database
            .select(
              insertSelectRow(duesLedger, {
                memberId,
                kind: "payment",
                amountCents: paid.amountCents,
                description: `Initiation fee and first quarter's dues (${tierBySlug(tier).name})`,
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
      ...(paid.event ? [paymentEventInsert(database, paid.event, now)] : []),
    ]);
    const outboxRow = queued[0];
    if (!outboxRow) return { ok: false, reason: "not-offered" };
    return { ok: true, memberId, email, outboxId: outboxRow.id };
  } catch (error) {
    if (isUniqueViolation(error, "payment_events.event_id")) return { ok: false, reason: "duplicate-event" };
    if (isUniqueViolation(error, "members.email")) return { ok: false, reason: "member-exists" };
    throw error;
  }
}
