import { Form } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";

/** Where an event's words and a term's differ in cancelling it. */
const words = {
  event: {
    noun: "event",
    title: "Event",
    eyebrow: "Events",
    joined: "booked",
    nobody: "Nobody has booked it yet.",
    one: "Its 1 booked place is cancelled.",
    many: (places: number) => `Its ${places} booked places are cancelled.`,
  },
  course: {
    noun: "term",
    title: "Term",
    eyebrow: "Cigar Academy",
    joined: "enrolled",
    nobody: "Nobody has enrolled yet.",
    one: "Its 1 taken seat is cancelled.",
    many: (places: number) => `Its ${places} taken seats are cancelled.`,
  },
} as const;

/**
 * 'Cancel this event' (or term) on its staff page: a link to `?cancel`, then the confirmation that
 * counts what it cancels; everyone booked or waiting is emailed (docs/product-rules.md#calendar,
 * Staff). A refused cancellation shows its reason under the confirmation.
 */
export function ListingCancel({
  kind,
  placesBooked,
  confirming,
  outcome,
}: {
  kind: "event" | "course";
  placesBooked: number;
  confirming: boolean;
  outcome: ActionResult | undefined;
}) {
  const { noun, title, eyebrow, joined } = words[kind];
  const id = `cancel-${noun}`;
  return (
    <Section id={id} eyebrow={eyebrow} title={`Cancel this ${noun}`} tone="humidor">
      {confirming ? (
        <CancelConfirmation kind={kind} placesBooked={placesBooked} outcome={outcome} />
      ) : (
        <>
          <p className="text-smoke">{`Members ${joined} or waiting are told by email. A cancelled ${noun} cannot be brought back.`}</p>
          <div className="mt-6">
            <ButtonLink to={`?cancel#${id}`} variant="secondary">
              {`Cancel This ${title}`}
            </ButtonLink>
          </div>
        </>
      )}
    </Section>
  );
}

function CancelConfirmation({
  kind,
  placesBooked,
  outcome,
}: {
  kind: "event" | "course";
  placesBooked: number;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "cancel" } });
  const { noun, title, joined, nobody, one, many } = words[kind];
  return (
    <Form method="post" id={`cancel-${noun}`} tabIndex={-1} preventScrollReset>
      <p id="cancel-warning" className="font-semibold text-cream">
        {`Cancel this ${noun}?`} {placesBooked === 0 ? nobody : placesBooked === 1 ? one : many(placesBooked)}{" "}
        {`Everyone ${joined} or on the waitlist is emailed. This cannot be undone.`}
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <SubmitButton name="intent" value="cancel" pending={pending} aria-describedby="cancel-warning">
          {pending ? "Cancelling…" : `Yes, Cancel the ${title}`}
        </SubmitButton>
        <ButtonLink to="." variant="quiet">
          {`Keep the ${title}`}
        </ButtonLink>
      </div>
      <FormAlert outcome={outcome} />
    </Form>
  );
}
