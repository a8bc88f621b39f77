import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

export interface AttentionDeliveryView {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  attempts: number;
  lastError: string | null;
  createdAtLabel: string;
  failedAtLabel: string;
}

/**
 * The console's first screen: how many deliveries the retries gave up on, and each of them with
 * 'Retry' and 'Stop trying' (docs/operators.md#deliveries-that-need-attention). `outcome` is the
 * answer to the last of these forms, shown beside the delivery it names.
 */
export function DeliveryAttention({
  count,
  deliveries,
  outcome,
}: {
  count: number;
  deliveries: AttentionDeliveryView[];
  outcome: ActionResult | undefined;
}) {
  return (
    <section aria-labelledby="delivery-attention-title" className="border-b border-cedar bg-night">
      <div className="mx-auto max-w-6xl px-5 py-10">
        <h2 id="delivery-attention-title" className="text-2xl text-cream">
          Deliveries that need attention
        </h2>
        <p className={`mt-2 ${count > 0 ? "font-semibold text-warning" : "text-smoke"}`}>{attentionSummary(count, deliveries.length)}</p>
        {deliveries.length > 0 ? (
          <ul className="mt-6 grid gap-4">
            {deliveries.map((delivery) => (
              <AttentionItem key={delivery.id} delivery={delivery} outcome={outcome?.form === String(delivery.id) ? outcome : undefined} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function attentionSummary(count: number, shown: number): string {
  if (count === 0) return "No delivery needs attention: every email and SMS was sent or is still being retried.";
  const many = count === 1 ? "1 delivery needs attention" : `${count} deliveries need attention`;
  const listed = shown < count ? ` The ${shown} waiting longest are listed.` : "";
  return `${many}: the automatic retries gave up on ${count === 1 ? "it" : "them"}.${listed} Retry sends one again now; Stop trying ends its retries for good.`;
}

function AttentionItem({ delivery, outcome }: { delivery: AttentionDeliveryView; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "outboxId", value: String(delivery.id) } });
  const headingId = `attention-${delivery.id}-recipient`;
  const facts: Array<[string, string]> = [
    ["Subject", delivery.subject ?? (delivery.channel === "sms" ? "SMS" : "—")],
    ["Last error", delivery.lastError ?? "—"],
    ["Attempts", String(delivery.attempts)],
    ["Queued", delivery.createdAtLabel],
    ["Last tried", delivery.failedAtLabel],
  ];
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-sm border border-cedar bg-humidor p-5">
        <h3 id={headingId} className="break-all text-lg text-cream">
          <span className="sr-only">{delivery.channel === "email" ? "Email to " : "SMS to "}</span>
          {delivery.recipient}
        </h3>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-smoke">{label}</dt>
              <dd className="break-words text-cream">{value}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="mt-4 flex flex-wrap gap-3">
          <input type="hidden" name="outboxId" value={delivery.id} />
          <SubmitButton pending={pending} name="intent" value="retry" variant="primary" aria-describedby={headingId}>
            Retry
          </SubmitButton>
          <SubmitButton pending={pending} name="intent" value="abandon" variant="secondary" aria-describedby={headingId}>
            Stop trying
          </SubmitButton>
        </Form>
        <FormAlert outcome={outcome} />
      </article>
    </li>
  );
}
