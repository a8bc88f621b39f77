import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { getDatabase } from "#db/client.ts";
import { duesLedger } from "#db/schema.ts";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkDuesStanding } from "#app/features/dues/dues-standing.server.ts";
import { action as billingAction, loader as billingLoader } from "#app/features/dues/routes/billing.tsx";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { loader as memberAreaLoader } from "#app/features/member-area/routes/member-area.tsx";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { toSignedInMember, type MemberRow } from "#worker/features/members/members.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { DAY_MS, createDuesMember } from "./dues-fixtures.ts";

/**
 * The member areas for a member whose dues are past due or lapsed, and the Membership & Billing
 * page (docs/product-rules.md#billing-renewals-and-lapses), called as React Router calls them: after
 * requireMember, with the layout's other middleware run first.
 */
async function memberAreaArgs(member: MemberRow, path: string, form?: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, form ? { method: "POST", body: new URLSearchParams(form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, toSignedInMember(member));
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** What the dues gate did: passed the request on, or answered it with a redirect. */
async function gate(member: MemberRow, path: string, method = "GET") {
  const args = await memberAreaArgs(member, path, method === "POST" ? {} : undefined);
  let passed = false;
  try {
    await checkDuesStanding(args, async () => {
      passed = true;
      return new Response();
    });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { passed, status: thrown.status, location: thrown.headers.get("Location") };
  }
  return { passed, args };
}

async function rulesAcceptedMember(overrides: Partial<MemberRow> = {}) {
  const member = await createDuesMember(overrides);
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

describe("the member areas for a lapsed member", () => {
  it("send every page, action and data request but billing to /members/billing", async () => {
    const member = await rulesAcceptedMember({ duesStatus: "lapsed" });
    for (const path of ["/members", "/rewards", "/media/downloads/kit.zip", "/rewards.data?_routes=x", "/members/devices"]) {
      expect(await gate(member, path)).toEqual({ passed: false, status: 303, location: "/members/billing" });
    }
    expect(await gate(member, "/rewards", "POST")).toEqual({ passed: false, status: 303, location: "/members/billing" });
    expect(await gate(member, "/members/billing")).toMatchObject({ passed: true });
    expect(await gate(member, "/members/billing.data")).toMatchObject({ passed: true });
    // The rules step shows on billing too, so its action stays open.
    expect(await gate(member, "/members/accept-rules", "POST")).toMatchObject({ passed: true });
  });

  it("stay open to active and past-due members", async () => {
    for (const duesStatus of ["active", "past_due"] as const) {
      const member = await rulesAcceptedMember({ duesStatus, graceEndsAt: duesStatus === "past_due" ? new Date().toISOString() : null });
      expect(await gate(member, "/rewards")).toMatchObject({ passed: true });
    }
  });
});

describe("the past-due banner", () => {
  it("shows on member pages with the end of the grace period, not on the billing page, and never for an active member", async () => {
    const pastDue = await rulesAcceptedMember({ duesStatus: "past_due", graceEndsAt: "2027-03-15T18:00:00.000Z" });
    const onRewards = await gate(pastDue, "/rewards");
    expect(memberAreaLoader(onRewards.args!)).toMatchObject({ duesBanner: { graceEndsLabel: "March 15, 2027" } });
    const onBilling = await gate(pastDue, "/members/billing");
    expect(memberAreaLoader(onBilling.args!).duesBanner).toBeUndefined();
    const active = await rulesAcceptedMember();
    expect(memberAreaLoader((await gate(active, "/rewards")).args!).duesBanner).toBeUndefined();
  });
});

describe("Membership & Billing", () => {
  it("shows the tier, status in words, next renewal, a coming downgrade and every ledger entry, newest first", async () => {
    const member = await rulesAcceptedMember({
      tier: "platinum",
      pendingTier: "business",
      paidThrough: "2027-06-01T18:00:00.000Z",
      paymentCustomerId: `cus_${crypto.randomUUID()}`,
      subscriptionId: `sub_${crypto.randomUUID()}`,
    });
    const entry = (kind: "charge" | "payment" | "refund", amountCents: number, occurredAt: string) => ({
      memberId: member.id,
      kind,
      amountCents,
      description: `${kind} entry`,
      method: "stripe" as const,
      externalId: `in_${crypto.randomUUID()}`,
      occurredAt,
    });
    await getDatabase(env.DB)
      .insert(duesLedger)
      .values([
        entry("payment", 429700, "2026-12-01T18:00:00.000Z"),
        entry("charge", 179700, "2027-02-01T18:00:00.000Z"),
        entry("refund", 1250, "2027-02-03T18:00:00.000Z"),
      ]);
    const page = await billingLoader(await memberAreaArgs(member, "/members/billing"));
    expect(page).toMatchObject({
      tierName: "Platinum",
      quarterlyLabel: "$1,797",
      statusWords: "Active: your dues are paid.",
      paidThroughLabel: "June 1, 2027",
      pendingTierName: "Business",
      paysBySubscription: true,
      canManage: true,
    });
    expect(page!.ledger.map(({ kind, amountLabel, dateLabel }) => [kind, amountLabel, dateLabel])).toEqual([
      ["Refund", "−$12.50", "February 3, 2027"],
      ["Charge", "$1,797", "February 1, 2027"],
      ["Payment", "$4,297", "December 1, 2026"],
    ]);
  });

  it("says when a past-due member's grace ends, and a lapsed member still reaches the page", async () => {
    const pastDue = await rulesAcceptedMember({
      duesStatus: "past_due",
      graceEndsAt: new Date(Date.parse("2027-03-01T18:00:00Z") + 14 * DAY_MS).toISOString(),
    });
    expect(await billingLoader(await memberAreaArgs(pastDue, "/members/billing"))).toMatchObject({
      statusWords: "Past due: your last dues were not received.",
      graceEndsLabel: "March 15, 2027",
    });
    const lapsed = await rulesAcceptedMember({ duesStatus: "lapsed" });
    expect(await billingLoader(await memberAreaArgs(lapsed, "/members/billing"))).toMatchObject({ status: "lapsed", canManage: false });
  });

  it("sends a member with a card on file to the provider's billing portal, and tells a lounge payer there is none", async () => {
    const subscriber = await rulesAcceptedMember({ paymentCustomerId: "cus_portal_test", subscriptionId: `sub_${crypto.randomUUID()}` });
    const response = (await billingAction(await memberAreaArgs(subscriber, "/members/billing", { intent: "manage" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("cus_portal_test");
    const loungePayer = await rulesAcceptedMember();
    const refused = (await billingAction(
      await memberAreaArgs(loungePayer, "/members/billing", { intent: "manage" }),
    )) as DataWithResponseInit<ActionResult>;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ form: "manage", ok: false });
  });

  it("changes the tier from the form, and says so when a downgrade waits for the quarter's end", async () => {
    const member = await rulesAcceptedMember({ tier: "platinum", paidThrough: "2027-06-01T18:00:00.000Z" });
    const scheduled = (await billingAction(
      await memberAreaArgs(member, "/members/billing", { intent: "change-tier", formKey: crypto.randomUUID(), tier: "kickback" }),
    )) as DataWithResponseInit<ActionResult>;
    expect(scheduled.data).toEqual({
      form: "tier",
      ok: true,
      toast: { title: "Change Scheduled", description: "You move to Kickback when your current quarter ends." },
    });
    const unknownTier = (await billingAction(
      await memberAreaArgs(member, "/members/billing", { intent: "change-tier", formKey: crypto.randomUUID(), tier: "diamond" }),
    )) as DataWithResponseInit<ActionResult>;
    expect(unknownTier.init?.status).toBe(400);
    expect(await billingLoader(await memberAreaArgs(member, "/members/billing"))).toMatchObject({
      tierName: "Platinum",
      pendingTierName: "Kickback",
    });
  });

  it("makes a change of tier once when its form is sent again after its success", async () => {
    const member = await rulesAcceptedMember({ tier: "platinum", paidThrough: "2027-06-01T18:00:00.000Z" });
    const form = { intent: "change-tier", formKey: crypto.randomUUID(), tier: "kickback" };
    const first = (await billingAction(await memberAreaArgs(member, "/members/billing", form))) as DataWithResponseInit<ActionResult>;
    expect(first.data).toMatchObject({ form: "tier", ok: true });
    const again = (await billingAction(await memberAreaArgs(member, "/members/billing", form))) as DataWithResponseInit<ActionResult>;
    expect(again.init?.status).toBe(409);
    expect(again.data).toEqual({ form: "tier", ok: false, error: "This change of tier is already made. Nothing more was done." });
  });

  it("tells a lounge payer their upgrade waits for its prorated difference, and shows what is owed, promising no proration it does not keep", async () => {
    const member = await rulesAcceptedMember({ tier: "business", paidThrough: new Date(Date.now() + 45 * DAY_MS).toISOString() });
    const reserved = (await billingAction(
      await memberAreaArgs(member, "/members/billing", { intent: "change-tier", formKey: crypto.randomUUID(), tier: "platinum" }),
    )) as DataWithResponseInit<ActionResult>;
    expect(reserved.data).toEqual({
      form: "tier",
      ok: true,
      toast: {
        title: "Upgrade Reserved",
        description: expect.stringMatching(
          /^Your place in Platinum is held\. Pay the difference of \$\d{3}(\.\d{2})? at the lounge; you become a Platinum member when the concierge records it\.$/,
        ),
      },
    });
    const page = await billingLoader(await memberAreaArgs(member, "/members/billing"));
    expect(page).toMatchObject({
      tierName: "Business",
      pendingTierName: null,
      waitingUpgrade: { tierName: "Platinum", owedLabel: expect.stringMatching(/^\$\d{3}(\.\d{2})?$/) },
    });
  });
});
