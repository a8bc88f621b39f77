import { data, Link } from "react-router";
import type { Route } from "./+types/requests";
import { invitationDecisionForm, invitationRequestQuery, queryFields } from "#app/features/concierge/concierge-forms.ts";
import { conciergeMeta, listSummary } from "#app/features/concierge/console-format.ts";
import { InvitationRequestCard } from "../invitation-request-card.tsx";
import { pipelineStageFilters, stageLabels } from "../pipeline-stages.ts";
import { pipelineCard } from "../pipeline-view.server.ts";
import { ConsoleFilters } from "#app/features/concierge/console-filters.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { requestContext, memberContext } from "#app/context.ts";
import {
  type ConciergeDecisionOutcome,
  listInvitationRequests,
  recordConciergeDecision,
  waitlistPositions,
} from "#app/features/admissions/admissions.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { sponsorConsoleAction } from "../sponsors.server.ts";
import { sitDownConsoleAction } from "../sit-downs.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Applications");

/**
 * The applications pipeline (docs/product-rules.md#decisions-capacity-and-waitlist), newest first,
 * filtered by stage and a search of name, email and company; each card with its dates, who acted
 * and the submissions joined to it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = invitationRequestQuery.parse(queryFields(new URL(request.url)));
  const requests = await listInvitationRequests(env.DB, { stage: query.stage, search: query.q, limit: LIST_LIMIT });
  const positions = requests.some((application) => application.status === "waitlisted") ? await waitlistPositions(env.DB) : new Map();
  return {
    query,
    limited: requests.length === LIST_LIMIT,
    requests: requests.map((application) => pipelineCard(application, positions.get(application.id) ?? null)),
  };
}

const refusals: Record<Extract<ConciergeDecisionOutcome, { ok: false }>["reason"], string> = {
  "member-exists":
    "A member with this email address already exists, so the request was not approved. Decline it, or ask the member to sign in.",
  "already-decided": "This request has already been decided, perhaps in another tab. The list now shows the decision.",
  "open-application":
    "This applicant already holds an offer or a waitlist place from another application, so this one was not approved. Decline it, or wait until the other is settled.",
  "not-found": "This request no longer exists.",
};

const decisionToasts = {
  offered: { title: "Offer Sent", sent: "The offer was emailed to", unsent: "The offer email to" },
  waitlisted: {
    title: "Added to the Waitlist",
    sent: "The tier is full; the waitlist email was sent to",
    unsent: "The tier is full; the waitlist email to",
  },
  declined: {
    title: "Request Declined",
    sent: "The decision is recorded and a courteous email was sent to",
    unsent: "The decision is recorded; the email to",
  },
} as const;

/**
 * Approve into a tier (an offer, or the tier's waitlist when it is full) or decline, with a note;
 * the applicant's email goes out at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // The card's pieces with forms of their own answer their intents first (null: not theirs).
  const sponsor = await sponsorConsoleAction(request, context);
  if (sponsor) return sponsor;
  const sitDown = await sitDownConsoleAction(request, context);
  if (sitDown) return sitDown;
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
  const words = decisionToasts[outcome.decision];
  const description =
    outcome.delivery === "sent"
      ? `${words.sent} ${outcome.email}.`
      : `${words.unsent} ${outcome.email} could not be sent yet; it stays in the outbox and will be retried.`;
  return data<ActionResult>({ form: target, ok: true, toast: { title: words.title, description } });
}

const stageOptions = pipelineStageFilters.map((stage) => ({
  value: stage,
  label: stage === "decided" ? "Decided" : stage === "approved" ? "Approved (before dues)" : stageLabels[stage],
}));

export default function ConciergeRequests({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { query, requests, limited } = loaderData;
  const filtered = Boolean(query.stage || query.q);
  const csvQuery = filtered
    ? `?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])))}`
    : "";
  return (
    <Section id="invitation-requests" eyebrow="Admissions" title="Applications">
      <p className="text-smoke">
        New, sit-down booked, decided, offered, paid (or expired, declined, waitlisted). See the{" "}
        <Link to="/concierge/waitlists" className="text-brass underline">
          waitlists
        </Link>{" "}
        or{" "}
        <a href={`/concierge/applications.csv${csvQuery}`} className="text-brass underline" download>
          download this list as CSV
        </a>
        .
      </p>
      <ConsoleFilters
        label="Filter invitation requests"
        className="mt-8 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        filters={[
          { id: "request-stage", name: "stage", label: "Stage", value: query.stage, options: stageOptions },
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
