import type { Route } from "./+types/security-events";
import { queryFields, securityEventQuery } from "../concierge-forms.ts";
import { conciergeMeta, formatConsoleTime, listSummary } from "../console-format.ts";
import { ConsoleFilters } from "../console-filters.tsx";
import { cellClasses, ConsoleTable } from "../console-table.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { listSecurityEvents, securityEventTypes } from "#app/features/concierge/concierge.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Security events");

/** The newest security events, filtered by severity and type. Addresses are stored only as keyed hashes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = securityEventQuery.parse(queryFields(new URL(request.url)));
  const [events, types] = await Promise.all([
    listSecurityEvents(env.DB, { severity: query.severity, eventType: query.type, limit: LIST_LIMIT }),
    securityEventTypes(env.DB),
  ]);
  return {
    query,
    // A type typed into the address but not (yet) in the log still shows as the chosen option.
    types: query.type && !types.includes(query.type) ? [...types, query.type] : types,
    events: events.map((event) => ({
      id: event.id,
      eventType: event.eventType,
      severity: event.severity,
      description: event.description,
      member: event.memberName ?? event.userId,
      details: detailsText(event.metadata),
      browserReport: browserReportText(event.metadata),
      createdAtLabel: formatConsoleTime(event.createdAt) ?? event.createdAt,
    })),
  };
}

/** The event's own details and the page it happened on, as one short line. */
function detailsText(metadata: Record<string, unknown>): string {
  const parts: string[] = [];
  const details = metadata.details;
  if (details && typeof details === "object" && Object.keys(details).length > 0) parts.push(JSON.stringify(details));
  if (typeof metadata.pageUrl === "string") parts.push(`page ${metadata.pageUrl}`);
  return parts.join("; ").slice(0, 500);
}

/**
 * What a browser sent with its report (docs/security.md#logging), labelled as the browser's words
 * so the concierge never reads them as the site's. The Worker stored it trimmed to one short line.
 */
function browserReportText(metadata: Record<string, unknown>): string | null {
  const report = metadata.reportedByBrowser;
  if (!report || typeof report !== "object") return null;
  const { detail, referrer } = report as { detail?: unknown; referrer?: unknown };
  const parts = [typeof detail === "string" ? `"${detail}"` : "no detail", typeof referrer === "string" ? `(page ${referrer})` : ""];
  return `Reported by the browser: ${parts.join(" ").trim()}`;
}

const severityOptions = [
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
];

export default function ConciergeSecurityEvents({ loaderData }: Route.ComponentProps) {
  const { events, types, query } = loaderData;
  return (
    <Section id="security-events" eyebrow="Security log" title="Security events">
      <ConsoleFilters
        label="Filter security events"
        className="grid gap-4 sm:grid-cols-[12rem_16rem_auto] sm:items-end"
        filters={[
          { id: "event-severity", name: "severity", label: "Severity", value: query.severity, options: severityOptions },
          {
            id: "event-type",
            name: "type",
            label: "Event type",
            value: query.type,
            options: types.map((type) => ({ value: type, label: type })),
          },
        ]}
      />
      <p className="mt-6 text-smoke">
        {events.length === 0 ? "No security events match." : listSummary(events.length, LIST_LIMIT, ["event", "events"])}
      </p>
      {events.length > 0 ? (
        <ConsoleTable
          id="security-events-table"
          caption="Security events, newest first"
          columns={["Time", "Severity", "Type", "Description", "Member", "Details"]}
        >
          {events.map((event) => (
            <tr key={event.id}>
              <td className={cellClasses}>{event.createdAtLabel}</td>
              <td className={`${cellClasses} capitalize`}>{event.severity}</td>
              <td className={`${cellClasses} font-mono text-xs`}>{event.eventType}</td>
              <td className={cellClasses}>{event.description}</td>
              <td className={cellClasses}>{event.member ?? "—"}</td>
              <td className={`${cellClasses} break-all font-mono text-xs`}>
                {event.details || (event.browserReport ? null : "—")}
                {event.browserReport ? <p className="font-sans italic">{event.browserReport}</p> : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
    </Section>
  );
}
