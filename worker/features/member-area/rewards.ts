import { and, asc, desc, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { members, rewardItems, rewardRedemptions } from "#db/schema.ts";

/**
 * The Rewards Shop: points are spent on the active catalogue items. A redemption
 * deducts the points and records itself in one D1 batch (a transaction); the members table's
 * CHECK (points_balance >= 0) fails the whole batch when the balance would go below zero, so
 * concurrent redemptions can never overspend.
 */
export type RewardItem = Pick<typeof rewardItems.$inferSelect, "id" | "name" | "description" | "pointsCost">;

export interface RecentRedemption {
  id: number;
  itemName: string;
  points: number;
  createdAt: string;
}

export type RedemptionResult =
  { ok: true; item: RewardItem; balance: number } | { ok: false; reason: "unknown-item" | "not-enough-points" };

export async function listActiveRewardItems(db: D1Database): Promise<RewardItem[]> {
  return getDatabase(db)
    .select({ id: rewardItems.id, name: rewardItems.name, description: rewardItems.description, pointsCost: rewardItems.pointsCost })
    .from(rewardItems)
    .where(eq(rewardItems.active, true))
    .orderBy(asc(rewardItems.pointsCost), asc(rewardItems.name))
    .all();
}

export async function findPointsBalance(db: D1Database, memberId: string): Promise<number> {
  const row = await getDatabase(db).select({ balance: members.pointsBalance }).from(members).where(eq(members.id, memberId)).get();
  return row?.balance ?? 0;
}

export async function listRecentRedemptions(db: D1Database, memberId: string, limit = 10): Promise<RecentRedemption[]> {
  return getDatabase(db)
    .select({
      id: rewardRedemptions.id,
      itemName: rewardItems.name,
      points: rewardRedemptions.points,
      createdAt: rewardRedemptions.createdAt,
    })
    .from(rewardRedemptions)
    .innerJoin(rewardItems, eq(rewardItems.id, rewardRedemptions.itemId))
    .where(eq(rewardRedemptions.memberId, memberId))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(limit)
    .all();
}

export async function redeemReward(db: D1Database, memberId: string, itemId: string): Promise<RedemptionResult> {
  const item = await getDatabase(db)
    .select({ id: rewardItems.id, name: rewardItems.name, description: rewardItems.description, pointsCost: rewardItems.pointsCost })
    .from(rewardItems)
    .where(and(eq(rewardItems.id, itemId), eq(rewardItems.active, true)))
    .get();
  if (!item) return { ok: false, reason: "unknown-item" };

  // D1's own batch rather than Drizzle's: the redemption is written only for a member row that
  // exists (INSERT … SELECT … FROM members), which Drizzle's insert builder cannot express.
  try {
    const [deducted] = await db.batch<{ balance: number }>([
      db
        .prepare("UPDATE members SET points_balance = points_balance - ?1 WHERE id = ?2 RETURNING points_balance AS balance")
        .bind(item.pointsCost, memberId),
      db
        .prepare("INSERT INTO reward_redemptions (member_id, item_id, points) SELECT id, ?1, ?2 FROM members WHERE id = ?3")
        .bind(item.id, item.pointsCost, memberId),
    ]);
    const balance = deducted?.results[0]?.balance;
    // Only a signed-in (so existing) member redeems; without the row, the batch changed nothing.
    if (balance === undefined) throw new Error(`no member ${memberId} to redeem for`);
    return { ok: true, item, balance };
  } catch (error) {
    if (isNegativeBalanceError(error)) return { ok: false, reason: "not-enough-points" };
    throw error;
  }
}

/** The CHECK constraint members_points_not_negative refused the batch. */
function isNegativeBalanceError(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes("members_points_not_negative")) return true;
  }
  return false;
}
