import { data, Form } from "react-router";
import type { Route } from "./+types/outbox";
import { outboxQuery, queryFields, retryDeliveryForm } from "../concierge-forms.ts";
import { conciergeMeta, formatConsoleTime, listSummary } from "../console-format.ts";
import { deliveryStatusLabels, retryAnswers } from "../delivery-outcomes.ts";
import { ConsoleFilters } from "../console-filters.tsx";
import { cellClasses, ConsoleTable } from "../console-table.tsx";
import { SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { listOutboxDeliveries, retryDelivery } from "#app/features/concierge/concierge.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Outbox");

/** The newest email and SMS deliveries (never their bodies, which hold links and codes). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const query = outboxQuery.parse(queryFields(new URL(request.url)));
  const deliveries = await listOutboxDeliveries(env.DB, { status: query.status, limit: LIST_LIMIT });
  return {
    query,
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      channel: delivery.channel,
      recipient: delivery.recipient,
      subject: delivery.subject,
      status: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      createdAtLabel: formatConsoleTime(delivery.createdAt) ?? delivery.createdAt,
      nextAttemptLabel: delivery.status === "failed" ? formatConsoleTime(delivery.nextAttemptAt) : null,
    })),
  };
}

/** 'Retry now' for a failed delivery or one that needs attention, over its own channel (audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, retryDeliveryForm);
  if (!form.ok) return data<ActionResult>({ form: "", ok: false, error: "Unknown message." }, { status: 400 });
  const result = await retryDelivery(context.get(requestContext), context.get(memberContext).id, form.data.outboxId);
  return data<ActionResult>({ ...retryAnswers[result], form: String(form.data.outboxId) }, { status: result === "sent" ? 200 : 409 });
}

const statusOptions = Object.entries(deliveryStatusLabels).map(([value, label]) => ({ value, label }));
/** The statuses a concierge can retry from: the cron's own retries, and those it gave up on. */
const retryable = new Set(["failed", "needs_attention"]);

export default function ConciergeOutbox({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { deliveries, query } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  return (
    <Section id="outbox" eyebrow="Deliveries" title="Outbox">
      <ConsoleFilters
        label="Filter deliveries"
        className="flex flex-wrap items-end gap-4"
        filters={[{ id: "outbox-status", name: "status", label: "Status", value: query.status, className: "w-56", options: statusOptions }]}
      />
      <p role="alert" className={refusal ? "mt-6 font-semibold text-warning" : "sr-only"}>
        {refusal?.error ?? ""}
      </p>
      <p className="mt-6 text-smoke">
        {deliveries.length === 0
          ? "No deliveries match."
          : `${listSummary(deliveries.length, LIST_LIMIT, ["delivery", "deliveries"])} Failed ones are retried automatically; 'Retry now' tries again at once.`}
      </p>
      {deliveries.length > 0 ? (
        <ConsoleTable
          id="outbox-table"
          caption="Email and SMS deliveries, newest first"
          columns={["Queued", "Channel", "Recipient", "Subject", "Status", "Attempts", "Last error", "Action"]}
        >
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td className={cellClasses}>{delivery.createdAtLabel}</td>
              <td className={cellClasses}>{delivery.channel === "email" ? "Email" : "SMS"}</td>
              <td className={`${cellClasses} break-all`}>{delivery.recipient}</td>
              <td className={cellClasses}>{delivery.subject ?? "—"}</td>
              <td className={cellClasses}>
                {deliveryStatusLabels[delivery.status]}
                {delivery.nextAttemptLabel ? <span className="block text-smoke">next try {delivery.nextAttemptLabel}</span> : null}
              </td>
              <td className={cellClasses}>{delivery.attempts}</td>
              <td className={`${cellClasses} break-words`}>{delivery.lastError ?? "—"}</td>
              <td className={cellClasses}>
                {retryable.has(delivery.status) ? <RetryForm outboxId={delivery.id} recipient={delivery.recipient} /> : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
    </Section>
  );
}

/** 'Retry now' for one failed delivery; it ignores further clicks while its retry is on its way. */
function RetryForm({ outboxId, recipient }: { outboxId: number; recipient: string }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "outboxId", value: String(outboxId) } });
  return (
    <Form method="post">
      <input type="hidden" name="outboxId" value={outboxId} />
      <SubmitButton pending={pending} variant="secondary" aria-describedby={`outbox-${outboxId}-recipient`}>
        Retry now
      </SubmitButton>
      <span id={`outbox-${outboxId}-recipient`} className="sr-only">
        {`to ${recipient}`}
      </span>
    </Form>
  );
}
