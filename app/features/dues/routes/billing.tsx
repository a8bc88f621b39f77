import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/billing";
import { billingForm } from "../dues-forms.ts";
import { formatPortlandDate } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { club, membershipTiers, quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { formatCents } from "#app/lib/money.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import { changeMembershipTier, loadMembershipBilling, loungeDue, paymentProviderFor, type TierChangeOutcome } from "../billing.server.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Membership & Billing",
    description: `Your ${club.name} membership: tier, dues, renewals and every payment.`,
  }),
  { name: "robots", content: "noindex" },
];

const statusWords = {
  active: "Active: your dues are paid.",
  past_due: "Past due: your last dues were not received.",
  lapsed: "Lapsed: the member areas are closed until your dues are paid.",
} as const;

const kindLabels = { charge: "Charge", payment: "Payment", refund: "Refund" } as const;

/**
 * Membership & Billing (docs/product-rules.md#billing-renewals-and-lapses): the member's tier, dues
 * status, next renewal, a downgrade waiting for it, every ledger entry, the provider's Billing Portal
 * and the tier change. The only member page a lapsed member reaches. Null while the rules step shows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = memberWithAcceptedRules(context);
  if (!signedIn) return null;
  const { env, config } = context.get(requestContext);
  const billing = await loadMembershipBilling(env.DB, signedIn.id);
  if (!billing) return null;
  const { member, ledger } = billing;
  const tier = tierBySlug(member.tier);
  const due = member.subscriptionId ? null : loungeDue(member, Date.now());
  const waitingUpgrade = due?.kind === "upgrade" ? { tierName: tierBySlug(due.tier).name, owedLabel: formatCents(due.cents) } : null;
  return {
    formKey: newFormKey(),
    tierName: tier.name,
    tier: member.tier,
    quarterlyLabel: formatCents(quarterlyDuesCents(tier)),
    status: member.duesStatus,
    statusWords: statusWords[member.duesStatus],
    paidThroughLabel: member.paidThrough ? formatPortlandDate(member.paidThrough) : null,
    graceEndsLabel: member.duesStatus === "past_due" && member.graceEndsAt ? formatPortlandDate(member.graceEndsAt) : null,
    pendingTierName: member.pendingTier && !waitingUpgrade ? tierBySlug(member.pendingTier).name : null,
    waitingUpgrade,
    paysBySubscription: Boolean(member.subscriptionId),
    canManage: Boolean(member.paymentCustomerId) && paymentProviderFor(config, env) !== null,
    ledger: ledger.map((entry) => ({
      id: entry.id,
      dateLabel: formatPortlandDate(entry.occurredAt),
      kind: kindLabels[entry.kind],
      description: entry.description,
      amountLabel: `${entry.kind === "payment" ? "" : entry.kind === "refund" ? "−" : ""}${formatCents(entry.amountCents)}`,
    })),
    tiers: membershipTiers.map((option) => ({
      slug: option.slug,
      label: `${option.name}: ${formatCents(quarterlyDuesCents(option))} a quarter`,
    })),
  };
}

const tierRefusals: Record<Extract<TierChangeOutcome, { ok: false }>["reason"], string> = {
  "not-found": "Your membership could not be found. Please call the office.",
  "same-tier": "You already hold this tier.",
  lapsed: "Your membership has lapsed. Once your dues are paid, you may change your tier.",
  "past-due": "Your dues are past due. Once they are paid, you may change your tier.",
  full: "Sorry, that tier is full just now. The concierge will gladly add your name for the next place.",
  "provider-failed": "The change could not be made with our payment provider just now. Nothing has changed; please try again shortly.",
  "no-provider": "Tier changes for card payments are not available just now. Please ask the concierge at the lounge.",
};

/** The Billing Portal (POST, then the provider's page) or a tier change, for the signed-in member only. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireMemberWithAcceptedRules(request, context);
  const requestContextValue = context.get(requestContext);
  const { env, config } = requestContextValue;
  const form = await readSubmission(request, billingForm, { form: (fields) => fields.intent ?? "" });
  if (!form.ok) return form.invalid;
  const provider = paymentProviderFor(config, env);

  if (form.data.intent === "manage") {
    const billing = await loadMembershipBilling(env.DB, signedIn.id);
    const customerId = billing?.member.paymentCustomerId;
    if (!customerId || !provider) {
      return data<ActionResult>(
        {
          form: "manage",
          ok: false,
          error: "Your dues are paid at the lounge, so there is no card on file. The concierge will gladly help.",
        },
        { status: 409 },
      );
    }
    try {
      const portal = await provider.createBillingPortalSession(customerId, new URL("/members/billing", config.SITE_URL).href);
      return redirect(portal.url, 303);
    } catch (error) {
      console.error("billing: the provider did not open the billing portal", error);
      return data<ActionResult>(
        { form: "manage", ok: false, error: "Your card and invoices cannot be opened just now. Please try again shortly." },
        { status: 502 },
      );
    }
  }

  const change = form.data;
  const target = change.intent === "keep-tier" ? signedIn.tier : change.tier;
  const run = () => changeMembershipTier(requestContextValue, provider, signedIn.id, target);
  let outcome: TierChangeOutcome;
  if (change.intent === "change-tier") {
    // A change of tier is one intent (docs/product-rules.md#a-form-is-one-intent).
    const once = await oncePerForm(
      env.DB,
      { key: change.formKey, purpose: "tier-change", target: "", actorId: signedIn.id },
      run,
      (result) => !result.ok,
    );
    if (once.sent === "before") return sentBefore("tier", "This change of tier is already made.");
    outcome = once.outcome;
  } else outcome = await run();
  if (!outcome.ok) {
    return data<ActionResult>(
      { form: "tier", ok: false, error: tierRefusals[outcome.reason] },
      { status: outcome.reason === "provider-failed" ? 502 : outcome.reason === "not-found" ? 404 : 409 },
    );
  }
  const name = tierBySlug(outcome.tier).name;
  const toast =
    outcome.change === "upgraded"
      ? {
          title: "Tier Changed",
          description: outcome.differenceCharged
            ? `Welcome to ${name}. The difference for the rest of this quarter is charged to your card on file.`
            : `Welcome to ${name}. Your next quarter's dues are ${name}'s.`,
        }
      : outcome.change === "upgrade-awaiting-payment"
        ? {
            title: "Upgrade Reserved",
            description: `Your place in ${name} is held. Pay the difference of ${formatCents(outcome.owedCents)} at the lounge; you become a ${name} member when the concierge records it.`,
          }
        : outcome.change === "downgrade-scheduled"
          ? { title: "Change Scheduled", description: `You move to ${name} when your current quarter ends.` }
          : { title: "Tier Kept", description: `You stay a ${name} member.` };
  return data<ActionResult>({ form: "tier", ok: true, toast });
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const manage = usePendingSubmission({ sentWith: { field: "intent", value: "manage" } });
  const change = usePendingSubmission({ sentWith: { field: "intent", value: "change-tier" } });
  const { formRef: tierFormRef, formKey: tierFormKey } = useFormIntent(
    loaderData?.formKey ?? "",
    actionData?.form === "tier" ? actionData : undefined,
  );
  if (!loaderData) return null;
  const billing = loaderData;
  return (
    <>
      <PageHero eyebrow="Members" title="Membership & Billing">
        <p>Your tier, your dues and every payment, in one place.</p>
      </PageHero>
      <Section id="membership" eyebrow="Your membership" title={billing.tierName}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-semibold text-smoke">Dues</dt>
          <dd className="text-cream">{billing.quarterlyLabel} a quarter</dd>
          <dt className="text-sm font-semibold text-smoke">Status</dt>
          <dd className="text-cream">
            {billing.statusWords}
            {billing.graceEndsLabel ? ` Your membership continues until ${billing.graceEndsLabel}.` : ""}
          </dd>
          {billing.paidThroughLabel ? (
            <>
              <dt className="text-sm font-semibold text-smoke">{billing.status === "active" ? "Next renewal" : "Paid through"}</dt>
              <dd className="text-cream">{billing.paidThroughLabel}</dd>
            </>
          ) : null}
          {billing.waitingUpgrade ? (
            <>
              <dt className="text-sm font-semibold text-smoke">Owed at the lounge</dt>
              <dd className="text-cream">
                {billing.waitingUpgrade.owedLabel}, the difference for your upgrade to {billing.waitingUpgrade.tierName}. Your place is
                held; the upgrade starts when the concierge records the payment.
              </dd>
            </>
          ) : null}
          {billing.pendingTierName ? (
            <>
              <dt className="text-sm font-semibold text-smoke">Coming change</dt>
              <dd className="text-cream">You move to {billing.pendingTierName} when your current quarter ends.</dd>
            </>
          ) : null}
        </dl>
        {billing.canManage ? (
          <Form method="post" className="mt-6">
            <SubmitButton name="intent" value="manage" pending={manage.pending}>
              Manage Card &amp; Invoices
            </SubmitButton>
            <FormAlert outcome={actionData?.form === "manage" ? actionData : undefined} />
          </Form>
        ) : (
          <p className="mt-6 text-smoke">Your dues are paid at the lounge: the concierge takes card, check or cash.</p>
        )}
      </Section>
      {billing.status !== "lapsed" ? (
        <Section id="change-tier" eyebrow="Your membership" title="Change your tier">
          <p className="text-smoke">
            {billing.paysBySubscription
              ? "An upgrade starts at once, and the difference in dues for the rest of this quarter (by the day) is charged to your card on file; a downgrade starts with your next quarter."
              : "An upgrade costs the difference in dues for the rest of your paid period (by the day): your place is held, and the upgrade starts when you pay it at the lounge. A downgrade starts with your next quarter."}
          </p>
          <Form ref={tierFormRef} method="post" className="mt-6 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="formKey" value={tierFormKey} />
            <Field id="tier" label="Tier">
              {(control) => (
                <select {...control} name="tier" defaultValue={billing.tier} className={inputClasses}>
                  {billing.tiers.map((option) => (
                    <option key={option.slug} value={option.slug}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div>
              <SubmitButton name="intent" value="change-tier" pending={change.pending}>
                Change Tier
              </SubmitButton>
            </div>
          </Form>
          {billing.pendingTierName || billing.waitingUpgrade ? (
            <Form method="post" className="mt-4">
              <SubmitButton name="intent" value="keep-tier" variant="secondary">
                Keep {billing.tierName}
              </SubmitButton>
            </Form>
          ) : null}
          <FormAlert outcome={actionData?.form === "tier" ? actionData : undefined} />
        </Section>
      ) : null}
      <Section id="ledger" eyebrow="Your dues" title="Payments & charges">
        {billing.ledger.length === 0 ? (
          <p className="text-smoke">No charges or payments yet.</p>
        ) : (
          <div role="region" aria-labelledby="ledger-caption" tabIndex={0} className="overflow-x-auto rounded-sm border border-cedar">
            <table className="w-full border-collapse text-left text-sm">
              <caption id="ledger-caption" className="sr-only">
                Every charge, payment and refund, newest first
              </caption>
              <thead className="bg-humidor">
                <tr>
                  {/* On a phone the entry's kind goes above its details, so the amount stays in view without scrolling. */}
                  {["Date", "Entry", "Details", "Amount"].map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={`px-3 py-3 font-semibold uppercase tracking-[0.12em] text-brass sm:px-4 ${column === "Entry" ? "hidden sm:table-cell" : ""}`}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-cedar">
                {billing.ledger.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-3 py-3 text-cream sm:px-4">{entry.dateLabel}</td>
                    <td className="hidden px-4 py-3 text-cream sm:table-cell">{entry.kind}</td>
                    <td className="px-3 py-3 text-cream sm:px-4">
                      <span className="block font-semibold sm:hidden">{entry.kind}</span>
                      {entry.description}
                    </td>
                    <td className="whitespace-nowrap px-3 py-3 text-cream sm:px-4">{entry.amountLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
