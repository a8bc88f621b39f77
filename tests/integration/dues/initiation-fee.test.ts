import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { invitationRequests, members, outbox } from "#db/schema.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { workerConfig } from "#worker/config.ts";
import { approveInvitationRequest } from "#worker/features/admissions/admissions.ts";
import { findApplicationStatus } from "#worker/features/admissions/application-status.ts";
import { initiationFeeDueCents } from "#worker/features/dues/initiation-fee.ts";
import { localCheckoutView, payLocalCheckout } from "#worker/features/dues/local-stand-in-pages.ts";
import { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
import { findPayers, recordLoungePayment } from "#worker/features/dues/recorded-payments.ts";
import { fakeStripeApi } from "#tests/fakes/stripe-api.ts";
import { insertInvitationRequest, testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { createDuesMember } from "./dues-fixtures.ts";
import { contextFor, deliverWebhook, insertOffer, ledgerOfRequest, requestRow } from "./offer-fixtures.ts";

/**
 * The initiation fee is waived for an applicant introduced by a current member in good standing
 * (docs/product-rules.md#paying-an-offer): the concierge linked a sponsor, the sponsor answered yes,
 * and the sponsor is an active member with active dues when the amount is decided.
 */
const business = tierBySlug("business");
const BUSINESS_FEE = business.initiationFeeCents;
const BUSINESS_QUARTER = quarterlyDuesCents(business);

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Links a sponsor (a new member with these fields) to the request and records their answer. */
async function sponsor(requestId: string, answer: "yes" | "no" | "unknown" | null, fields: Partial<MemberRow> = {}) {
  const member = await createDuesMember(fields);
  await getDatabase(env.DB)
    .update(invitationRequests)
    .set({ sponsorMemberId: member.id, sponsorAnswer: answer, sponsorAnsweredAt: answer ? new Date().toISOString() : null })
    .where(eq(invitationRequests.id, requestId));
  return member;
}

async function setSponsorStanding(memberId: string, fields: Partial<MemberRow>) {
  await getDatabase(env.DB).update(members).set(fields).where(eq(members.id, memberId));
}

const start = async (requestId: string, bindings?: Env) => {
  const { context, settle } = contextFor(bindings);
  const result = await startOfferCheckout(context, requestId);
  await settle();
  return result;
};

describe("who is introduced by a current member in good standing", () => {
  it("waives the fee when an active sponsor with active dues said yes", async () => {
    const offer = await insertOffer();
    await sponsor(offer.id, "yes");
    expect(await initiationFeeDueCents(env.DB, offer.id, "business")).toBe(0);
  });

  it.each([
    ["the sponsor said no", "no", {}],
    ["the sponsor does not know them", "unknown", {}],
    ["the sponsor has not answered", null, {}],
    ["the sponsor's dues lapsed", "yes", { duesStatus: "lapsed" }],
    ["the sponsor's dues are past due", "yes", { duesStatus: "past_due" }],
    ["the sponsor is suspended", "yes", { status: "suspended" }],
    ["the sponsor has not set up sign-in yet", "yes", { status: "invited" }],
  ] as const)("charges the tier's fee when %s", async (_, answer, fields) => {
    const offer = await insertOffer();
    await sponsor(offer.id, answer, fields);
    expect(await initiationFeeDueCents(env.DB, offer.id, "business")).toBe(BUSINESS_FEE);
  });

  it("charges the tier's fee when no sponsor is linked", async () => {
    const offer = await insertOffer({ tier: "platinum" });
    expect(await initiationFeeDueCents(env.DB, offer.id, "platinum")).toBe(tierBySlug("platinum").initiationFeeCents);
  });

  it("counts a concierge who vouched as a sponsor like any active member", async () => {
    const offer = await insertOffer();
    await sponsor(offer.id, "yes", { role: "concierge" });
    expect(await initiationFeeDueCents(env.DB, offer.id, "business")).toBe(0);
  });
});

describe("an offer with the fee waived", () => {
  it("shows the applicant no fee on the status page", async () => {
    const offer = await insertOffer();
    await sponsor(offer.id, "yes");
    expect(await findApplicationStatus(env.DB, offer.id)).toMatchObject({ status: "offered", initiationFeeCents: 0 });
    const charged = await insertOffer();
    await sponsor(charged.id, "no");
    expect(await findApplicationStatus(env.DB, charged.id)).toMatchObject({ status: "offered", initiationFeeCents: BUSINESS_FEE });
  });

  it("leaves the initiation line out of Stripe Checkout, and the ledger records what Stripe charged", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    await sponsor(offer.id, "yes");
    expect(await start(offer.id)).toMatchObject({ ok: true });

    const [create] = stripe.sessionCreates();
    expect(create!.params).toMatchObject({
      "line_items[0][price_data][unit_amount]": String(BUSINESS_QUARTER),
      "line_items[0][price_data][recurring][interval_count]": "3",
    });
    expect(Object.keys(create!.params).some((name) => name.startsWith("line_items[1]"))).toBe(false);
    expect(create!.idempotencyKey).toContain(":fee-0:");

    expect((await deliverWebhook(stripe.pay((await requestRow(offer.id)).checkoutSessionId!))).status).toBe(200);
    expect(await ledgerOfRequest(offer.id)).toEqual([
      expect.objectContaining({
        kind: "payment",
        amountCents: BUSINESS_QUARTER,
        description: "First quarter's dues, initiation fee waived (Business)",
      }),
    ]);
    const [welcome] = await getDatabase(env.DB).select().from(outbox).where(eq(outbox.recipient, offer.email.toLowerCase())).all();
    expect(welcome!.body).toContain("Your first quarter's dues are received");
  });

  it("prices the next attempt afresh when the sponsor lapses while a session is open: a new session with the fee, under another key", async () => {
    const stripe = fakeStripeApi();
    const offer = await insertOffer();
    const member = await sponsor(offer.id, "yes");
    await start(offer.id);
    const waivedSession = (await requestRow(offer.id)).checkoutSessionId!;

    await setSponsorStanding(member.id, { duesStatus: "lapsed" });
    const again = await start(offer.id);
    const chargedSession = (await requestRow(offer.id)).checkoutSessionId!;
    expect(chargedSession).not.toBe(waivedSession);
    expect(again).toEqual({ ok: true, url: `https://checkout.stripe.test/c/pay/${chargedSession}` });
    const [first, second] = stripe.sessionCreates();
    expect(second!.params["line_items[0][price_data][unit_amount]"]).toBe(String(BUSINESS_FEE));
    expect(second!.params["line_items[1][price_data][unit_amount]"]).toBe(String(BUSINESS_QUARTER));
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(second!.idempotencyKey).toContain(`:fee-${BUSINESS_FEE}:`);

    // Reinstated: the open session priced with the fee is not reused either.
    await setSponsorStanding(member.id, { duesStatus: "active" });
    await start(offer.id);
    expect(stripe.sessionCreates()).toHaveLength(3);
    expect(stripe.sessionCreates()[2]!.params["line_items[0][price_data][unit_amount]"]).toBe(String(BUSINESS_QUARTER));
  });

  it("charges only the first quarter in the local stand-in's Checkout", async () => {
    const offer = await insertOffer();
    await sponsor(offer.id, "yes");
    expect(await start(offer.id, env)).toMatchObject({ ok: true });
    const sessionId = (await requestRow(offer.id)).checkoutSessionId!;
    expect(await localCheckoutView(contextFor(env).context, sessionId)).toMatchObject({
      initiationFeeCents: 0,
      duesCents: BUSINESS_QUARTER,
    });

    const { context, settle } = contextFor(env);
    expect(await payLocalCheckout(context, sessionId)).toBe("/application?checkout=complete");
    await settle();
    expect(await ledgerOfRequest(offer.id)).toEqual([expect.objectContaining({ kind: "payment", amountCents: BUSINESS_QUARTER })]);
  });

  it("is due at the lounge without the fee", async () => {
    const offer = await insertOffer();
    await sponsor(offer.id, "yes");
    const [match] = (await findPayers(env.DB, offer.email)).filter((payer) => payer.kind === "applicant");
    expect(match).toMatchObject({ id: offer.id, dueCents: BUSINESS_QUARTER });

    const context = { env, config: workerConfig(env), signingKey: testSigningKey(), logSecurityEvent: vi.fn() };
    const payment = (amountCents: number) => ({
      paymentKey: crypto.randomUUID(),
      payer: { kind: "applicant" as const, id: offer.id },
      amountCents,
      method: "cash" as const,
      reference: null,
    });
    expect(await recordLoungePayment(context, offer.conciergeId, payment(BUSINESS_FEE + BUSINESS_QUARTER))).toEqual({
      ok: false,
      reason: "wrong-amount",
      dueCents: BUSINESS_QUARTER,
    });
    expect(await recordLoungePayment(context, offer.conciergeId, payment(BUSINESS_QUARTER))).toMatchObject({ ok: true });
    expect(await ledgerOfRequest(offer.id)).toEqual([expect.objectContaining({ amountCents: BUSINESS_QUARTER })]);
  });

  it("says so in the offer email; an applicant whose sponsor said no reads the fee", async () => {
    const services = { env, config: workerConfig(env), signingKey: testSigningKey() };
    const concierge = await createDuesMember({ role: "concierge" });
    const emailsTo = (recipient: string) => getDatabase(env.DB).select().from(outbox).where(eq(outbox.recipient, recipient)).all();

    const vouched = await insertInvitationRequest();
    await sponsor(vouched.id, "yes");
    const refused = await insertInvitationRequest();
    await sponsor(refused.id, "no");
    for (const request of [vouched, refused]) {
      const result = await approveInvitationRequest(services, {
        requestId: request.id,
        conciergeId: concierge.id,
        tier: "business",
        note: null,
      });
      expect(result).toMatchObject({ ok: true });
    }

    const offerTo = async (email: string) =>
      (await emailsTo(email)).find((message) => /membership offer/.test(message.subject ?? ""))!.body;
    const waived = await offerTo(vouched.email);
    expect(waived).toContain("initiation fee is waived");
    expect(waived).not.toContain("$1,000");
    expect(waived).toContain("$897");
    const charged = await offerTo(refused.email);
    expect(charged).toContain("initiation fee of $1,000");
    expect(charged).not.toContain("waived");
  });
});
