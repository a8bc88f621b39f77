import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { containsText } from "#db/text-match.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { duesLedger, invitationRequests, members } from "#db/schema.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { loungeMethodNames, type LoungeMethod } from "#app/features/dues/payment-methods.ts";
import type { RequestContext } from "#worker/http/request-context.ts";
import { isUniqueViolation } from "#worker/features/admissions/invitation-links.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { deliverEmail } from "#worker/shared/send-email.ts";
import { runLockerOffer } from "#worker/features/lockers/locker-offers.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { isUpgrade, loungeDue, quarterAfter, quarterAfterSql, type LedgerEntry, type LoungeDue } from "./membership-billing.ts";
import { offerDueCents } from "./initiation-fee.ts";
import { activatePaidOffer } from "./offer-activation.ts";

/**
 * Dues taken in person at the lounge (docs/product-rules.md#payments-recorded-at-the-lounge): a
 * concierge records the payment in the console; it goes in the same ledger as the provider's, and
 * the same rules follow. A member's payment pays one quarter, from the end of the paid period (or
 * from now, when that has passed), and makes their dues active; an applicant's pays their offer
 * and makes them a member. A member whose upgrade waits for its prorated difference pays that
 * first: it applies the upgrade, in the same batch. Every payment is audited.
 */

export interface RecordedPayment {
  /** The form's own key, rendered with the page: the same form sent twice records one payment. */
  paymentKey: string;
  payer: { kind: "member" | "applicant"; id: string };
  amountCents: number;
  method: LoungeMethod;
  reference: string | null;
}

export type RecordedPaymentOutcome =
  /** `upgradedTo`: the payment was an upgrade's prorated difference, and the member now holds that tier. */
  | { ok: true; kind: "member"; name: string; paidThrough: string; upgradedTo: MemberRow["tier"] | null }
  | { ok: true; kind: "applicant"; name: string }
  | { ok: false; reason: "not-found" | "pays-by-subscription" | "not-offered" | "member-exists" | "already-recorded" }
  | { ok: false; reason: "wrong-amount"; dueCents: number };

/** A quarter on from the later of now and the end of the member's paid period. */
const quarterFrom = (nowIso: string) => quarterAfterSql(sql`max(${nowIso}, coalesce(${members.paidThrough}, ${nowIso}))`);

/** The ledger's external id of a payment recorded at the lounge: its form's key. */
const loungeExternalId = (paymentKey: string) => `lounge:${paymentKey}`;

function describe(what: string, method: LoungeMethod, reference: string | null): string {
  return `${what}, ${loungeMethodNames[method].toLowerCase()} at the lounge${reference ? ` (${reference})` : ""}`;
}

export async function recordLoungePayment(
  context: Pick<RequestContext, "env" | "config" | "signingKey" | "logSecurityEvent">,
  conciergeId: string,
  payment: RecordedPayment,
  now: number = Date.now(),
): Promise<RecordedPaymentOutcome> {
  const outcome =
    payment.payer.kind === "member"
      ? await recordMemberPayment(context, conciergeId, payment, now)
      : await recordOfferPayment(context, conciergeId, payment, now);
  if (outcome.ok) {
    context.logSecurityEvent({
      eventType: "payment_recorded",
      severity: "low",
      description: "dues recorded at the lounge",
      userId: conciergeId,
      details: {
        payer: payment.payer.kind,
        payerId: payment.payer.id,
        amountCents: payment.amountCents,
        method: payment.method,
        ...(outcome.kind === "member" && outcome.upgradedTo ? { upgradedTo: outcome.upgradedTo } : {}),
      },
    });
  }
  return outcome;
}

/**
 * One batch: the ledger entry and the member's new period, each guarded by the member still paying
 * at the lounge (no subscription: the provider bills those) and by the row the amount was decided
 * from (tier and waiting tier; for an upgrade's difference, the paid period too), so a tier asked
 * for between the read and the batch is never applied at the old amount: the row is read again and
 * the amount decided again (a payment recorded at the same moment that applied a downgrade, say).
 * The paid period is extended in the UPDATE itself, from the row's own value, so payments recorded
 * at the same moment each add their quarter; the form's key is the entry's unique external id, so
 * a form sent twice records once. A downgrade the member chose takes effect with the quarter it is
 * paid for; an upgrade's prorated difference (loungeDue) applies the upgrade instead.
 */
