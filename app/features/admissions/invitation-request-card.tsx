import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { membershipTiers } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { stageLabels } from "./pipeline-stages.ts";
import { SponsorPanel } from "./sponsor-panel.tsx";
import { SitDownInvite } from "./sit-down-invite.tsx";

export interface InvitationRequestCardView {
  id: string;
  name: string;
  email: string;
  company: string;
  invitedBy: string;
  message: string;
  /** The proof a person sent it: ["reCAPTCHA score", "0.80"], or ["Proof", "Verified mobile (503) 555-0100"] (pipeline-view.server.ts). */
  proofLabel: [string, string];
  status: "new" | "approved" | "declined" | "waitlisted" | "offered" | "paid" | "expired" | "joined";
  stage: "new" | "sit-down" | "approved" | "declined" | "waitlisted" | "offered" | "paid" | "expired";
  createdAtLabel: string;
  decidedAtLabel: string | null;
  decisionNote: string | null;
  decidedByName: string | null;
  /** The tier's name, once decided into one. */
  tierName: string | null;
  /** The pipeline's dates, in Portland time; null for steps not taken. */
  sitDownLabel: string | null;
  sitDownInvitedAtLabel: string | null;
  offeredAtLabel: string | null;
  offerExpiresLabel: string | null;
  waitlistedAtLabel: string | null;
  waitlistPosition: number | null;
  paidAtLabel: string | null;
  /** Every step, oldest first: what happened, who acted (null: the applicant or the club's timers), when. */
  history: Array<{ label: string; actorName: string | null; atLabel: string }>;
  /** Later submissions from the same email, joined to this one. */
  joined: Array<{ id: string; createdAtLabel: string; message: string }>;
  /** The linked sponsor and their answer (SponsorPanel). */
  sponsorName: string | null;
  sponsorAnswer: "yes" | "no" | "unknown" | null;
  sponsorAnsweredAt: string | null;
}

/**
 * One application with every field, where it stands in the pipeline and its history, the
 * submissions joined to it, and the decision form while it is new.
 */
export function InvitationRequestCard({ request, outcome }: { request: InvitationRequestCardView; outcome: ActionResult | undefined }) {
  const headingId = `request-${request.id}-name`;
  const facts: Array<[string, string]> = [
    ["Email", request.email],
    // The shorter request of a verified mobile has neither.
    ...(request.company ? [["Company", request.company] as [string, string]] : []),
    ...(request.invitedBy ? [["Introduced by", request.invitedBy] as [string, string]] : []),
    request.proofLabel,
    ["Received", request.createdAtLabel],
    ...pipelineFacts(request),
  ];
  return (
    <article aria-labelledby={headingId} className="rounded-sm border border-cedar bg-night p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-2xl text-cream">
          {request.name}
        </h3>
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-brass">{stageLabels[request.stage]}</p>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-smoke">{label}</dt>
            <dd className="break-words text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-5 text-sm font-semibold text-smoke">Message</h4>
      <p className="mt-1 whitespace-pre-line break-words text-cream">{request.message}</p>
      {request.joined.length > 0 ? <JoinedSubmissions request={request} /> : null}
      {request.history.length > 0 ? <History request={request} /> : null}
      <SponsorPanel request={request} />
      {request.status === "new" ? <SitDownInvite requestId={request.id} invitedAtLabel={request.sitDownInvitedAtLabel} /> : null}
      {request.status === "new" ? <DecisionForm request={request} outcome={outcome} /> : <DecisionRecord request={request} />}
    </article>
  );
}

/** The dates of the steps taken so far. */
function pipelineFacts(request: InvitationRequestCardView): Array<[string, string]> {
  const facts: Array<[string, string | null]> = [
    ["Sit-down", request.sitDownLabel],
    ["Tier", request.tierName],
    ["Waitlisted", request.waitlistedAtLabel],
    ["Waitlist position", request.waitlistPosition === null ? null : `${request.waitlistPosition}`],
    ["Offered", request.offeredAtLabel],
    [request.status === "offered" ? "Offer open until" : "Offer ended", request.offerExpiresLabel],
    ["Paid", request.paidAtLabel],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== null);
}

