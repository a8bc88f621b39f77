import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
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
  const database = getDatabase(db);
  const item = await database
    .select({ id: rewardItems.id, name: rewardItems.name, description: rewardItems.description, pointsCost: rewardItems.pointsCost })
    .from(rewardItems)
    .where(and(eq(rewardItems.id, itemId), eq(rewardItems.active, true)))
    .get();
  if (!item) return { ok: false, reason: "unknown-item" };

  try {
    const [deducted] = await database.batch([
      database
        .update(members)
        // Arithmetic on the stored balance: the builder has no "column minus value".
        .set({ pointsBalance: sql`${members.pointsBalance} - ${item.pointsCost}` })
        .where(eq(members.id, memberId))
        .returning({ balance: members.pointsBalance }),
      // Written only for a member row that exists (INSERT … SELECT … FROM members).
      database.insert(rewardRedemptions).select(
        database
          .select(insertSelectRow(rewardRedemptions, { memberId, itemId: item.id, points: item.pointsCost }))
          .from(members)
          .where(eq(members.id, memberId)),
      ),
    ]);
    const balance = deducted[0]?.balance;
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
