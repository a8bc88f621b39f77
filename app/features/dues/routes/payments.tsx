import { data, Form } from "react-router";
import { ButtonLink } from "#app/ui/button-link.tsx";
import type { Route } from "./+types/payments";
import { payerQuery, recordPaymentForm } from "../dues-forms.ts";
import { conciergeMeta, formatConsoleTime, listSummary } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { formatCents } from "#app/lib/money.ts";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { loungeMethodNames } from "../payment-methods.ts";
import { findPayers, listRecentLoungePayments, recordLoungePayment, type RecordedPaymentOutcome } from "../billing.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Payments");

/**
 * Payments recorded at the lounge (docs/product-rules.md#payments-recorded-at-the-lounge): a search
 * for the member or offered applicant who paid, with what they owe, and the newest payments
 * recorded. Each payer's form keeps the key it was shown with, so the same form sent twice records
 * once (docs/product-rules.md#a-form-is-one-intent); after a payment the payer shows what was recorded
 * and no live form, and a further quarter is its own, separately worded step (`?further=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const url = new URL(request.url);
  const query = payerQuery.parse(queryFields(url));
  const [payers, recent] = await Promise.all([query.q ? findPayers(env.DB, query.q) : [], listRecentLoungePayments(env.DB, LIST_LIMIT)]);
  return {
    query,
    formKey: newFormKey(),
    further: url.searchParams.get("further"),
    payers: payers.map((payer) => ({
      key: `${payer.kind}:${payer.id}`,
      name: payer.name,
      email: payer.email,
      tierName: tierBySlug(payer.tier).name,
      detail: payer.detail,
      kind: payer.kind,
      due:
        payer.dueCents === null
          ? null
          : { cents: payer.dueCents, label: formatCents(payer.dueCents), amount: (payer.dueCents / 100).toFixed(2) },
      paidThroughLabel: payer.paidThrough ? formatPortlandDate(payer.paidThrough) : null,
      paysThroughLabel: payer.paysThrough ? formatPortlandDate(payer.paysThrough) : null,
    })),
    recent: recent.map((payment) => ({
      id: payment.id,
      occurredAtLabel: formatConsoleTime(payment.occurredAt) ?? payment.occurredAt,
      memberName: payment.memberName ?? "Unknown member",
      amountLabel: formatCents(payment.amountCents),
      method: loungeMethodNames[payment.method as keyof typeof loungeMethodNames],
      description: payment.description,
      recordedByName: payment.recordedByName ?? "—",
    })),
  };
}

function refusal(outcome: Extract<RecordedPaymentOutcome, { ok: false }>): string {
  switch (outcome.reason) {
    case "not-found":
      return "This member or applicant no longer exists.";
    case "pays-by-subscription":
      return "This member pays by the card on file. Ask them to update their card or pay the open invoice on their Membership & Billing page.";
    case "not-offered":
      return "This applicant no longer has an open offer: it was paid, or it expired.";
    case "already-recorded":
      return "This payment is already recorded. Search again to record another.";
    case "member-exists":
      return "A member with this applicant's email already exists, so no second membership was made. Nothing was recorded.";
    case "wrong-amount":
      return `The amount due is ${formatCents(outcome.dueCents)}. Record exactly that amount.`;
  }
}

/** Records one payment for the member or applicant the form names; audited (recorded-payments.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const concierge = context.get(memberContext);
  const form = await readSubmission(request, recordPaymentForm, { form: (fields) => fields.payer ?? "" });
  if (!form.ok) return form.invalid;
  const { payer, amount, method, reference, formKey } = form.data;
  const target = `${payer.kind}:${payer.id}`;
  const requestCtx = context.get(requestContext);
  const once = await oncePerForm(
    requestCtx.env.DB,
    { key: formKey, purpose: "lounge-payment", target, actorId: concierge.id },
    () => recordLoungePayment(requestCtx, concierge.id, { paymentKey: formKey, payer, amountCents: amount, method, reference }),
    (outcome) => !outcome.ok,
  );
  if (once.sent === "before") return sentBefore(target, "This payment is already recorded.");
  const { outcome } = once;
  if (!outcome.ok) {
    const status = outcome.reason === "not-found" ? 404 : outcome.reason === "wrong-amount" ? 400 : 409;
    return data<ActionResult>({ form: target, ok: false, error: refusal(outcome) }, { status });
  }
  const description =
    outcome.kind === "member"
      ? outcome.upgradedTo
        ? `${formatCents(amount)} from ${outcome.name} is recorded. They are ${tierBySlug(outcome.upgradedTo).name} members from now, paid through ${formatConsoleTime(outcome.paidThrough)}.`
        : `${formatCents(amount)} from ${outcome.name} is recorded. Their dues are paid through ${formatConsoleTime(outcome.paidThrough)}.`
      : `${formatCents(amount)} from ${outcome.name} is recorded. Their membership is active and their sign-in link is on its way.`;
  return data<ActionResult>({ form: target, ok: true, toast: { title: "Payment Recorded", description } });
}

type Payer = Route.ComponentProps["loaderData"]["payers"][number];

/**
 * One payer: what they owe and the form to record it. After this form's payment the card shows what
 * was recorded and no live form (a second press records nothing); paying a further quarter is a
 * link of its own, worded with the date it pays to, that brings a new form.
 */
