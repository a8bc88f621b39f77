import { desc, eq, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { duesLedger, members } from "#db/schema.ts";
import { quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { upgradeDifferenceCents } from "./upgrade-proration.ts";

/**
 * A member's dues (docs/product-rules.md#billing-renewals-and-lapses): the rules every path shares
 * (the webhook, the cron, payments recorded at the lounge) and what the billing page reads.
 */

/** A renewal that fails, or a lounge quarter that runs out, leaves the member this long to pay. */
export const GRACE_PERIOD_MS = 14 * 24 * 60 * 60 * 1000;

export type DuesStatus = MemberRow["duesStatus"];
export type LedgerEntry = typeof duesLedger.$inferSelect;

/**
 * The end of the quarter that starts at `from` (an SQL expression of a UTC ISO time): three
 * calendar months on, by SQLite's own date arithmetic, so a period extended inside an UPDATE (from
 * the row's own value) and one computed beforehand agree.
 */
export function quarterAfterSql(from: SQL | string): SQL<string> {
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${from}, '+3 months')`;
}

/** quarterAfterSql for a time the caller holds. */
export async function quarterAfter(db: D1Database, fromIso: string): Promise<string> {
  const row = await getDatabase(db).get<{ end: string }>(sql`select ${quarterAfterSql(fromIso)} as end`);
  return row!.end;
}

/** A quarter's dues for the tier the member will hold in it: a downgrade they chose applies from the next quarter. */
export function nextQuarterDuesCents(member: Pick<MemberRow, "tier" | "pendingTier">): number {
  return quarterlyDuesCents(tierBySlug(member.pendingTier ?? member.tier));
}

/** Whether `to` costs more than `from` (an upgrade). */
export const isUpgrade = (from: MemberRow["tier"], to: MemberRow["tier"]) => tierBySlug(to).monthlyPrice > tierBySlug(from).monthlyPrice;

/**
 * What a member who pays at the lounge owes next (docs/product-rules.md#payments-recorded-at-the-lounge):
 * the prorated difference of an upgrade waiting for it (upgrade-proration.ts), while their paid
 * period runs; otherwise a quarter's dues for the tier they will hold in it.
 */
export type LoungeDue = { kind: "upgrade" | "quarter"; tier: MemberRow["tier"]; cents: number };

export function loungeDue(member: Pick<MemberRow, "tier" | "pendingTier" | "paidThrough">, now: number): LoungeDue {
  const next = member.pendingTier ?? member.tier;
  if (member.pendingTier && isUpgrade(member.tier, member.pendingTier)) {
    const cents = upgradeDifferenceCents({
      fromQuarterlyCents: quarterlyDuesCents(tierBySlug(member.tier)),
      toQuarterlyCents: quarterlyDuesCents(tierBySlug(member.pendingTier)),
      paidThrough: member.paidThrough ? Date.parse(member.paidThrough) : null,
      now,
    });
    if (cents > 0) return { kind: "upgrade", tier: member.pendingTier, cents };
  }
  return { kind: "quarter", tier: next, cents: nextQuarterDuesCents(member) };
}

export interface MembershipBilling {
  member: Pick<
    MemberRow,
    "id" | "tier" | "duesStatus" | "paidThrough" | "graceEndsAt" | "pendingTier" | "subscriptionId" | "paymentCustomerId"
  >;
  ledger: LedgerEntry[];
}

/** The member's billing page: their dues columns and every ledger entry, newest first. */
export async function loadMembershipBilling(db: D1Database, memberId: string): Promise<MembershipBilling | null> {
  const database = getDatabase(db);
  const [member, ledger] = await database.batch([
    database
      .select({
        id: members.id,
        tier: members.tier,
        duesStatus: members.duesStatus,
        paidThrough: members.paidThrough,
        graceEndsAt: members.graceEndsAt,
        pendingTier: members.pendingTier,
        subscriptionId: members.subscriptionId,
        paymentCustomerId: members.paymentCustomerId,
      })
      .from(members)
      .where(eq(members.id, memberId)),
    database.select().from(duesLedger).where(eq(duesLedger.memberId, memberId)).orderBy(desc(duesLedger.occurredAt), desc(duesLedger.id)),
  ]);
  return member[0] ? { member: member[0], ledger } : null;
}

/** The member's dues status alone, for the member areas' gate and banner (one indexed read). */
export async function findDuesStanding(
  db: D1Database,
  memberId: string,
): Promise<Pick<MemberRow, "duesStatus" | "graceEndsAt"> | undefined> {
  return getDatabase(db)
    .select({ duesStatus: members.duesStatus, graceEndsAt: members.graceEndsAt })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
}
