import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { action as paymentsAction } from "#app/features/dues/routes/payments.tsx";
import { workerConfig } from "#worker/config.ts";
import { recordLoungePayment, type RecordedPayment } from "#worker/features/dues/recorded-payments.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { toSignedInMember } from "#worker/features/members/members.ts";
import { insertInvitationRequest, testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { DAY_MS, createDuesMember, emailsTo, ledgerOf, memberRow } from "./dues-fixtures.ts";

/** Payments recorded at the lounge (docs/product-rules.md#payments-recorded-at-the-lounge), against the real D1. */
const siteUrl = "https://emberandoak.test";
const now = Date.parse("2027-03-01T18:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const BUSINESS_QUARTER = 89700;

let logSecurityEvent = vi.fn();
const context = () => ({ env, config: { ...workerConfig(env), SITE_URL: siteUrl }, signingKey: testSigningKey(), logSecurityEvent });
let conciergeId = "";

beforeEach(async () => {
  logSecurityEvent = vi.fn();
  conciergeId = (await createDuesMember({ role: "concierge", name: "Elena Marsh" })).id;
});
afterEach(() => vi.restoreAllMocks());

const payment = (payerId: string, overrides: Partial<RecordedPayment> = {}): RecordedPayment => ({
  paymentKey: crypto.randomUUID(),
  payer: { kind: "member", id: payerId },
  amountCents: BUSINESS_QUARTER,
  method: "check",
  reference: "Check 1042",
  ...overrides,
});

describe("a member's payment recorded at the lounge", () => {
  it("enters the ledger, pays one quarter from now when the paid period has ended, makes the dues active and is audited", async () => {
    const member = await createDuesMember({
      duesStatus: "past_due",
      paidThrough: iso(now - 10 * DAY_MS),
      graceEndsAt: iso(now + 4 * DAY_MS),
    });
    const outcome = await recordLoungePayment(context(), conciergeId, payment(member.id), now);
    expect(outcome).toEqual({ ok: true, kind: "member", name: member.name, paidThrough: "2027-06-01T18:00:00.000Z", upgradedTo: null });
    expect(await memberRow(member.id)).toMatchObject({ duesStatus: "active", paidThrough: "2027-06-01T18:00:00.000Z", graceEndsAt: null });
    expect(await ledgerOf(member.id)).toMatchObject([
      {
        kind: "payment",
        amountCents: BUSINESS_QUARTER,
        method: "check",
        recordedBy: conciergeId,
        occurredAt: iso(now),
        description: "Quarterly dues, Business, check at the lounge (Check 1042)",
      },
    ]);
    expect(logSecurityEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        eventType: "payment_recorded",
        userId: conciergeId,
        details: expect.objectContaining({ payerId: member.id, amountCents: BUSINESS_QUARTER }),
      }),
    );
  });

  it("pays the quarter after the one already paid when paid early, and reinstates a lapsed member", async () => {
    const early = await createDuesMember({ paidThrough: "2027-04-15T07:00:00.000Z" });
    await recordLoungePayment(context(), conciergeId, payment(early.id), now);
    expect((await memberRow(early.id)).paidThrough).toBe("2027-07-15T07:00:00.000Z");
    const lapsed = await createDuesMember({ duesStatus: "lapsed", paidThrough: iso(now - 40 * DAY_MS) });
    await recordLoungePayment(context(), conciergeId, payment(lapsed.id, { method: "cash", reference: null }), now);
    expect(await memberRow(lapsed.id)).toMatchObject({ duesStatus: "active", paidThrough: "2027-06-01T18:00:00.000Z" });
  });

  it("charges a chosen downgrade's dues and applies the tier with the quarter it pays", async () => {
    const member = await createDuesMember({ tier: "platinum", pendingTier: "kickback", paidThrough: iso(now - DAY_MS) });
    expect(await recordLoungePayment(context(), conciergeId, payment(member.id, { amountCents: 179700 }), now)).toEqual({
      ok: false,
      reason: "wrong-amount",
      dueCents: 44700,
    });
    expect(await recordLoungePayment(context(), conciergeId, payment(member.id, { amountCents: 44700 }), now)).toMatchObject({ ok: true });
    expect(await memberRow(member.id)).toMatchObject({ tier: "kickback", pendingTier: null });
  });

  it("refuses another amount than the quarter's dues, and a member billed by subscription, changing nothing", async () => {
    const member = await createDuesMember({ paidThrough: iso(now - DAY_MS) });
    expect(await recordLoungePayment(context(), conciergeId, payment(member.id, { amountCents: 50000 }), now)).toEqual({
      ok: false,
      reason: "wrong-amount",
      dueCents: BUSINESS_QUARTER,
    });
    const subscriber = await createDuesMember({ subscriptionId: `sub_${crypto.randomUUID()}`, paidThrough: iso(now + DAY_MS) });
    expect(await recordLoungePayment(context(), conciergeId, payment(subscriber.id), now)).toEqual({
      ok: false,
      reason: "pays-by-subscription",
    });
    expect(await ledgerOf(member.id)).toEqual([]);
    expect(await ledgerOf(subscriber.id)).toEqual([]);
    expect((await memberRow(member.id)).paidThrough).toBe(iso(now - DAY_MS));
    expect(logSecurityEvent).not.toHaveBeenCalled();
  });

  it("records the same form once, however often it is sent at once", async () => {
    const member = await createDuesMember({ paidThrough: iso(now - DAY_MS) });
    const sameForm = payment(member.id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => recordLoungePayment(context(), conciergeId, sameForm, now)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "already-recorded")).toHaveLength(9);
    expect(await ledgerOf(member.id)).toHaveLength(1);
    expect((await memberRow(member.id)).paidThrough).toBe("2027-06-01T18:00:00.000Z");
  });

  it("adds one quarter for each of several payments recorded at the same moment", async () => {
    const member = await createDuesMember({ paidThrough: iso(now - DAY_MS) });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => recordLoungePayment(context(), conciergeId, payment(member.id), now)),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await ledgerOf(member.id)).toHaveLength(4);
    expect((await memberRow(member.id)).paidThrough).toBe("2028-03-01T18:00:00.000Z");
  });
});

