import { data, Form, redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/local-checkout";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { club } from "#app/features/site/site-config.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { cancelLocalCheckout, localCheckoutView, payLocalCheckout } from "../local-payments.server.ts";

/**
 * /local-payments/checkout/:sessionId — the LOCAL STAND-IN for Stripe Checkout (development
 * without Stripe only; 404 otherwise). No money moves: Pay hands the events Stripe would send to
 * the same dispatcher as the webhook (docs/decisions/009-payment-provider.md).
 */
const checkoutForm = z.object({ intent: z.enum(["pay", "cancel"]) });

export const meta: Route.MetaFunction = () => [
  { title: `Local Checkout Stand-In | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await localCheckoutView(context.get(requestContext), params.sessionId);
  if (!view) throw data(null, { status: 404 });
  return {
    status: view.session.status,
    email: view.session.email,
    tierName: view.tierName,
    initiationFeeCents: view.initiationFeeCents,
    duesCents: view.duesCents,
    expiresAt: new Date(view.session.expiresAt).toISOString(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readSubmission(request, checkoutForm);
  if (!form.ok) return form.invalid;
  const requestContextValue = context.get(requestContext);
  const next =
    form.data.intent === "pay"
      ? await payLocalCheckout(requestContextValue, params.sessionId)
      : await cancelLocalCheckout(requestContextValue, params.sessionId);
  if (!next) throw data(null, { status: 404 });
  throw redirect(next, 303);
}

export default function LocalCheckout({ loaderData }: Route.ComponentProps) {
  const { status, email, tierName, initiationFeeCents, duesCents } = loaderData;
  return (
    <PageHero eyebrow="Local stand-in: no money moves" title="Checkout">
      <p role="note" className="border border-brass px-4 py-3 text-cream">
        This page stands in for Stripe Checkout on a development machine. Nothing is charged and no card is asked for; Pay sends the club
        the same events Stripe would.
      </p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt>Membership</dt>
        <dd>{tierName}</dd>
        <dt>Email</dt>
        <dd className="break-all">{email}</dd>
        {/* Like Stripe's, the stand-in's checkout has no initiation line when the fee is waived. */}
        {initiationFeeCents > 0 ? (
          <>
            <dt>Initiation fee (once)</dt>
            <dd>{formatCents(initiationFeeCents)}</dd>
          </>
        ) : null}
        <dt>Dues, billed quarterly</dt>
        <dd>{formatCents(duesCents)}</dd>
        <dt>Due today</dt>
        <dd>{formatCents(initiationFeeCents + duesCents)}</dd>
      </dl>
      {status === "open" ? (
        <Form method="post" className="mt-8 flex flex-wrap gap-4">
          <button type="submit" name="intent" value="pay" className={buttonClasses("primary")}>
            Pay (Stand-In)
          </button>
          <button type="submit" name="intent" value="cancel" className={buttonClasses("secondary")}>
            Cancel
          </button>
        </Form>
      ) : (
        <p className="mt-8" role="status">
          {status === "complete" ? "This checkout is complete." : "This checkout has expired."}
        </p>
      )}
    </PageHero>
  );
}
