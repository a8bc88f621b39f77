import { Form, Link } from "react-router";
import type { Route } from "./+types/console-guests";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { lounges } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { guestLogQuery } from "../guest-forms.ts";
import { expectedGuestsOn, guestLog } from "../guests.server.ts";

const PAUSED = "Host's membership paused";

/** Guest log rows a page. */
const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Guests");

/**
 * /concierge/guests (docs/operators.md#guests): today's expected guests at each lounge (Portland's
 * day) and the guest log, newest first, searchable by guest name. The console layout admits
 * concierges only and is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = guestLogQuery.parse(queryFields(new URL(request.url)));
  const today = portlandDay(new Date());
  const [expected, log] = await Promise.all([
    expectedGuestsOn(env.DB, today),
    guestLog(env.DB, { query: query.q, page: query.page, pageSize: PAGE_SIZE }),
  ]);
  const row = (guest: (typeof expected)[number]) => ({
    id: guest.id,
    guestName: guest.guestName,
    hostName: guest.hostName ?? "Former member",
    fee: guest.stickFeeWaived ? "Waived" : "Pays",
    extra: guest.eventNightExtra ? "Event-night extra" : "",
  });
  return {
    todayLabel: formatPortlandDay(today),
    query,
    lounges: lounges.map((lounge) => ({
      slug: lounge.slug,
      name: lounge.name,
      guests: expected.filter((guest) => guest.lounge === lounge.slug && !guest.hostPaused).map(row),
      // Not expected while their host's membership is paused (docs/operators.md#guests).
      paused: expected.filter((guest) => guest.lounge === lounge.slug && guest.hostPaused).map(row),
    })),
    log: log.rows.map((guest) => ({
      ...row(guest),
      dayLabel: formatPortlandDay(guest.day),
      loungeName: lounges.find((lounge) => lounge.slug === guest.lounge)?.name ?? guest.lounge,
      status: guest.status === "cancelled" ? "Cancelled" : guest.hostPaused ? PAUSED : "Expected",
      registeredLabel: formatConsoleTime(guest.createdAt) ?? guest.createdAt,
    })),
    hasMore: log.hasMore,
  };
}

function pageLink(q: string | null, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}#guest-log-title` : "#guest-log-title";
}

export default function ConsoleGuests({ loaderData }: Route.ComponentProps) {
  const { query, lounges: byLounge, log, hasMore } = loaderData;
  return (
    <>
      <Section id="expected-guests" eyebrow="Guests" title={`Expected today, ${loaderData.todayLabel}`}>
        <div className="grid gap-8">
          {byLounge.map((lounge) => (
            <div key={lounge.slug}>
              <h3 className="text-2xl text-cream">{lounge.name}</h3>
              {lounge.guests.length === 0 ? (
                <p className="mt-2 text-smoke">No guests expected.</p>
              ) : (
                <ConsoleTable
                  id={`expected-${lounge.slug}`}
                  caption={`Guests expected today at the ${lounge.name}`}
                  columns={["Guest", "Host", "Stick fee", "Event night"]}
                >
                  {lounge.guests.map((guest) => (
                    <tr key={guest.id}>
                      <td className={cellClasses}>{guest.guestName}</td>
                      <td className={cellClasses}>{guest.hostName}</td>
                      <td className={cellClasses}>{guest.fee}</td>
                      <td className={cellClasses}>{guest.extra}</td>
                    </tr>
                  ))}
                </ConsoleTable>
              )}
              {lounge.paused.length > 0 ? (
                <p className="mt-2 text-smoke">
                  {PAUSED}, not expected: {lounge.paused.map((guest) => `${guest.guestName} (host ${guest.hostName})`).join("; ")}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </Section>
      <Section id="guest-log" eyebrow="Guests" title="Guest log" tone="humidor">
        <Form method="get" role="search" aria-label="Search the guest log" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="guest-search" label="Guest name">
            {(control) => (
              <input {...control} type="search" name="q" defaultValue={query.q ?? ""} maxLength={100} className={inputClasses} />
            )}
          </Field>
          <div>
            <SubmitButton variant="secondary">Search</SubmitButton>
          </div>
        </Form>
        <p className="mt-6 text-smoke" role="status">
          {log.length === 0
            ? query.q
              ? "No guest matches this search."
              : "No guests registered yet."
            : `Page ${query.page}: ${log.length} registration${log.length === 1 ? "" : "s"}, newest first.`}
        </p>
        {log.length > 0 ? (
          <ConsoleTable
            id="guest-log-table"
            caption="Guest registrations, newest first"
            columns={["Registered", "Day", "Lounge", "Guest", "Host", "Stick fee", "Status"]}
          >
            {log.map((guest) => (
              <tr key={guest.id}>
                <td className={cellClasses}>{guest.registeredLabel}</td>
                <td className={cellClasses}>{guest.dayLabel}</td>
                <td className={cellClasses}>{guest.loungeName}</td>
                <td className={cellClasses}>{guest.guestName}</td>
                <td className={cellClasses}>{guest.hostName}</td>
                <td className={cellClasses}>
                  {guest.fee}
                  {guest.extra ? ` (${guest.extra})` : ""}
                </td>
                <td className={cellClasses}>{guest.status}</td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
        <nav aria-label="Guest log pages" className="mt-6 flex gap-6">
          {query.page > 1 ? (
            <Link to={pageLink(query.q, query.page - 1)} className="text-brass underline hover:text-cream">
              Newer
            </Link>
          ) : null}
          {hasMore ? (
            <Link to={pageLink(query.q, query.page + 1)} className="text-brass underline hover:text-cream">
              Older
            </Link>
          ) : null}
        </nav>
      </Section>
    </>
  );
}
