import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { sitDownInviteFormKey } from "./sit-down-forms.ts";

/**
 * The console card's sit-down piece (docs/product-rules.md#sit-downs), while the request is new:
 * 'Invite to a Sit-Down', which emails the applicant their status link to choose a time, or when
 * they were invited. The requests page's action answers it (intent=invite-sit-down,
 * answerSitDownInvite in sit-downs.server.ts); the booked slot itself is among the card's facts.
 */
export function SitDownInvite({
  requestId,
  invitedAtLabel,
  pageOutcome,
}: {
  requestId: string;
  /** When the applicant was invited (Portland time), or null. */
  invitedAtLabel: string | null;
  /** The requests page's action answer, whichever form it answers: this piece shows only its own refusal. */
  pageOutcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "invite-sit-down" } });
  const alertId = `sit-down-invite-${requestId}-alert`;
  if (invitedAtLabel) return <p className="mt-5 text-smoke">Invited to book a sit-down on {invitedAtLabel}.</p>;
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="requestId" value={requestId} />
      <SubmitButton name="intent" value="invite-sit-down" pending={pending} variant="secondary" aria-describedby={alertId}>
        Invite to a Sit-Down
      </SubmitButton>
      <FormAlert outcome={pageOutcome?.form === sitDownInviteFormKey(requestId) ? pageOutcome : undefined} id={alertId} />
    </Form>
  );
}