async function recordMemberPayment(
  context: Pick<RequestContext, "env" | "config">,
  conciergeId: string,
  payment: RecordedPayment,
  now: number,
): Promise<RecordedPaymentOutcome> {
  const database = getDatabase(context.env.DB);
  for (let attempt = 1; ; attempt += 1) {
    const member = await database.select().from(members).where(eq(members.id, payment.payer.id)).get();
    if (!member) return { ok: false, reason: "not-found" };
    if (member.subscriptionId) return { ok: false, reason: "pays-by-subscription" };
    const due = loungeDue(member, now);
    if (payment.amountCents !== due.cents) return { ok: false, reason: "wrong-amount", dueCents: due.cents };
    const outcome = await payAgainstRow(context, conciergeId, payment, member, due, now);
    // The row changed meanwhile; a few tries, then the concierge is asked to send it again.
    if (outcome) return outcome;
    if (attempt === 3) return { ok: false, reason: "wrong-amount", dueCents: due.cents };
  }
}

/** The batch for the row as read; null when the row changed since (nothing was written). */
async function payAgainstRow(
  context: Pick<RequestContext, "env" | "config">,
  conciergeId: string,
  payment: RecordedPayment,
  member: MemberRow,
  due: LoungeDue,
  now: number,
): Promise<RecordedPaymentOutcome | null> {
  const database = getDatabase(context.env.DB);
  const nowIso = new Date(now).toISOString();
  const asRead = and(
    eq(members.id, member.id),
    isNull(members.subscriptionId),
    eq(members.tier, member.tier),
    member.pendingTier ? eq(members.pendingTier, member.pendingTier) : isNull(members.pendingTier),
    ...(due.kind === "upgrade" ? [member.paidThrough ? eq(members.paidThrough, member.paidThrough) : isNull(members.paidThrough)] : []),
  );
  try {
    const [, updated] = await database.batch([
      database.insert(duesLedger).select(
        database
          .select(
            insertSelectRow(duesLedger, {
              memberId: member.id,
              kind: "payment",
              amountCents: payment.amountCents,
              description: describe(paymentWords(due, member.paidThrough), payment.method, payment.reference),
              method: payment.method,
              externalId: loungeExternalId(payment.paymentKey),
              recordedBy: conciergeId,
              occurredAt: nowIso,
            }),
          )
          .from(members)
          .where(asRead),
      ),
      database
        .update(members)
        .set(
          due.kind === "upgrade"
            ? { tier: due.tier, pendingTier: null }
            : {
                paidThrough: quarterFrom(nowIso),
                duesStatus: "active",
                graceEndsAt: null,
                tier: sql`coalesce(${members.pendingTier}, ${members.tier})`,
                pendingTier: null,
              },
        )
        .where(asRead)
        .returning({ paidThrough: members.paidThrough, tier: members.tier }),
    ]);
    const changed = updated[0];
    if (!changed) return null;
    const upgradedTo = due.kind === "upgrade" ? changed.tier : null;
    // A higher tier's locker class is offered at once (docs/product-rules.md#lockers), as for a
    // subscriber's upgrade; a downgrade's locker is the cron's (locker-cron.ts).
    if (isUpgrade(member.tier, changed.tier)) {
      await runLockerOffer(database, { ...member, tier: changed.tier }, context.config.SITE_URL, now);
    }
    return { ok: true, kind: "member", name: member.name, paidThrough: changed.paidThrough ?? nowIso, upgradedTo };
  } catch (error) {
    if (isUniqueViolation(error, "dues_ledger.external_id")) return { ok: false, reason: "already-recorded" };
    throw error;
  }
}

/** The ledger's words for a lounge payment: the quarter it pays, or the upgrade's difference. */
function paymentWords(due: LoungeDue, paidThrough: string | null): string {
  const name = tierBySlug(due.tier).name;
  return due.kind === "upgrade"
    ? `Upgrade to ${name}, prorated difference${paidThrough ? ` through ${formatPortlandDate(paidThrough)}` : ""}`
    : `Quarterly dues, ${name}`;
}

/**
 * An applicant pays their open offer at the lounge: the initiation fee and the first quarter, exactly;
 * the offer is then paid as a checkout would pay it (offer-activation.ts: one batch makes the
 * member and queues their sign-in link), and the email is delivered at once.
 */