describe("an applicant's offer paid at the lounge", () => {
  async function offeredApplicant() {
    const applicant = await insertInvitationRequest();
    await getDatabase(env.DB)
      .update(invitationRequests)
      .set({
        status: "offered",
        tier: "kickback",
        offeredAt: iso(now - DAY_MS),
        offerExpiresAt: iso(now + 6 * DAY_MS),
        decidedBy: conciergeId,
      })
      .where(eq(invitationRequests.id, applicant.id));
    return applicant;
  }

  it("makes them a member paid for a quarter, with the initiation fee and dues in the ledger and their sign-in email", async () => {
    const applicant = await offeredApplicant();
    const due = 50000 + 44700;
    expect(
      await recordLoungePayment(
        context(),
        conciergeId,
        payment(applicant.id, { payer: { kind: "applicant", id: applicant.id }, amountCents: 90000 }),
        now,
      ),
    ).toEqual({ ok: false, reason: "wrong-amount", dueCents: due });
    const outcome = await recordLoungePayment(
      context(),
      conciergeId,
      payment(applicant.id, { payer: { kind: "applicant", id: applicant.id }, amountCents: due, method: "card_terminal" }),
      now,
    );
    expect(outcome).toEqual({ ok: true, kind: "applicant", name: applicant.name });
    const request = await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, applicant.id)).get();
    expect(request).toMatchObject({ status: "paid" });
    const member = await memberRow(request!.memberId!);
    expect(member).toMatchObject({ tier: "kickback", duesStatus: "active", paidThrough: "2027-06-01T18:00:00.000Z", subscriptionId: null });
    expect(await ledgerOf(member.id)).toMatchObject([
      { kind: "payment", amountCents: due, method: "card_terminal", recordedBy: conciergeId },
    ]);
    // The welcome email, and the email of the new member's locker (docs/product-rules.md#lockers).
    expect((await emailsTo(member.email)).map((email) => email.subject)).toEqual([
      "Welcome to Ember & Oak Society",
      "A locker is waiting for you at Ember & Oak Society",
    ]);
    expect(
      await recordLoungePayment(
        context(),
        conciergeId,
        payment(applicant.id, { payer: { kind: "applicant", id: applicant.id }, amountCents: due }),
        now,
      ),
    ).toEqual({ ok: false, reason: "not-offered" });
  });
});

