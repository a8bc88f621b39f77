import { data } from "react-router";
import type { Route } from "./+types/requests";
import { invitationDecisionForm, invitationRequestQuery, queryFields } from "#app/features/concierge/concierge-forms.ts";
import { conciergeMeta, formatConsoleTime, listSummary } from "#app/features/concierge/console-format.ts";
import { InvitationRequestCard } from "../invitation-request-card.tsx";
import { ConsoleFilters } from "#app/features/concierge/console-filters.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { requestContext, memberContext } from "#app/context.ts";
import {
  type ConciergeDecisionOutcome,
  listInvitationRequests,
  recordConciergeDecision,
} from "#app/features/admissions/admissions.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Invitation requests");

/** Executive invitation requests, newest first, filtered by status and a search of name, email and company. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = invitationRequestQuery.parse(queryFields(new URL(request.url)));
  const requests = await listInvitationRequests(env.DB, { status: query.status, search: query.q, limit: LIST_LIMIT });
  return {
    query,
    limited: requests.length === LIST_LIMIT,
    requests: requests.map(({ createdAt, decidedAt, ...rest }) => ({
      ...rest,
      createdAtLabel: formatConsoleTime(createdAt) ?? createdAt,
      decidedAtLabel: formatConsoleTime(decidedAt),
    })),
  };
}

const refusals: Record<Extract<ConciergeDecisionOutcome, { ok: false }>["reason"], string> = {
  "member-exists":
    "A member with this email address already exists, so the request was not approved. Decline it, or ask the member to sign in.",
  "already-decided": "This request has already been decided, perhaps in another tab. The list now shows the decision.",
  "not-found": "This request no longer exists.",
};

/** Approve (creating the member and emailing their invitation link) or decline, with a note. */
export async function action({ request, context }: Route.ActionArgs) {
  const concierge = context.get(memberContext);
  const form = await readSubmission(request, invitationDecisionForm, { form: (fields) => fields.requestId ?? "" });
  if (!form.ok) return form.invalid;

  const outcome = await recordConciergeDecision(context.get(requestContext), concierge.id, form.data);
  const target = form.data.requestId;
  if (!outcome.ok)
    return data<ActionResult>(
      { form: target, ok: false, error: refusals[outcome.reason] },
      { status: outcome.reason === "not-found" ? 404 : 409 },
    );
  if (outcome.decision === "declined") {
    return data<ActionResult>({
      form: target,
      ok: true,
      toast: { title: "Request Declined", description: "The decision is recorded. No email was sent." },
    });
  }
  const description =
    outcome.delivery === "sent"
      ? `The invitation link was emailed to ${outcome.email}.`
      : `The invitation email to ${outcome.email} could not be sent yet; it stays in the outbox and will be retried.`;
  return data<ActionResult>({ form: target, ok: true, toast: { title: "Member Admitted", description } });
}

const statusOptions = [
  { value: "new", label: "New" },
  { value: "approved", label: "Approved" },
  { value: "declined", label: "Declined" },
];

export default function ConciergeRequests({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { query, requests, limited } = loaderData;
  const filtered = Boolean(query.status || query.q);
  return (
    <Section id="invitation-requests" eyebrow="Executive access" title="Invitation requests">
      <ConsoleFilters
        label="Filter invitation requests"
        className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        filters={[
          { id: "request-status", name: "status", label: "Status", value: query.status, options: statusOptions },
          {
            id: "request-search",
            name: "q",
            label: "Search",
            value: query.q,
            search: { placeholder: "Name, email or company", maxLength: 100 },
          },
        ]}
      />
      <p className="mt-6 text-smoke" role="status">
        {requests.length === 0
          ? filtered
            ? "No requests match this filter."
            : "No invitation requests yet."
          : `${listSummary(requests.length, LIST_LIMIT, filtered ? ["matching request", "matching requests"] : ["request", "requests"])}${limited ? " Narrow the filter to find older ones." : ""}`}
      </p>
      <div className="mt-6 grid gap-6">
        {requests.map((invitationRequest) => (
          <InvitationRequestCard
            key={invitationRequest.id}
            request={invitationRequest}
            outcome={actionData?.form === invitationRequest.id ? actionData : undefined}
          />
        ))}
      </div>
    </Section>
  );
}
