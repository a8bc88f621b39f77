import { Form, useActionData } from "react-router";
import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import type { SponsorCandidate } from "#worker/features/admissions/sponsors.ts";
import { sponsorFormKey } from "./sponsor-words.ts";

/**
 * The sponsor on an application's console card (docs/product-rules.md#the-applicants-journey):
 * who the applicant named, the linked member and their answer with its time, and, while the
 * application is new, 'Find Member' then 'Link Sponsor'. Plain forms (intents `sponsor-search`
 * and `sponsor-link`, answered by sponsors.server.ts through the requests page's action). The
 * panel finds its own answer in the page's action data (sponsorFormKey), so the card only renders it.
 */
export interface SponsorPanelView {
  id: string;
  status: string;
  /** "Your Connection", as the applicant typed it. */
  invitedBy: string;
  sponsorName: string | null;
  sponsorAnswer: "yes" | "no" | "unknown" | null;
  sponsorAnsweredAt: string | null;
}

const answerWords = {
  yes: "vouches for the applicant",
  no: "does not vouch for the applicant",
  unknown: "does not know the applicant",
} as const;

type SponsorOutcome = ActionResult & { sponsorCandidates?: SponsorCandidate[] };

export function SponsorPanel({ request }: { request: SponsorPanelView }) {
  const actionData = useActionData<SponsorOutcome | undefined>();
  const outcome = actionData?.form === sponsorFormKey(request.id) ? actionData : undefined;
  const { pending } = usePendingSubmission({ sentWith: { field: "requestId", value: request.id } });
  const candidates = outcome?.sponsorCandidates ?? [];
  const queryError = outcome && !outcome.ok ? outcome.fieldErrors?.query : undefined;
  const ids = { query: `sponsor-query-${request.id}`, alert: `sponsor-${request.id}-alert`, heading: `sponsor-${request.id}-heading` };
  const answeredAt = formatConsoleTime(request.sponsorAnsweredAt);
  return (
    <section aria-labelledby={ids.heading} className="mt-5 border-t border-cedar pt-4">
      <h4 id={ids.heading} className="text-sm font-semibold text-smoke">
        Sponsor
      </h4>
      <p className="mt-1 text-cream">
        {request.sponsorName
          ? request.sponsorAnswer
            ? `${request.sponsorName} ${answerWords[request.sponsorAnswer]}${answeredAt ? ` (answered ${answeredAt})` : ""}.`
            : `${request.sponsorName} has been asked to vouch and has not answered yet.`
          : "No member linked yet."}
      </p>
      {request.status === "new" ? (
        <>
          <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="requestId" value={request.id} />
            <Field id={ids.query} label="Find the member" hint={`The applicant named: ${request.invitedBy}`} error={queryError}>
              {(control) => (
                <input {...control} name="query" type="search" maxLength={100} defaultValue={request.invitedBy} className={inputClasses} />
              )}
            </Field>
            <SubmitButton name="intent" value="sponsor-search" pending={pending} variant="secondary">
              Find Member
            </SubmitButton>
          </Form>
          {candidates.length > 0 ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="requestId" value={request.id} />
              <fieldset>
                <legend className="text-sm font-semibold text-smoke">Choose the sponsor</legend>
                <div className="mt-2 grid gap-2">
                  {candidates.map((candidate, index) => (
                    <label key={candidate.id} className="flex items-center gap-3 text-cream">
                      <input type="radio" name="sponsorId" value={candidate.id} defaultChecked={index === 0} />
                      <span>
                        {candidate.name} <span className="text-smoke">({candidate.email})</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="mt-3">
                <SubmitButton name="intent" value="sponsor-link" pending={pending}>
                  Link Sponsor
                </SubmitButton>
              </div>
            </Form>
          ) : null}
        </>
      ) : null}
      <FormAlert outcome={outcome} id={ids.alert} />
    </section>
  );
}
