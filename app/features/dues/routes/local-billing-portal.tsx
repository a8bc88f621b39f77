import { data, Form, redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/local-billing-portal";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club } from "#app/features/site/site-config.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { actInLocalPortal, localPortalView } from "../local-payments.server.ts";

/**
 * /local-payments/billing/:customerId — the LOCAL STAND-IN for Stripe's Billing Portal
 * (development without Stripe only; 404 otherwise). No money moves: each button changes the
 * stand-in's subscription and hands the events Stripe would send to the same dispatcher as the
 * webhook, so renewals, failures and cancellations can be tried offline
 * (docs/decisions/009-payment-provider.md).
 */
const portalForm = z.object({ intent: z.enum(["cancel-at-period-end", "renew", "fail-renewal", "pay-open-invoice"]) });

export const meta: Route.MetaFunction = () => [
  { title: `Local Billing Portal Stand-In | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await localPortalView(context.get(requestContext), params.customerId);
  if (!view) throw data(null, { status: 404 });
  const { subscription } = view;
  return {
    tierName: view.tierName,
    duesCents: view.duesCents,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    openInvoiceCents: subscription.openInvoice?.amountCents ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readSubmission(request, portalForm);
  if (!form.ok) return form.invalid;
  if (!(await actInLocalPortal(context.get(requestContext), params.customerId, form.data.intent))) throw data(null, { status: 404 });
  throw redirect(`/local-payments/billing/${encodeURIComponent(params.customerId)}`, 303);
}

const STATUS_WORDS: Record<string, string> = { active: "Active", past_due: "Past due", canceled: "Cancelled" };

export default function LocalBillingPortal({ loaderData }: Route.ComponentProps) {
  const { tierName, duesCents, status, currentPeriodEnd, cancelAtPeriodEnd, openInvoiceCents } = loaderData;
  const periodEnd = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long" }).format(new Date(currentPeriodEnd));
  const live = status !== "canceled";
  return (
    <PageHero eyebrow="Local stand-in: no money moves" title="Billing Portal">
      <p role="note" className="border border-brass px-4 py-3 text-cream">
        This page stands in for Stripe&apos;s Billing Portal on a development machine. Nothing is charged; each button sends the club the
        same events Stripe would.
      </p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt>Membership</dt>
        <dd>
          {tierName}, {formatCents(duesCents)} billed quarterly
        </dd>
        <dt>Status</dt>
        <dd>{STATUS_WORDS[status] ?? status}</dd>
        <dt>{cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt>
        <dd>{periodEnd}</dd>
        {openInvoiceCents !== null ? (
          <>
            <dt>Open invoice</dt>
            <dd>{formatCents(openInvoiceCents)}</dd>
          </>
        ) : null}
      </dl>
      {live ? (
        <Form method="post" className="mt-8 flex flex-wrap gap-4">
          {openInvoiceCents !== null ? (
            <button type="submit" name="intent" value="pay-open-invoice" className={buttonClasses("primary")}>
              Pay Open Invoice
            </button>
          ) : null}
          {cancelAtPeriodEnd ? null : (
            <button type="submit" name="intent" value="cancel-at-period-end" className={buttonClasses("secondary")}>
              Cancel at Period End
            </button>
          )}
          <button type="submit" name="intent" value="renew" className={buttonClasses("quiet")}>
            Renew Now (Stand-In)
          </button>
          <button type="submit" name="intent" value="fail-renewal" className={buttonClasses("quiet")}>
            Decline Next Renewal (Stand-In)
          </button>
        </Form>
      ) : null}
    </PageHero>
  );
}
