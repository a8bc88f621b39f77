import type { Route } from "./+types/dashboard";
import { conciergeMeta } from "../console-format.ts";
import { ColumnChart, MeterChart } from "../dashboard-charts.tsx";
import { Section } from "#app/ui/section.tsx";
import { formatCents } from "#app/lib/money.ts";
import { requestContext } from "#app/context.ts";
import { loungeBySlug, tierBySlug } from "#app/features/site/site-config.ts";
import { dashboardFigures } from "../dashboard.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Dashboard");

// Days are YYYY-MM-DD Portland days: read at noon UTC, which is the same day in Portland.
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const utcFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
const shortDay = utcFormat({ month: "short", day: "numeric" });
const longDay = utcFormat({ weekday: "long", month: "long", day: "numeric" });
const weekName = utcFormat({ month: "long", day: "numeric", year: "numeric" });
const monthName = utcFormat({ month: "long", year: "numeric" });
const shortMonth = utcFormat({ month: "short" });
const longMonth = utcFormat({ month: "long" });

const plural = (count: number, [one, many]: [string, string]) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/**
 * The club at a glance (docs/product-rules.md#dashboard): applications per week, places in each
 * tier against its cap, lockers held per lounge, check-ins per evening and the quarter's dues, all
 * read in one D1 batch and drawn on the server.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const figures = await dashboardFigures(env.DB, config);
  const applications = figures.applicationsPerWeek;
  const totalApplications = applications.reduce((sum, week) => sum + week.count, 0);
  const evenings = figures.checkInsPerEvening;
  const totalCheckIns = evenings.reduce((sum, evening) => sum + evening.members, 0);
  const busiest = evenings.reduce((best, evening) => (evening.members > best.members ? evening : best), evenings[0]!);
  const net = figures.dues.paymentsCents - figures.dues.refundsCents;
  const quarterMonths = figures.dues.months;
  return {
    applications: {
      summary: `${plural(totalApplications, ["application", "applications"])} in the last ${applications.length} weeks; ${plural(applications.at(-1)!.count, ["application", "applications"])} so far this week.`,
      columns: applications.map((week) => ({
        label: shortDay.format(at(week.weekOf)),
        name: `Week of ${weekName.format(at(week.weekOf))}`,
        value: week.count,
      })),
    },
    tiers: {
      summary: figures.tiers.map(({ tier, taken, cap }) => `${tierBySlug(tier).name}: ${taken} of ${cap} places taken`).join("; ") + ".",
      meters: figures.tiers.map(({ tier, taken, cap }) => ({
        label: tierBySlug(tier).name,
        value: taken,
        of: cap,
        reading: `${taken} of ${cap}`,
        cells: [String(taken), String(cap), String(Math.max(0, cap - taken))],
      })),
    },
    lockers: {
      summary:
        figures.lockers
          .map(({ lounge, total, held, offered }) => `${loungeBySlug(lounge).name}: ${held} of ${total} held, ${offered} offered`)
          .join("; ") + ".",
      meters: figures.lockers.map(({ lounge, total, held, offered }) => ({
        label: loungeBySlug(lounge).name,
        value: held,
        extra: offered,
        of: total,
        reading: `${held} held · ${offered} offered · ${total - held - offered} free`,
        cells: [String(held), String(offered), String(total - held - offered), String(total)],
      })),
    },
    checkIns: {
      summary:
        totalCheckIns === 0
          ? `No check-ins in the last ${evenings.length} evenings.`
          : `${plural(totalCheckIns, ["check-in", "check-ins"])} in the last ${evenings.length} evenings; the busiest, ${longDay.format(at(busiest.day))}, had ${busiest.members}.`,
      columns: evenings.map((evening) => ({
        label: shortDay.format(at(evening.day)),
        name: `${longDay.format(at(evening.day))}${evening.guests ? ` (and ${plural(evening.guests, ["guest", "guests"])})` : ""}`,
        value: evening.members,
      })),
    },
    dues: {
      quarterLabel: `${longMonth.format(at(quarterMonths[0]!.monthOf))}–${monthName.format(at(quarterMonths[2]!.monthOf))}`,
      net: formatCents(net),
      payments: formatCents(figures.dues.paymentsCents),
      refunds: formatCents(figures.dues.refundsCents),
      summary: `Dues collected this quarter, net of refunds: ${quarterMonths.map((month) => `${monthName.format(at(month.monthOf))} ${formatCents(month.netCents)}`).join("; ")}.`,
      columns: quarterMonths.map((month) => ({
        label: shortMonth.format(at(month.monthOf)),
        name: monthName.format(at(month.monthOf)),
        value: month.netCents,
        valueLabel: formatCents(month.netCents),
      })),
    },
  };
}

export default function ConciergeDashboard({ loaderData }: Route.ComponentProps) {
  const { applications, tiers, lockers, checkIns, dues } = loaderData;
  return (
    <Section id="dashboard" eyebrow="The club at a glance" title="Dashboard">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 rounded-sm border border-cedar bg-humidor p-5 sm:col-span-1">
          <dt className="text-sm font-semibold uppercase tracking-[0.14em] text-brass">Dues collected, {dues.quarterLabel}</dt>
          <dd className="mt-2 font-display text-4xl text-cream tabular-nums">{dues.net}</dd>
        </div>
        <div className="rounded-sm border border-cedar bg-humidor p-5">
          <dt className="text-sm font-semibold uppercase tracking-[0.14em] text-brass">Payments</dt>
          <dd className="mt-2 text-2xl text-cream tabular-nums">{dues.payments}</dd>
        </div>
        <div className="rounded-sm border border-cedar bg-humidor p-5">
          <dt className="text-sm font-semibold uppercase tracking-[0.14em] text-brass">Refunds</dt>
          <dd className="mt-2 text-2xl text-cream tabular-nums">{dues.refunds}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-smoke">The quarter so far, in Portland time; refunds are subtracted from the payments received.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ColumnChart
          title="Applications per week"
          summary={applications.summary}
          columns={applications.columns}
          periodHeading="Week (Monday to Sunday)"
          valueHeading="Applications"
          labelEvery={3}
          emptyText="No applications in these 12 weeks"
        />
        <ColumnChart
          title="Check-ins per evening"
          summary={checkIns.summary}
          columns={checkIns.columns}
          periodHeading="Evening"
          valueHeading="Members checked in"
          labelEvery={4}
          emptyText="No check-ins in these 14 evenings"
        />
        <MeterChart
          title="Members by tier against the cap"
          summary={tiers.summary}
          meters={tiers.meters}
          headings={["Tier", "Places taken", "Cap", "Free"]}
        />
        <MeterChart
          title="Locker occupancy"
          summary={lockers.summary}
          meters={lockers.meters}
          headings={["Lounge", "Held", "Offered", "Free", "Lockers"]}
          legend={{ value: "Held", extra: "Offered" }}
        />
        <ColumnChart
          title="Dues collected per month"
          summary={dues.summary}
          columns={dues.columns}
          periodHeading="Month"
          valueHeading="Net of refunds"
          emptyText="Nothing collected yet this quarter"
        />
      </div>
      <p className="mt-6 text-sm text-smoke">
        A place in a tier is taken by each member whose dues have not lapsed and by each open offer. Applications count every request but a
        repeat of one made in the 30 days before.
      </p>
    </Section>
  );
}
