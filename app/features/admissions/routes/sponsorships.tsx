import { data, Form } from "react-router";
import type { Route } from "./+types/sponsorships";
import { sponsorAnswerForm } from "../sponsor-forms.ts";
import { sponsorAnswerLabels } from "../sponsor-words.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { club } from "#app/features/site/site-config.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { answerSponsorship, listSponsorshipRequests } from "../sponsors.server.ts";

/**
 * "Vouch requests" (docs/product-rules.md#the-applicants-journey): the applications whose
 * applicant named this member and which the concierge linked to them. The member answers Yes, No
 * or I Don't Know Them, and may change the answer until the concierge decides. Plain forms, so
 * the buttons work without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: `Vouch Requests | ${club.name}` }, { name: "robots", content: "noindex" }];

/** The member's vouch requests; null while the rules step shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const requests = await listSponsorshipRequests(context.get(requestContext).env.DB, member.id);
  return {
    requests: requests.map((request) => ({
      requestId: request.requestId,
      applicantName: request.applicantName,
      company: request.company,
      askedOn: formatPortlandDate(request.createdAt),
      open: request.open,
      answer: request.answer,
      answeredOn: request.answeredAt ? formatPortlandDate(request.answeredAt) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const form = await readSubmission(request, sponsorAnswerForm, { form: (fields) => fields.requestId ?? "" });
  if (!form.ok) return form.invalid;
  const { env, logSecurityEvent: log } = context.get(requestContext);
  const outcome = await answerSponsorship(env.DB, { requestId: form.data.requestId, memberId: member.id, answer: form.data.answer });
  if (!outcome.ok) {
    return data<ActionResult>(
      { form: form.data.requestId, ok: false, error: "The concierge has decided on this request, so your answer can no longer change." },
      { status: 409 },
    );
  }
  log({
    eventType: "admissions_sponsor_answered",
    severity: "low",
    description: "sponsor answered a vouch request",
    userId: member.id,
    details: { requestId: form.data.requestId, answer: form.data.answer },
  });
  return data<ActionResult>({
    form: form.data.requestId,
    ok: true,
    toast: { title: "Answer Recorded", description: "Thank you. The concierge will see your answer." },
  });
}

export default function Sponsorships({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Members Area" title="Vouch requests">
        <p>
          When an applicant names you as their connection, the concierge asks whether you would vouch for them. Only the concierge sees your
          answer, and you may change it until they decide.
        </p>
      </PageHero>
      <Section id="vouch-requests" eyebrow="Applicants" title="Who named you">
        {loaderData.requests.length === 0 ? (
          <p className="text-smoke">No applicant has named you yet.</p>
        ) : (
          <ul className="grid max-w-3xl gap-6">
            {loaderData.requests.map((request) => (
              <li key={request.requestId}>
                <VouchRequest request={request} outcome={actionData?.form === request.requestId ? actionData : undefined} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

type VouchRequestView = NonNullable<Route.ComponentProps["loaderData"]>["requests"][number];

function VouchRequest({ request, outcome }: { request: VouchRequestView; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "requestId", value: request.requestId } });
  const headingId = `vouch-${request.requestId}`;
  const alertId = `vouch-${request.requestId}-alert`;
  return (
    <article aria-labelledby={headingId} className="rounded-sm border border-cedar p-6">
      <h3 id={headingId} className="text-2xl text-cream">
        {request.applicantName}
      </h3>
      <p className="mt-1 text-smoke">
        {request.company}; asked on {request.askedOn}.
      </p>
      <p className="mt-3 text-cream">
        {request.answer
          ? `Your answer: ${sponsorAnswerLabels[request.answer]}${request.answeredOn ? ` (${request.answeredOn})` : ""}.`
          : "You have not answered yet."}
        {request.open ? "" : " The concierge has decided on this request."}
      </p>
      {request.open ? (
        <Form method="post" className="mt-4 flex flex-wrap gap-3" aria-label={`Would you vouch for ${request.applicantName}?`}>
          <input type="hidden" name="requestId" value={request.requestId} />
          {(Object.keys(sponsorAnswerLabels) as Array<keyof typeof sponsorAnswerLabels>).map((answer) => (
            <SubmitButton
              key={answer}
              name="answer"
              value={answer}
              pending={pending}
              variant={answer === request.answer ? "primary" : "secondary"}
              aria-describedby={alertId}
            >
              {sponsorAnswerLabels[answer]}
            </SubmitButton>
          ))}
        </Form>
      ) : null}
      <FormAlert outcome={outcome} id={alertId} />
    </article>
  );
}
