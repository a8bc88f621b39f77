import { data, Outlet, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/console";
import { ConciergeNav } from "../concierge-nav.tsx";
import { deliveryAttentionForm } from "../concierge-forms.ts";
import { formatConsoleTime } from "../console-format.ts";
import { DeliveryAttention } from "../delivery-attention.tsx";
import { abandonAnswers, retryAnswers } from "../delivery-outcomes.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { requireConcierge } from "#app/features/sign-in/require-member.server.ts";
import { abandonDelivery, listDeliveriesNeedingAttention, retryDelivery } from "#app/features/concierge/concierge.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

// Anyone but a signed-in concierge gets the site's 404 (docs/product-rules.md#concierge); every
// answer is private, no-store (requireConcierge).
export const middleware: Route.MiddlewareFunction[] = [requireConcierge];

/** The console's first screen, where the deliveries that need attention are listed. */
const FIRST_SCREEN = "/concierge";
const isFirstScreen = (pathname: string) => pathname.replace(/\/+$/, "") === FIRST_SCREEN;

// Server middleware runs on client-side navigations only when a matched route has a loader
// (react-router docs, how-to/middleware); this one also gives the page the concierge's name and
// the deliveries that need attention, shown on the first screen (two indexed queries in one
// batch). It cannot tell the first screen from the URL: a client-side navigation's data request
// has its own.
export async function loader({ context }: Route.LoaderArgs) {
  const attention = await listDeliveriesNeedingAttention(context.get(requestContext).env.DB);
  return {
    conciergeName: context.get(memberContext).name,
    attention: {
      count: attention.count,
      deliveries: attention.deliveries.map((delivery) => ({
        id: delivery.id,
        channel: delivery.channel,
        recipient: delivery.recipient,
        subject: delivery.subject,
        attempts: delivery.attempts,
        lastError: delivery.lastError,
        createdAtLabel: formatConsoleTime(delivery.createdAt) ?? delivery.createdAt,
        failedAtLabel: formatConsoleTime(delivery.updatedAt) ?? delivery.updatedAt,
      })),
    },
  };
}

// A layout's loader is not run again when only a child page changes: coming back to the first
// screen must show the deliveries as they are now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isFirstScreen(nextUrl.pathname);

/**
 * 'Retry' (claimed and sent at once, as the cron would) or 'Stop trying' for a delivery that needs
 * attention; both are audited (worker/features/concierge/concierge-console.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, deliveryAttentionForm);
  if (!form.ok) return data<ActionResult>({ form: form.fields.outboxId ?? "", ok: false, error: "Unknown message." }, { status: 400 });
  const { intent, outboxId } = form.data;
  const concierge = context.get(memberContext);
  const answer =
    intent === "retry"
      ? retryAnswers[await retryDelivery(context.get(requestContext), concierge.id, outboxId)]
      : abandonAnswers[await abandonDelivery(context.get(requestContext), concierge.id, outboxId)];
  return data<ActionResult>({ ...answer, form: String(outboxId) }, { status: answer.ok ? 200 : 409 });
}

export default function ConciergeLayout({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { pathname } = useLocation();
  const { attention } = loaderData;
  return (
    <>
      <PageHero eyebrow="Concierge" title="Concierge Console">
        <p>
          Signed in as {loaderData.conciergeName}. Run the club from here: its members and their roles, each application from request to
          paid membership, the tiers' waitlists, lockers, guests and the calendar, the dashboard and exports; and keep an eye on email and
          SMS deliveries and the audit log.
        </p>
      </PageHero>
      <ConciergeNav />
      {isFirstScreen(pathname) ? (
        <DeliveryAttention count={attention.count} deliveries={attention.deliveries} outcome={actionData} />
      ) : null}
      <Outlet />
    </>
  );
}
