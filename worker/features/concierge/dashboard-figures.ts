import { and, count, eq, gte, inArray, lt, lte, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { doorCheckIns, duesLedger, invitationRequests, lockerAssignments, lockers } from "#db/schema.ts";
import { membershipTierSlugs } from "#db/schema/members.ts";
import { addDays, portlandMidnight, portlandQuarter, portlandToday, weekMonday } from "#app/features/concierge/club-days.ts";
import { lounges } from "#app/features/site/site-config.ts";
import type { WorkerConfig } from "#worker/config.ts";
import { placesTaken, tierCap, type Tier } from "#worker/features/admissions/tier-places.ts";

/**
 * The concierge dashboard's figures (docs/product-rules.md#dashboard), read in one D1 batch of five
 * aggregate statements, each bounded by its period and answered from an index where the club's
 * tables have one. Every period is the club's: Portland weeks (Monday to Sunday), Portland
 * evenings, the Portland calendar quarter.
 */
export const APPLICATION_WEEKS = 12;
export const CHECK_IN_EVENINGS = 14;

/** Applications that count: every request but a repeat joined to an earlier one (listed, so the status index answers). */
const countedStatuses = ["new", "approved", "declined", "waitlisted", "offered", "paid", "expired"] as const;

/** One column per bucket: how many rows have `column` in [edges[i], edges[i + 1]). */
function bucketCounts(column: SQLWrapper, edges: string[]): Record<string, SQL.Aliased<number>> {
  return Object.fromEntries(
    edges
      .slice(0, -1)
      .map((edge, index) => [
        `b${index}`,
        sql<number>`coalesce(sum(case when ${column} >= ${edge} and ${column} < ${edges[index + 1]} then 1 else 0 end), 0)`.as(`b${index}`),
      ]),
  );
}

export interface DashboardFigures {
  /** Monday (YYYY-MM-DD) of each of the last 12 Portland weeks, oldest first, and the applications received that week. */
  applicationsPerWeek: { weekOf: string; count: number }[];
  /** Places taken in each tier against its cap (the cap the admissions read: TIER_MEMBER_CAPS over site-config). */
  tiers: { tier: Tier; taken: number; cap: number }[];
  /** Each lounge's lockers: held (active, in grace or holding contents), offered, and free. */
  lockers: { lounge: (typeof lounges)[number]["slug"]; total: number; held: number; offered: number }[];
  /** Each of the last 14 Portland evenings, oldest first, with the members checked in (and the guests they brought). */
  checkInsPerEvening: { day: string; members: number; guests: number }[];
  /** Dues this Portland quarter: payments, refunds, and each month's net, in integer cents. */
  dues: { quarterFirstDay: string; paymentsCents: number; refundsCents: number; months: { monthOf: string; netCents: number }[] };
}

export async function dashboardFigures(
  db: D1Database,
  config: Pick<WorkerConfig, "TIER_MEMBER_CAPS">,
  now: number = Date.now(),
): Promise<DashboardFigures> {
  const database = getDatabase(db);
  const today = portlandToday(now);

  const thisMonday = weekMonday(today);
  const mondays = Array.from({ length: APPLICATION_WEEKS + 1 }, (_, index) => addDays(thisMonday, (index - APPLICATION_WEEKS + 1) * 7));
  const weekEdges = mondays.map(portlandMidnight);

  const evenings = Array.from({ length: CHECK_IN_EVENINGS }, (_, index) => addDays(today, index - CHECK_IN_EVENINGS + 1));

  const quarter = portlandQuarter(today);
  const monthEdges = [...quarter.months, quarter.next].map(portlandMidnight);

  const [applicationRows, tierRows, lockerRows, checkInRows, duesRows] = await database.batch([
    database
      .select(bucketCounts(invitationRequests.createdAt, weekEdges))
      .from(invitationRequests)
      .where(
        and(
          inArray(invitationRequests.status, countedStatuses),
          gte(invitationRequests.createdAt, weekEdges[0]!),
          lt(invitationRequests.createdAt, weekEdges.at(-1)!),
        ),
      ),
    database
      .select(
        Object.fromEntries(membershipTierSlugs.map((tier) => [tier, placesTaken(tier).as(tier)])) as Record<Tier, SQL.Aliased<number>>,
      )
      .from(sql`(select 1)`),
    // The live assignment of a locker is unique (locker_assignments_live_locker), so the join adds no rows.
    database
      .select({
        lounge: lockers.lounge,
        total: count(),
        held: sql<number>`coalesce(sum(case when ${lockerAssignments.status} in ('active', 'grace', 'holding') then 1 else 0 end), 0)`.as(
          "held",
        ),
        offered: sql<number>`coalesce(sum(case when ${lockerAssignments.status} = 'offered' then 1 else 0 end), 0)`.as("offered"),
      })
      .from(lockers)
      .leftJoin(lockerAssignments, and(eq(lockerAssignments.lockerId, lockers.id), ne(lockerAssignments.status, "ended")))
      .groupBy(lockers.lounge),
    database
      .select({
        day: doorCheckIns.day,
        members: count(),
        guests:
          sql<number>`coalesce(sum((select count(*) from door_guest_check_ins g where g.check_in_id = door_check_ins.id and g.guest_visit_id is not null)), 0)`.as(
            "guests",
          ),
      })
      .from(doorCheckIns)
      .where(and(gte(doorCheckIns.day, evenings[0]!), lte(doorCheckIns.day, today)))
      .groupBy(doorCheckIns.day),
    database
      .select({
        payments: sql<number>`coalesce(sum(case when ${duesLedger.kind} = 'payment' then ${duesLedger.amountCents} else 0 end), 0)`.as(
          "payments",
        ),
        refunds: sql<number>`coalesce(sum(case when ${duesLedger.kind} = 'refund' then ${duesLedger.amountCents} else 0 end), 0)`.as(
          "refunds",
        ),
        ...Object.fromEntries(
          quarter.months.map((_, index) => [
            `m${index}`,
            sql<number>`coalesce(sum(case when ${duesLedger.occurredAt} >= ${monthEdges[index]} and ${duesLedger.occurredAt} < ${monthEdges[index + 1]} then (case when ${duesLedger.kind} = 'payment' then ${duesLedger.amountCents} else -${duesLedger.amountCents} end) else 0 end), 0)`.as(
              `m${index}`,
            ),
          ]),
        ),
      })
      .from(duesLedger)
      .where(
        and(
          inArray(duesLedger.kind, ["payment", "refund"]),
          gte(duesLedger.occurredAt, monthEdges[0]!),
          lt(duesLedger.occurredAt, monthEdges.at(-1)!),
        ),
      ),
  ]);

  const applications: Record<string, number> = applicationRows[0] ?? {};
  const taken: Partial<Record<Tier, number>> = tierRows[0] ?? {};
  const checkIns = new Map(checkInRows.map((row) => [row.day, row]));
  const lockerCounts = new Map(lockerRows.map((row) => [row.lounge, row]));
  const dues: Record<string, number> = duesRows[0] ?? {};
  return {
    applicationsPerWeek: mondays.slice(0, -1).map((weekOf, index) => ({ weekOf, count: Number(applications[`b${index}`] ?? 0) })),
    tiers: membershipTierSlugs.map((tier) => ({ tier, taken: Number(taken[tier] ?? 0), cap: tierCap(config, tier) })),
    lockers: lounges.map(({ slug }) => {
      const row = lockerCounts.get(slug);
      return { lounge: slug, total: Number(row?.total ?? 0), held: Number(row?.held ?? 0), offered: Number(row?.offered ?? 0) };
    }),
    checkInsPerEvening: evenings.map((day) => ({
      day,
      members: Number(checkIns.get(day)?.members ?? 0),
      guests: Number(checkIns.get(day)?.guests ?? 0),
    })),
    dues: {
      quarterFirstDay: quarter.first,
      paymentsCents: Number(dues.payments ?? 0),
      refundsCents: Number(dues.refunds ?? 0),
      months: quarter.months.map((monthOf, index) => ({ monthOf, netCents: Number(dues[`m${index}`] ?? 0) })),
    },
  };
}
