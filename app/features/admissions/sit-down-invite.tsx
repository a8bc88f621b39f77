import { Form, useActionData } from "react-router";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { sitDownInviteFormKey } from "./sit-down-words.ts";

/**
 * The console card's sit-down piece (docs/product-rules.md#sit-downs), while the request is new:
 * 'Invite to a Sit-Down', which emails the applicant their status link to choose a time, or when
 * they were invited. The requests page's action hands it to sitDownConsoleAction
 * (sit-downs.server.ts), whose answer this piece reads from the page's action data by its form key;
 * the booked slot itself is among the card's facts.
 */
export function SitDownInvite({ requestId, invitedAtLabel }: { requestId: string; invitedAtLabel: string | null }) {
  const actionData = useActionData<ActionResult | undefined>();
  const outcome = actionData?.form === sitDownInviteFormKey(requestId) ? actionData : undefined;
  const { pending } = usePendingSubmission({ sentWith: { field: "requestId", value: requestId } });
  const alertId = `sit-down-invite-${requestId}-alert`;
  if (invitedAtLabel) return <p className="mt-5 text-smoke">Invited to book a sit-down on {invitedAtLabel}.</p>;
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="requestId" value={requestId} />
      <SubmitButton name="intent" value="invite-sit-down" pending={pending} variant="secondary" aria-describedby={alertId}>
        Invite to a Sit-Down
      </SubmitButton>
      <FormAlert outcome={outcome} id={alertId} />
    </Form>
  );
}