async function recordOfferPayment(
  { env, config, signingKey }: Pick<RequestContext, "env" | "config" | "signingKey">,
  conciergeId: string,
  payment: RecordedPayment,
  now: number,
): Promise<RecordedPaymentOutcome> {
  const request = await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, payment.payer.id)).get();
  if (!request) return { ok: false, reason: "not-found" };
  if (request.status !== "offered" || !request.tier) return { ok: false, reason: "not-offered" };
  const dueCents = await offerDueCents(env.DB, request.id, request.tier);
  if (payment.amountCents !== dueCents) return { ok: false, reason: "wrong-amount", dueCents };
  const nowIso = new Date(now).toISOString();
  const activated = await activatePaidOffer(env.DB, {
    requestId: request.id,
    method: payment.method,
    externalId: loungeExternalId(payment.paymentKey),
    amountCents: payment.amountCents,
    occurredAt: nowIso,
    paidThrough: await quarterAfter(env.DB, nowIso),
    recordedBy: conciergeId,
    siteUrl: config.SITE_URL,
    signingKey,
    now,
  });
  if (!activated.ok)
    return {
      ok: false,
      reason: activated.reason === "member-exists" || activated.reason === "not-found" ? activated.reason : "not-offered",
    };
  await deliverEmail({ env, config, signingKey }, activated.outboxId, now);
  return { ok: true, kind: "applicant", name: request.name };
}

export interface PayerMatch {
  kind: "member" | "applicant";
  id: string;
  name: string;
  email: string;
  tier: MemberRow["tier"];
  detail: string;
  dueCents: number | null;
  /** A member's paid period now, and where a payment recorded now would take it (so the page can say). */
  paidThrough: string | null;
  paysThrough: string | null;
}

/**
 * Members (paying at the lounge or not) and applicants with an open offer whose name or email
 * contains the search, for the payments page to record against; at most 20 of each.
 */
export async function findPayers(db: D1Database, search: string, now: number = Date.now()): Promise<PayerMatch[]> {
  const database = getDatabase(db);
  const [memberRows, applicantRows] = await database.batch([
    database
      .select({ ...getTableColumns(members), paysThrough: quarterFrom(new Date(now).toISOString()) })
      .from(members)
      .where(and(eq(members.role, "member"), or(containsText(members.name, search), containsText(members.email, search))))
      .orderBy(members.name)
      .limit(20),
    database
      .select()
      .from(invitationRequests)
      .where(
        and(
          eq(invitationRequests.status, "offered"),
          or(containsText(invitationRequests.name, search), containsText(invitationRequests.email, search)),
        ),
      )
      .orderBy(invitationRequests.name)
      .limit(20),
  ]);
  const applicants = await Promise.all(
    applicantRows
      .flatMap((request) => (request.tier ? [{ request, tier: request.tier }] : []))
      .map(async ({ request, tier }) => ({
        kind: "applicant" as const,
        id: request.id,
        name: request.name,
        email: request.email,
        tier,
        detail: "offered a place",
        dueCents: await offerDueCents(db, request.id, tier),
        paidThrough: null,
        paysThrough: null,
      })),
  );
  return [
    ...memberRows.map((member) => ({
      kind: "member" as const,
      id: member.id,
      name: member.name,
      email: member.email,
      tier: member.tier,
      detail: member.subscriptionId ? "pays by card on file" : loungePayerDetail(member, now),
      dueCents: member.subscriptionId ? null : loungeDue(member, now).cents,
      paidThrough: member.paidThrough,
      // An upgrade's difference pays no further quarter: only a quarter's dues move the paid period.
      paysThrough: member.subscriptionId || loungeDue(member, now).kind === "upgrade" ? null : member.paysThrough,
    })),
    ...applicants,
  ];
}

function loungePayerDetail(member: MemberRow, now: number): string {
  const due = loungeDue(member, now);
  return due.kind === "upgrade"
    ? `pays at the lounge; upgrade to ${tierBySlug(due.tier).name} waiting for its prorated difference`
    : "pays at the lounge";
}

export interface RecentLoungePayment extends Pick<LedgerEntry, "id" | "amountCents" | "description" | "method" | "occurredAt"> {
  memberName: string | null;
  recordedByName: string | null;
}

/** The newest payments recorded at the lounge, with who paid and who recorded them. */
export async function listRecentLoungePayments(db: D1Database, limit = 50): Promise<RecentLoungePayment[]> {
  const database = getDatabase(db);
  const rows = await database
    .select()
    .from(duesLedger)
    .where(inArray(duesLedger.method, ["card_terminal", "check", "cash"]))
    .orderBy(desc(duesLedger.occurredAt), desc(duesLedger.id))
    .limit(limit)
    .all();
  const ids = [...new Set(rows.flatMap((row) => [row.memberId, row.recordedBy ?? []]).flat())];
  const names = ids.length
    ? await database.select({ id: members.id, name: members.name }).from(members).where(inArray(members.id, ids)).all()
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amountCents,
    description: row.description,
    method: row.method,
    occurredAt: row.occurredAt,
    memberName: nameOf.get(row.memberId) ?? null,
    recordedByName: row.recordedBy ? (nameOf.get(row.recordedBy) ?? null) : null,
  }));
}
