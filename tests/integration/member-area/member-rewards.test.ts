import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findPointsBalance, listActiveRewardItems, listRecentRedemptions, redeemReward } from "#worker/features/member-area/rewards.ts";
import { countRows, createMember, pointsOf } from "#tests/integration/support/member-area-records.ts";

// The catalogue of migrations/0004_club_catalogue.sql: the cutter costs 1,200 points.
const cutter = { id: "double-guillotine-cutter", name: "Double-guillotine cutter", pointsCost: 1200 };

describe("the rewards catalogue", () => {
  it("lists the active items, cheapest first, and leaves withdrawn ones out", async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO reward_items (id, name, description, points_cost, active) VALUES ('withdrawn-item', 'Withdrawn', 'Gone.', 10, 0)",
    ).run();
    const items = await listActiveRewardItems(env.DB);
    expect(items.map((item) => item.id)).not.toContain("withdrawn-item");
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.map((item) => item.pointsCost)).toEqual([...items.map((item) => item.pointsCost)].sort((a, b) => a - b));
    expect(items).toContainEqual(expect.objectContaining(cutter));
  });
});

describe("redeeming a reward", () => {
  it("deducts exactly the item's cost and records the redemption", async () => {
    const member = await createMember({ points: 5000 });
    const result = await redeemReward(env.DB, member.id, cutter.id);
    expect(result).toMatchObject({ ok: true, item: cutter, balance: 3800 });
    expect(await pointsOf(member.id)).toBe(3800);
    expect(await findPointsBalance(env.DB, member.id)).toBe(3800);
    expect(await listRecentRedemptions(env.DB, member.id)).toEqual([expect.objectContaining({ itemName: cutter.name, points: 1200 })]);
  });

  it("refuses when the balance is short, changing nothing", async () => {
    const member = await createMember({ points: 1199 });
    expect(await redeemReward(env.DB, member.id, cutter.id)).toEqual({ ok: false, reason: "not-enough-points" });
    expect(await pointsOf(member.id)).toBe(1199);
    expect(await countRows("reward_redemptions", member.id)).toBe(0);
  });

  it("spends a balance down to exactly zero", async () => {
    const member = await createMember({ points: 1200 });
    expect(await redeemReward(env.DB, member.id, cutter.id)).toMatchObject({ ok: true, balance: 0 });
    expect(await redeemReward(env.DB, member.id, cutter.id)).toEqual({ ok: false, reason: "not-enough-points" });
    expect(await pointsOf(member.id)).toBe(0);
  });

  it("refuses unknown and withdrawn items", async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO reward_items (id, name, description, points_cost, active) VALUES ('withdrawn-item', 'Withdrawn', 'Gone.', 10, 0)",
    ).run();
    const member = await createMember({ points: 5000 });
    expect(await redeemReward(env.DB, member.id, "no-such-item")).toEqual({ ok: false, reason: "unknown-item" });
    expect(await redeemReward(env.DB, member.id, "withdrawn-item")).toEqual({ ok: false, reason: "unknown-item" });
    expect(await pointsOf(member.id)).toBe(5000);
  });

  it("never goes below zero when ten redemptions arrive at once, and deducts exactly the ones that succeed", async () => {
    const member = await createMember({ points: 5000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => redeemReward(env.DB, member.id, cutter.id)));
    const succeeded = results.filter((result) => result.ok);
    expect(succeeded).toHaveLength(4);
    expect(results.filter((result) => !result.ok && result.reason === "not-enough-points")).toHaveLength(6);
    expect(await pointsOf(member.id)).toBe(5000 - 4 * 1200);
    expect(await countRows("reward_redemptions", member.id)).toBe(4);
    // Each success saw its own balance after its own deduction: 3800, 2600, 1400, 200 in some order.
    expect(succeeded.map((result) => (result.ok ? result.balance : -1)).sort((a, b) => b - a)).toEqual([3800, 2600, 1400, 200]);
  });

  it("keeps every member's balance apart when they redeem at the same time", async () => {
    const [rich, poor] = await Promise.all([createMember({ points: 2400 }), createMember({ points: 100 })]);
    const results = await Promise.all([rich, poor, rich, poor].map((member) => redeemReward(env.DB, member.id, cutter.id)));
    expect(results.map((result) => result.ok)).toEqual([true, false, true, false]);
    expect(await pointsOf(rich.id)).toBe(0);
    expect(await pointsOf(poor.id)).toBe(100);
  });

  it("lists recent redemptions newest first, only the member's own", async () => {
    const [member, other] = await Promise.all([createMember({ points: 10_000 }), createMember({ points: 10_000 })]);
    await redeemReward(env.DB, member.id, cutter.id);
    await redeemReward(env.DB, member.id, "cedar-travel-humidor");
    await redeemReward(env.DB, other.id, "house-lighter");
    expect((await listRecentRedemptions(env.DB, member.id)).map((redemption) => redemption.itemName)).toEqual([
      "Cedar travel humidor",
      cutter.name,
    ]);
  });
});
