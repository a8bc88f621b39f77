import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import { workerConfig } from "#worker/config.ts";
import type { PaymentProvider } from "#worker/features/dues/payment-provider.ts";
import { changeMembershipTier } from "#worker/features/dues/tier-changes.ts";
import { createDuesMember, memberRow, placesTakenIn } from "./dues-fixtures.ts";
import { insertOffer } from "./offer-fixtures.ts";

/** Tier changes from the billing page (docs/product-rules.md#billing-renewals-and-lapses), against the real D1. */
type Caps = ReturnType<typeof workerConfig>["TIER_MEMBER_CAPS"];

function setup(caps: Caps = {}, options: { failing?: boolean } = {}) {
  const changeSubscriptionTier = vi.fn(async () => {
    if (options.failing) throw new Error("provider unavailable");
    return {} as never;
  });
  const provider = { name: "stripe", changeSubscriptionTier } as unknown as PaymentProvider;
  const logSecurityEvent = vi.fn();
  const context = { env, config: { ...workerConfig(env), TIER_MEMBER_CAPS: caps }, logSecurityEvent };
  return { provider, changeSubscriptionTier, logSecurityEvent, context };
}

const subscribed = (overrides: Parameters<typeof createDuesMember>[0] = {}) =>
  createDuesMember({ subscriptionId: `sub_${crypto.randomUUID()}`, paidThrough: "2027-06-01T18:00:00.000Z", ...overrides });

describe("an upgrade", () => {
  it("takes effect at once, with the subscription prorated under an idempotency key, and is audited", async () => {
    const { provider, changeSubscriptionTier, logSecurityEvent, context } = setup();
    const member = await subscribed({ tier: "kickback" });
    expect(await changeMembershipTier(context, provider, member.id, "platinum")).toEqual({
      ok: true,
      change: "upgraded",
      tier: "platinum",
      differenceCharged: true,
    });
    expect((await memberRow(member.id)).tier).toBe("platinum");
    expect(changeSubscriptionTier).toHaveBeenCalledWith(member.subscriptionId, "platinum", {
      prorate: true,
      idempotencyKey: expect.stringMatching(new RegExp(`^tier-change:${member.id}:upgrade:platinum:[0-9a-f-]{36}$`)),
    });
    expect(logSecurityEvent).toHaveBeenCalledWith(expect.objectContaining({ eventType: "tier_changed", userId: member.id }));
  });

  it("is refused when the tier is full, changing nothing and asking the provider nothing", async () => {
    const member = await subscribed({ tier: "business" });
    const { provider, changeSubscriptionTier, context } = setup({ platinum: await placesTakenIn("platinum") });
    expect(await changeMembershipTier(context, provider, member.id, "platinum")).toEqual({ ok: false, reason: "full" });
    expect((await memberRow(member.id)).tier).toBe("business");
    expect(changeSubscriptionTier).not.toHaveBeenCalled();
  });

  it("is refused while an applicant waits for the tier, even with a place free: the waitlist comes first", async () => {
    const member = await subscribed({ tier: "kickback" });
    const waiting = await insertOffer({ tier: "platinum", status: "waitlisted" });
    const { provider, changeSubscriptionTier, context } = setup({ platinum: (await placesTakenIn("platinum")) + 5 });
    try {
      expect(await changeMembershipTier(context, provider, member.id, "platinum")).toEqual({ ok: false, reason: "full" });
      expect((await memberRow(member.id)).tier).toBe("kickback");
      expect(changeSubscriptionTier).not.toHaveBeenCalled();
    } finally {
      await getDatabase(env.DB).update(invitationRequests).set({ status: "declined" }).where(eq(invitationRequests.id, waiting.id));
    }
  });

  it("never overfills the tier when many members ask for its last place at once", async () => {
    const hopefuls = await Promise.all(Array.from({ length: 8 }, () => subscribed({ tier: "kickback" })));
    const { provider, context } = setup({ platinum: (await placesTakenIn("platinum")) + 1 });
    const outcomes = await Promise.all(hopefuls.map((member) => changeMembershipTier(context, provider, member.id, "platinum")));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "full")).toHaveLength(7);
    const tiers = await Promise.all(hopefuls.map(async (member) => (await memberRow(member.id)).tier));
    expect(tiers.filter((tier) => tier === "platinum")).toHaveLength(1);
  });

  it("is undone when the provider refuses it, so the member keeps the tier they pay for", async () => {
    const { provider, context } = setup({}, { failing: true });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const member = await subscribed({ tier: "kickback" });
    expect(await changeMembershipTier(context, provider, member.id, "business")).toEqual({ ok: false, reason: "provider-failed" });
    expect((await memberRow(member.id)).tier).toBe("kickback");
  });

  it("for a member who pays at the lounge, takes effect without the provider", async () => {
    const { provider, changeSubscriptionTier, context } = setup();
    const member = await createDuesMember({ tier: "kickback" });
    expect(await changeMembershipTier(context, provider, member.id, "business")).toMatchObject({ ok: true, change: "upgraded" });
    expect(changeSubscriptionTier).not.toHaveBeenCalled();
  });
});

