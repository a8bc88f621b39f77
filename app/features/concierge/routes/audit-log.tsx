import { Form, Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { queryFields } from "../concierge-forms.ts";
import { auditLogQuery, type AuditLogQuery } from "../console-report-forms.ts";
import { addDays, portlandMidnight } from "../club-days.ts";
import { conciergeMeta, formatConsoleTime } from "../console-format.ts";
import { cellClasses, ConsoleTable } from "../console-table.tsx";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { requestContext } from "#app/context.ts";
import { memberNames, membersNamed, searchAuditLog, securityEventTypes, staffAccounts } from "../audit-log.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Audit log");

const roleNames: Record<string, string> = { concierge: "Concierge", door: "Door" };

/**
 * The audit log (docs/product-rules.md#audit-log): every security event, staff actions among them,
 * searched by who acted, what they did, on whom, words and Portland dates; 50 a page, the newest
 * first, "Older events" for the next. Read only: this route has a loader and no action, so a POST
 * (or any other method) is refused before it reaches the log. Addresses are stored only as keyed hashes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = auditLogQuery.parse(queryFields(new URL(request.url)));
  const targets = query.on ? await membersNamed(env.DB, query.on) : null;
  const [{ entries, olderThan }, types, staff] = await Promise.all([
    searchAuditLog(env.DB, {
      actorId: query.by,
      eventType: query.type,
      severity: query.severity,
      targetIds: targets?.map((member) => member.id) ?? null,
      text: query.q,
      from: query.from ? portlandMidnight(query.from) : null,
      until: query.to ? portlandMidnight(addDays(query.to, 1)) : null,
      before: query.before,
    }),
    securityEventTypes(env.DB),
    staffAccounts(env.DB),
  ]);
  // The member acted on, when the details name one: shown by name.
  const named = await memberNames(
    env.DB,
    entries.flatMap((entry) => {
      const id = targetOf(detailsOf(entry.metadata));
      return id ? [id] : [];
    }),
  );
  return {
    query,
    olderHref: olderThan ? `?${olderSearch(query, olderThan)}` : null,
    targetsFound: targets?.length ?? null,
    // A type typed into the address but not (yet) in the log still shows as the chosen option.
    types: query.type && !types.includes(query.type) ? [...types, query.type] : types,
    staff: staff.map((member) => ({ value: member.id, label: `${member.name} (${roleNames[member.role] ?? member.role})` })),
    events: entries.map((event) => {
      const details = detailsOf(event.metadata);
      const targetId = targetOf(details);
      const staffAction = event.memberRole === "door" || event.memberRole === "concierge";
      return {
        id: event.id,
        eventType: event.eventType,
        severity: event.severity,
        description: event.description,
        // Who: the staff member who acted, or the member the event was recorded under.
        member: event.memberName ?? event.userId,
        byStaff: staffAction,
        target: targetId ? (named.get(targetId) ?? targetId) : staffAction ? null : (event.memberName ?? null),
        details: detailsText(event.metadata),
        browserReport: browserReportText(event.metadata),
        createdAtLabel: formatConsoleTime(event.createdAt) ?? event.createdAt,
      };
    }),
  };
}

/** The member a staff action was on: `memberId` in its details, or the paying member of a recorded payment. */
function targetOf(details: Record<string, unknown>): string | null {
  if (typeof details.memberId === "string") return details.memberId;
  if (details.payer === "member" && typeof details.payerId === "string") return details.payerId;
  return null;
}

function detailsOf(metadata: Record<string, unknown>): Record<string, unknown> {
  const details = metadata.details;
  return details && typeof details === "object" ? (details as Record<string, unknown>) : {};
}

/** The same search, one page further back. */
function olderSearch(query: AuditLogQuery, before: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, before }))
    if (value !== undefined && value !== null) params.set(name, String(value));
  return params.toString();
}

/** The event's own details and the page it happened on, as one short line. */
function detailsText(metadata: Record<string, unknown>): string {
  const parts: string[] = [];
  const details = detailsOf(metadata);
  if (Object.keys(details).length > 0) parts.push(JSON.stringify(details));
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

const controlClasses = `${inputClasses} h-11`;
const wide = "col-span-2 lg:col-span-1";

function Choice({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label} className={wide}>
      {(control) => (
        <select {...control} name={name} defaultValue={value ?? ""} className={controlClasses}>
          <option value="">All</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function TextInput({
  id,
  name,
  label,
  value,
  type = "search",
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  type?: "search" | "date";
}) {
  // The two dates side by side even on a phone; every other field a row of its own there.
  return (
    <Field id={id} label={label} className={type === "date" ? "" : wide}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          defaultValue={value ?? ""}
          maxLength={type === "search" ? 100 : undefined}
          className={controlClasses}
        />
      )}
    </Field>
  );
}

export default function ConciergeAuditLog({ loaderData }: Route.ComponentProps) {
  const { events, types, staff, query, olderHref, targetsFound } = loaderData;
  const searched = Object.entries(query).some(([name, value]) => name !== "before" && value !== undefined);
  return (
    <Section id="audit-log" eyebrow="Never edited" title="Audit log">
      <p className="max-w-3xl text-smoke">
        Every staff action and security event: who acted, what they did, when, and on whom. Entries are never changed or removed here; the
        retention schedule alone deletes the oldest.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Search the audit log"
        key={JSON.stringify(query)}
        className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:items-end"
      >
        <Choice id="audit-by" name="by" label="By (staff)" value={query.by} options={staff} />
        <Choice
          id="audit-type"
          name="type"
          label="Action"
          value={query.type}
          options={types.map((type) => ({ value: type, label: type }))}
        />
        <TextInput id="audit-on" name="on" label="On member" value={query.on} />
        <Choice id="audit-severity" name="severity" label="Severity" value={query.severity} options={severityOptions} />
        <TextInput id="audit-q" name="q" label="Words" value={query.q} />
        <TextInput id="audit-from" name="from" label="From" type="date" value={query.from} />
        <TextInput id="audit-to" name="to" label="To" type="date" value={query.to} />
        <div className="col-span-2 flex gap-3 lg:col-span-1">
          <SubmitButton variant="secondary">Search</SubmitButton>
          {searched ? (
            <Link to="/concierge/audit-log" className={buttonClasses("quiet")}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mt-6 text-smoke" role="status">
        {targetsFound === 0
          ? "No member's name or email matches that search."
          : events.length === 0
            ? "No events match."
            : `${events.length === 1 ? "1 event" : `${events.length} events`}${query.before ? ", older ones" : ""}, newest first${olderHref ? " (older events on the next page)" : ""}.`}
      </p>
      {events.length > 0 ? (
        <ConsoleTable
          id="audit-log-table"
          caption="Audit log, newest first"
          columns={["Time", "Severity", "Action", "Description", "By", "On", "Details"]}
        >
          {events.map((event) => (
            <tr key={event.id}>
              <td className={cellClasses}>{event.createdAtLabel}</td>
              <td className={`${cellClasses} capitalize`}>{event.severity}</td>
              <td className={`${cellClasses} font-mono text-xs`}>{event.eventType}</td>
              <td className={cellClasses}>{event.description}</td>
              <td className={cellClasses}>{event.member ?? "—"}</td>
              <td className={cellClasses}>{event.target ?? "—"}</td>
              <td className={`${cellClasses} break-all font-mono text-xs`}>
                {event.details || (event.browserReport ? null : "—")}
                {event.browserReport ? <p className="font-sans italic">{event.browserReport}</p> : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      {olderHref ? (
        <p className="mt-6">
          <Link to={olderHref} className={buttonClasses("secondary")}>
            Older events
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