describe("the payments page's action", () => {
  async function post(form: Record<string, string>) {
    const request = new Request("http://localhost/concierge/payments", { method: "POST", body: new URLSearchParams(form) });
    const routerContext = new RouterContextProvider();
    routerContext.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
    routerContext.set(memberContext, toSignedInMember(await memberRow(conciergeId)));
    const result = (await paymentsAction({
      request,
      params: {},
      context: routerContext,
      url: new URL(request.url),
      pattern: "/concierge/payments",
    } as never)) as DataWithResponseInit<ActionResult>;
    return { status: result.init?.status ?? 200, outcome: result.data };
  }

  it("reads dollars and cents into cents, and refuses a malformed amount or method with field errors", async () => {
    const member = await createDuesMember({ paidThrough: iso(Date.now() - DAY_MS) });
    const base = { formKey: crypto.randomUUID(), payer: `member:${member.id}`, method: "cash" };
    expect(await post({ ...base, amount: "12.5", method: "wire" })).toMatchObject({
      status: 400,
      outcome: {
        ok: false,
        fieldErrors: { amount: "Enter the amount in dollars and cents, like 897.00.", method: "Choose how they paid." },
      },
    });
    expect(await ledgerOf(member.id)).toEqual([]);
    expect(await post({ ...base, amount: "$897.00" })).toMatchObject({
      status: 200,
      outcome: { ok: true, toast: { title: "Payment Recorded" } },
    });
    expect(await ledgerOf(member.id)).toMatchObject([{ amountCents: BUSINESS_QUARTER, method: "cash" }]);
  });

  it("records a form once when it is pressed again after its success, and a further quarter only with a new form", async () => {
    const member = await createDuesMember({ paidThrough: iso(Date.now() + 30 * DAY_MS) });
    const form = { formKey: crypto.randomUUID(), payer: `member:${member.id}`, amount: "897.00", method: "cash" };
    expect(await post(form)).toMatchObject({ status: 200, outcome: { ok: true } });
    const paidThrough = (await memberRow(member.id)).paidThrough;
    expect(await post(form)).toMatchObject({
      status: 409,
      outcome: { ok: false, error: "This payment is already recorded. Nothing more was done." },
    });
    expect(await ledgerOf(member.id)).toHaveLength(1);
    expect((await memberRow(member.id)).paidThrough).toBe(paidThrough);
    expect(await post({ ...form, formKey: crypto.randomUUID() })).toMatchObject({ status: 200, outcome: { ok: true } });
    expect(await ledgerOf(member.id)).toHaveLength(2);
  });

  it("lets the same form, corrected after a refusal, be sent again", async () => {
    const member = await createDuesMember({ paidThrough: iso(Date.now() - DAY_MS) });
    const form = { formKey: crypto.randomUUID(), payer: `member:${member.id}`, amount: "447.00", method: "check" };
    expect(await post(form)).toMatchObject({
      status: 400,
      outcome: { ok: false, error: "The amount due is $897. Record exactly that amount." },
    });
    expect(await post({ ...form, amount: "897.00" })).toMatchObject({ status: 200, outcome: { ok: true } });
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });
});