describe("a downgrade", () => {
  it("waits for the end of the paid period: the tier stays, the next dues change without proration", async () => {
    const { provider, changeSubscriptionTier, context } = setup();
    const member = await subscribed({ tier: "platinum" });
    expect(await changeMembershipTier(context, provider, member.id, "kickback")).toEqual({
      ok: true,
      change: "downgrade-scheduled",
      tier: "kickback",
    });
    expect(await memberRow(member.id)).toMatchObject({ tier: "platinum", pendingTier: "kickback" });
    expect(changeSubscriptionTier).toHaveBeenCalledWith(member.subscriptionId, "kickback", expect.objectContaining({ prorate: false }));
  });

  it("keeps the member's place in the lower tier from the moment it is chosen, so taking effect never overfills it", async () => {
    const member = await subscribed({ tier: "platinum" });
    const before = await placesTakenIn("business");
    const { provider, context } = setup({ business: before + 1 });
    expect(await changeMembershipTier(context, provider, member.id, "business")).toMatchObject({ ok: true, change: "downgrade-scheduled" });
    expect(await placesTakenIn("business")).toBe(before + 1);
    const latecomer = await subscribed({ tier: "platinum" });
    expect(await changeMembershipTier(context, provider, latecomer.id, "business")).toEqual({ ok: false, reason: "full" });
    expect((await memberRow(latecomer.id)).pendingTier).toBeNull();
  });

  it("is refused when the lower tier is full or someone waits for it, changing nothing and asking the provider nothing", async () => {
    const member = await subscribed({ tier: "platinum" });
    const full = setup({ kickback: await placesTakenIn("kickback") });
    expect(await changeMembershipTier(full.context, full.provider, member.id, "kickback")).toEqual({ ok: false, reason: "full" });
    const waiting = await insertOffer({ tier: "kickback", status: "waitlisted" });
    const roomy = setup({ kickback: (await placesTakenIn("kickback")) + 5 });
    try {
      expect(await changeMembershipTier(roomy.context, roomy.provider, member.id, "kickback")).toEqual({ ok: false, reason: "full" });
    } finally {
      await getDatabase(env.DB).update(invitationRequests).set({ status: "declined" }).where(eq(invitationRequests.id, waiting.id));
    }
    expect((await memberRow(member.id)).pendingTier).toBeNull();
    expect(full.changeSubscriptionTier).not.toHaveBeenCalled();
    expect(roomy.changeSubscriptionTier).not.toHaveBeenCalled();
  });

  it("is undone when the provider refuses it, giving the lower tier's place back", async () => {
    const member = await subscribed({ tier: "platinum" });
    const before = await placesTakenIn("kickback");
    const { provider, context } = setup({}, { failing: true });
    expect(await changeMembershipTier(context, provider, member.id, "kickback")).toEqual({ ok: false, reason: "provider-failed" });
    expect((await memberRow(member.id)).pendingTier).toBeNull();
    expect(await placesTakenIn("kickback")).toBe(before);
  });

  it("can be cancelled before then, putting the subscription back on the current tier's dues", async () => {
    const { provider, changeSubscriptionTier, context } = setup();
    const member = await subscribed({ tier: "platinum", pendingTier: "business" });
    expect(await changeMembershipTier(context, provider, member.id, "platinum")).toEqual({
      ok: true,
      change: "downgrade-cancelled",
      tier: "platinum",
    });
    expect((await memberRow(member.id)).pendingTier).toBeNull();
    expect(changeSubscriptionTier).toHaveBeenCalledWith(member.subscriptionId, "platinum", expect.objectContaining({ prorate: false }));
  });
});

describe("a change, its cancellation and the same change again", () => {
  it("leave the subscription on the changed price: the provider replays no earlier call (it answers a reused key with its first answer)", async () => {
    const answered = new Map<string, string>();
    let price = "platinum";
    const changeSubscriptionTier = vi.fn(async (_id: string, slug: string, options: { idempotencyKey: string }) => {
      // As Stripe does for 24 hours: a key seen before answers the first call and changes nothing.
      if (!answered.has(options.idempotencyKey)) {
        answered.set(options.idempotencyKey, slug);
        price = slug;
      }
      return {} as never;
    });
    const provider = { name: "stripe", changeSubscriptionTier } as unknown as PaymentProvider;
    const context = { env, config: workerConfig(env), logSecurityEvent: vi.fn() };
    const member = await subscribed({ tier: "platinum" });
    await changeMembershipTier(context, provider, member.id, "kickback");
    await changeMembershipTier(context, provider, member.id, "platinum");
    expect(price).toBe("platinum");
    expect(await changeMembershipTier(context, provider, member.id, "kickback")).toMatchObject({ ok: true, change: "downgrade-scheduled" });
    expect(price).toBe("kickback");
    expect((await memberRow(member.id)).pendingTier).toBe("kickback");
  });
});

describe("a tier change refused", () => {
  it("for a lapsed or past-due member, and for the tier already held", async () => {
    const { provider, context } = setup();
    const lapsed = await subscribed({ duesStatus: "lapsed" });
    expect(await changeMembershipTier(context, provider, lapsed.id, "platinum")).toEqual({ ok: false, reason: "lapsed" });
    const pastDue = await subscribed({ tier: "kickback", duesStatus: "past_due", graceEndsAt: "2027-06-15T18:00:00.000Z" });
    expect(await changeMembershipTier(context, provider, pastDue.id, "business")).toEqual({ ok: false, reason: "past-due" });
    expect((await memberRow(pastDue.id)).tier).toBe("kickback");
    const member = await subscribed({ tier: "business" });
    expect(await changeMembershipTier(context, provider, member.id, "business")).toEqual({ ok: false, reason: "same-tier" });
  });
});
