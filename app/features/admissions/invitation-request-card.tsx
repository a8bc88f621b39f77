import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { membershipTiers } from "../site/site-config.ts";
import type { FormOutcome } from "#app/ui/form/form-outcome.tsx";
import { consoleButtonClasses, consoleFieldClasses, consoleLabelClasses } from "../concierge/console-styles.ts";

export interface InvitationRequestCardView {
  id: string;
  name: string;
  email: string;
  company: string;
  invitedBy: string;
  message: string;
  recaptchaScore: number;
  status: "new" | "approved" | "declined";
  createdAtLabel: string;
  decidedAtLabel: string | null;
  decisionNote: string | null;
  decidedByName: string | null;
}

const statusLabels = { new: "New", approved: "Approved", declined: "Declined" } as const;

/** One executive invitation request with every field, and the decision form while it is new. */
export function InvitationRequestCard({ request, outcome }: { request: InvitationRequestCardView; outcome: FormOutcome | undefined }) {
  const headingId = `request-${request.id}-name`;
  const facts: Array<[string, string]> = [
    ["Email", request.email],
    ["Company", request.company],
    ["Introduced by", request.invitedBy],
    ["reCAPTCHA score", request.recaptchaScore.toFixed(2)],
    ["Received", request.createdAtLabel],
  ];
  return (
    <article aria-labelledby={headingId} className="rounded-sm border border-cedar bg-night p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-2xl text-cream">
          {request.name}
        </h3>
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-brass">{statusLabels[request.status]}</p>
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
      {request.status === "new" ? <DecisionForm request={request} outcome={outcome} /> : <DecisionRecord request={request} />}
    </article>
  );
}

function DecisionRecord({ request }: { request: InvitationRequestCardView }) {
  return (
    <div className="mt-5 border-t border-cedar pt-4 text-smoke">
      <p>
        {statusLabels[request.status]}
        {request.decidedByName ? ` by ${request.decidedByName}` : ""}
        {request.decidedAtLabel ? ` on ${request.decidedAtLabel}` : ""}.
      </p>
      {request.decisionNote ? <p className="mt-1 whitespace-pre-line break-words">Note: {request.decisionNote}</p> : null}
    </div>
  );
}

function DecisionForm({ request, outcome }: { request: InvitationRequestCardView; outcome: FormOutcome | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("requestId") === request.id;
  const refusal = outcome && !outcome.ok ? outcome : undefined;
  const tierError = refusal?.fieldErrors?.tier;
  const noteError = refusal?.fieldErrors?.note;
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) alert.current?.focus();
  }, [refusal]);

  const ids = {
    tier: `tier-${request.id}`,
    note: `note-${request.id}`,
    noteHint: `note-hint-${request.id}`,
    alert: `decision-${request.id}-alert`,
  };
  return (
    <Form method="post" noValidate className="mt-5 grid gap-4 border-t border-cedar pt-5 md:grid-cols-[14rem_1fr]">
      <input type="hidden" name="requestId" value={request.id} />
      <div>
        <label htmlFor={ids.tier} className={consoleLabelClasses}>
          Membership tier
        </label>
        <select
          id={ids.tier}
          name="tier"
          defaultValue=""
          aria-invalid={tierError ? true : undefined}
          aria-describedby={tierError ? ids.alert : undefined}
          className={consoleFieldClasses}
        >
          <option value="">Choose a tier</option>
          {membershipTiers.map((tier) => (
            <option key={tier.slug} value={tier.slug}>
              {tier.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.note} className={consoleLabelClasses}>
          Note
        </label>
        <textarea
          id={ids.note}
          name="note"
          rows={2}
          maxLength={1000}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={ids.noteHint}
          className={consoleFieldClasses}
        />
        <p id={ids.noteHint} className="mt-1.5 text-sm text-smoke">
          Kept with the decision for the concierge team; never sent to the applicant.
        </p>
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        {(["approve", "decline"] as const).map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            aria-disabled={pending || undefined}
            onClick={(event) => {
              if (pending) event.preventDefault();
            }}
            className={consoleButtonClasses(intent === "approve" ? "primary" : "secondary")}
          >
            {intent === "approve" ? "Approve" : "Decline"}
          </button>
        ))}
      </div>
      <p
        id={ids.alert}
        ref={alert}
        tabIndex={-1}
        role="alert"
        className={refusal ? "text-sm font-semibold text-warning md:col-span-2" : "sr-only"}
      >
        {refusal ? (refusal.error ?? tierError ?? noteError ?? "") : ""}
      </p>
    </Form>
  );
}
