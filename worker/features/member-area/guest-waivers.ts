import { and, between, count, eq, lt } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { insertSelectRow } from "#db/insert-select.ts";
import { guestWaivers, members } from "#db/schema.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import type { MemberRow } from "#worker/features/members/members.ts";

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

/** The waivers of `day`'s month: days are YYYY-MM-DD text, so the month runs from -01 to -31. */
function inMonthOf(day: string) {
  const month = day.slice(0, 7);
  return between(guestWaivers.day, `${month}-01`, `${month}-31`);
}

export async function guestWaiverStatus(db: D1Database, memberId: string, tier: MemberRow["tier"], now: Date): Promise<GuestWaiverStatus> {
  const day = portlandDay(now);
  const rows = await getDatabase(db)
    .select({ day: guestWaivers.day, guestName: guestWaivers.guestName })
    .from(guestWaivers)
    .where(and(eq(guestWaivers.memberId, memberId), inMonthOf(day)))
    .all();
  return {
    day,
    guestName: rows.find((row) => row.day === day)?.guestName ?? null,
    usedThisMonth: rows.length,
    monthlyLimit: guestWaiverDaysPerMonth[tier],
  };
}

/**
 * Uses today's waiver for `guestName`. One statement (INSERT … SELECT from the member's row WHERE
 * the month's count is under the limit, ON CONFLICT DO NOTHING on the daily key), so both limits
 * are checked and the row written atomically: concurrent claims cannot both pass either limit.
 */
export async function claimGuestWaiver(
  db: D1Database,
  { memberId, tier, guestName, now }: { memberId: string; tier: MemberRow["tier"]; guestName: string; now: Date },
): Promise<GuestWaiverClaim> {
  const day = portlandDay(now);
  const limit = guestWaiverDaysPerMonth[tier];
  const database = getDatabase(db);
  const usedThisMonth = database
    .select({ used: count() })
    .from(guestWaivers)
    .where(and(eq(guestWaivers.memberId, memberId), inMonthOf(day)));
  const [claimed] = await database
    .insert(guestWaivers)
    .select(
      database
        .select(insertSelectRow(guestWaivers, { memberId, day, guestName }))
        .from(members)
        .where(and(eq(members.id, memberId), limit === null ? undefined : lt(usedThisMonth, limit))),
    )
    .onConflictDoNothing()
    .returning({ day: guestWaivers.day });
  if (claimed) return { ok: true, day, guestName };
  const today = await database
    .select({ day: guestWaivers.day })
    .from(guestWaivers)
    .where(and(eq(guestWaivers.memberId, memberId), eq(guestWaivers.day, day)))
    .get();
  return { ok: false, reason: today ? "used-today" : "monthly-limit-reached" };
}