function JoinedSubmissions({ request }: { request: InvitationRequestCardView }) {
  return (
    <>
      <h4 className="mt-5 text-sm font-semibold text-smoke">Also submitted</h4>
      <ul className="mt-1 grid gap-3">
        {request.joined.map((submission) => (
          <li key={submission.id} className="border-l-2 border-cedar pl-3">
            <p className="text-sm text-smoke">{submission.createdAtLabel}</p>
            <p className="whitespace-pre-line break-words text-cream">{submission.message}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function History({ request }: { request: InvitationRequestCardView }) {
  return (
    <>
      <h4 className="mt-5 text-sm font-semibold text-smoke">History</h4>
      <ol className="mt-1 grid gap-1 text-cream">
        {request.history.map((step, index) => (
          <li key={index}>
            {step.label}
            {step.actorName ? ` by ${step.actorName}` : ""} <span className="text-smoke">· {step.atLabel}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

const decisionWords: Record<InvitationRequestCardView["status"], string> = {
  new: "New",
  approved: "Approved",
  declined: "Declined",
  waitlisted: "Approved onto the waitlist",
  offered: "Approved with an offer",
  paid: "Approved with an offer",
  expired: "Approved with an offer",
  joined: "Joined to an earlier request",
};

function DecisionRecord({ request }: { request: InvitationRequestCardView }) {
  return (
    <div className="mt-5 border-t border-cedar pt-4 text-smoke">
      <p>
        {decisionWords[request.status]}
        {request.decidedByName ? ` by ${request.decidedByName}` : ""}
        {request.decidedAtLabel ? ` on ${request.decidedAtLabel}` : ""}.
      </p>
      {request.decisionNote ? <p className="mt-1 whitespace-pre-line break-words">Note: {request.decisionNote}</p> : null}
    </div>
  );
}

function DecisionForm({ request, outcome }: { request: InvitationRequestCardView; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "requestId", value: request.id } });
  const refusal = outcome && !outcome.ok ? outcome : undefined;
  const tierError = refusal?.fieldErrors?.tier;
  const noteError = refusal?.fieldErrors?.note;
  const applicantNoteError = refusal?.fieldErrors?.applicantNote;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) alert.current?.focus();
  }, [refusal]);

  const ids = {
    tier: `tier-${request.id}`,
    note: `note-${request.id}`,
    applicantNote: `applicant-note-${request.id}`,
    alert: `decision-${request.id}-alert`,
  };
  return (
    <Form method="post" noValidate className="mt-5 grid gap-4 border-t border-cedar pt-5 md:grid-cols-[14rem_1fr]">
      <input type="hidden" name="requestId" value={request.id} />
      {/* Refusals show in one alert below the buttons, which a tier error also describes. */}
      <Field id={ids.tier} label="Membership tier" invalid={Boolean(tierError)} describedBy={tierError ? ids.alert : undefined}>
        {(control) => (
          <select {...control} name="tier" defaultValue="" className={inputClasses}>
            <option value="">Choose a tier</option>
            {membershipTiers.map((tier) => (
              <option key={tier.slug} value={tier.slug}>
                {tier.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={ids.note}
        label="Note"
        hint="Kept with the decision for the concierge team; never sent to the applicant."
        invalid={Boolean(noteError)}
      >
        {(control) => <textarea {...control} name="note" rows={2} maxLength={1000} className={inputClasses} />}
      </Field>
      <Field
        id={ids.applicantNote}
        label="Message to the applicant"
        hint="Optional; sent only with a decline, in the courteous email the applicant receives."
        invalid={Boolean(applicantNoteError)}
        className="md:col-start-2"
      >
        {(control) => <textarea {...control} name="applicantNote" rows={2} maxLength={1000} className={inputClasses} />}
      </Field>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        {(["approve", "decline"] as const).map((intent) => (
          <SubmitButton
            key={intent}
            name="intent"
            value={intent}
            pending={pending}
            variant={intent === "approve" ? "primary" : "secondary"}
          >
            {intent === "approve" ? "Approve" : "Decline"}
          </SubmitButton>
        ))}
      </div>
      <p
        id={ids.alert}
        ref={alert}
        tabIndex={-1}
        role="alert"
        className={refusal ? "text-sm font-semibold text-warning md:col-span-2" : "sr-only"}
      >
        {refusal ? (refusal.error ?? tierError ?? noteError ?? applicantNoteError ?? "") : ""}
      </p>
    </Form>
  );
}