function PayerCard({
  payer,
  issuedKey,
  query,
  further,
  outcome,
}: {
  payer: Payer;
  issuedKey: string;
  query: string;
  further: boolean;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "payer", value: payer.key } });
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  const id = payer.key.replace(":", "-");
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  const recorded = outcome?.ok === true;
  return (
    <article aria-labelledby={`${id}-name`} className="rounded-sm border border-cedar bg-night p-6">
      <h3 id={`${id}-name`} className="text-2xl text-cream">
        {payer.name}
      </h3>
      <p className="mt-1 text-smoke">
        {payer.email} · {payer.tierName} · {payer.detail}
        {payer.paidThroughLabel ? ` · paid through ${payer.paidThroughLabel}` : ""}
        {payer.due && !recorded ? ` · due ${payer.due.label}` : ""}
      </p>
      {recorded ? (
        <div className="mt-4">
          <p className="font-semibold text-cream">{outcome.toast.description}</p>
          {payer.kind === "member" && payer.due && payer.paysThroughLabel ? (
            <p className="mt-4">
              <ButtonLink variant="secondary" to={`?${new URLSearchParams({ q: query, further: payer.key })}#${id}-form`}>
                Record a Further Quarter (paid through {payer.paysThroughLabel})
              </ButtonLink>
            </p>
          ) : null}
        </div>
      ) : payer.due ? (
        <Form ref={formRef} id={`${id}-form`} method="post" className="mt-4 grid gap-4 sm:grid-cols-[10rem_12rem_1fr_auto] sm:items-end">
          <input type="hidden" name="formKey" value={formKey} />
          {payer.paysThroughLabel ? (
            <p className="text-smoke sm:col-span-4">
              {further ? "A further quarter: " : ""}this payment pays their dues through {payer.paysThroughLabel}.
            </p>
          ) : null}
          <Field id={`${id}-amount`} label="Amount" error={errors?.amount}>
            {(control) => (
              <input {...control} name="amount" inputMode="decimal" defaultValue={payer.due?.amount} required className={inputClasses} />
            )}
          </Field>
          <Field id={`${id}-method`} label="Method" error={errors?.method}>
            {(control) => (
              <select {...control} name="method" required defaultValue="" className={inputClasses}>
                <option value="" disabled>
                  Choose…
                </option>
                {Object.entries(loungeMethodNames).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-reference`} label="Reference (optional)" error={errors?.reference}>
            {(control) => (
              <input {...control} name="reference" maxLength={100} placeholder="Check number, receipt…" className={inputClasses} />
            )}
          </Field>
          <div className="pb-7">
            <SubmitButton name="payer" value={payer.key} pending={pending}>
              {pending ? "Recording…" : further ? "Record Further Quarter" : "Record Payment"}
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="mt-4 text-smoke">Their dues are billed to their card on file; nothing is recorded here.</p>
      )}
      <FormAlert outcome={outcome} />
    </article>
  );
}

export default function ConciergePayments({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { query, payers, recent, formKey, further } = loaderData;
  return (
    <>
      <Section id="record-payment" eyebrow="Dues" title="Record a payment">
        <p className="text-smoke">
          Dues taken at the lounge by card terminal, check or cash. Find the member or the applicant with an offer.
        </p>
        <Form method="get" role="search" aria-label="Find who paid" className="mt-6 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="payer-search" label="Name or email">
            {(control) => (
              <input
                {...control}
                type="search"
                name="q"
                defaultValue={query.q ?? ""}
                minLength={2}
                maxLength={100}
                className={inputClasses}
              />
            )}
          </Field>
          <div>
            <SubmitButton variant="secondary">Search</SubmitButton>
          </div>
        </Form>
        {query.q ? (
          <p className="mt-6 text-smoke" role="status">
            {payers.length === 0 ? "No member or offered applicant matches this search." : `${payers.length} found.`}
          </p>
        ) : null}
        <div className="mt-6 grid gap-6">
          {payers.map((payer) => (
            <PayerCard
              key={payer.key}
              payer={payer}
              issuedKey={formKey}
              query={query.q ?? ""}
              further={further === payer.key}
              outcome={actionData?.form === payer.key ? actionData : undefined}
            />
          ))}
        </div>
      </Section>
      <Section id="recent-payments" eyebrow="Dues" title="Recent payments">
        <p className="text-smoke">
          {recent.length === 0
            ? "No payments recorded at the lounge yet."
            : listSummary(recent.length, LIST_LIMIT, ["payment", "payments"])}
        </p>
        {recent.length > 0 ? (
          <ConsoleTable
            id="recent-payments-table"
            caption="Payments recorded at the lounge, newest first"
            columns={["When", "Member", "Amount", "Method", "Details", "Recorded by"]}
          >
            {recent.map((payment) => (
              <tr key={payment.id}>
                <td className={cellClasses}>{payment.occurredAtLabel}</td>
                <td className={cellClasses}>{payment.memberName}</td>
                <td className={`${cellClasses} whitespace-nowrap`}>{payment.amountLabel}</td>
                <td className={cellClasses}>{payment.method}</td>
                <td className={cellClasses}>{payment.description}</td>
                <td className={cellClasses}>{payment.recordedByName}</td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
    </>
  );
}
