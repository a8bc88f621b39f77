import { and, eq, sql } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { guestWaivers } from "#db/schema.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import type { MemberRow } from "../members/members.ts";

/**
 * Guest privileges (docs/product-rules.md#member-area): one plus-one a day whose stick fee is waived, the day
 * being Portland's. The primary key (member, day) makes it at most one per member per day, however
 * many requests race. Kickback members have it on four days a month (site-config's tier list);
 * Business and Platinum every day.
 */
export const guestWaiverDaysPerMonth: Record<MemberRow["tier"], number | null> = {
  kickback: 4,
  business: null,
  platinum: null,
};

export interface GuestWaiverStatus {
  /** Today in Portland, YYYY-MM-DD. */
  day: string;
  /** Today's waived guest, or null while today's waiver is unused. */
  guestName: string | null;
  usedThisMonth: number;
  /** Waived days a month for the member's tier; null when every day has one. */
  monthlyLimit: number | null;
}

export type GuestWaiverClaim = { ok: true; day: string; guestName: string } | { ok: false; reason: "used-today" | "monthly-limit-reached" };

/** "2026-11" of "2026-11-21". */
const monthOf = (day: string) => day.slice(0, 7);

export async function guestWaiverStatus(db: D1Database, memberId: string, tier: MemberRow["tier"], now: Date): Promise<GuestWaiverStatus> {
  const day = portlandDay(now);
  const rows = await getDatabase(db)
    .select({ day: guestWaivers.day, guestName: guestWaivers.guestName })
    .from(guestWaivers)
    .where(and(eq(guestWaivers.memberId, memberId), sql`substr(${guestWaivers.day}, 1, 7) = ${monthOf(day)}`))
    .all();
  return {
    day,
    guestName: rows.find((row) => row.day === day)?.guestName ?? null,
    usedThisMonth: rows.length,
    monthlyLimit: guestWaiverDaysPerMonth[tier],
  };
}

/**
 * Uses today's waiver for `guestName`. One statement, so the daily key and the monthly count are
 * checked and the row written atomically: concurrent claims cannot both pass either limit.
 */
export async function claimGuestWaiver(
  db: D1Database,
  { memberId, tier, guestName, now }: { memberId: string; tier: MemberRow["tier"]; guestName: string; now: Date },
): Promise<GuestWaiverClaim> {
  const day = portlandDay(now);
  const limit = guestWaiverDaysPerMonth[tier];
  const withinMonthlyLimit =
    limit === null
      ? sql`1`
      : sql`(SELECT count(*) FROM guest_waivers WHERE member_id = ${memberId} AND substr(day, 1, 7) = ${monthOf(day)}) < ${limit}`;
  const [claimed] = await getDatabase(db).all<{ day: string }>(sql`
    INSERT INTO guest_waivers (member_id, day, guest_name)
    SELECT ${memberId}, ${day}, ${guestName} WHERE ${withinMonthlyLimit}
    ON CONFLICT DO NOTHING
    RETURNING day`);
  if (claimed) return { ok: true, day, guestName };
  const today = await getDatabase(db)
    .select({ day: guestWaivers.day })
    .from(guestWaivers)
    .where(and(eq(guestWaivers.memberId, memberId), eq(guestWaivers.day, day)))
    .get();
  return { ok: false, reason: today ? "used-today" : "monthly-limit-reached" };
}
