import { redirect } from "react-router";
import type { Route } from "./+types/sit-down-booking";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { oncePerForm } from "#app/lib/form-intents.server.ts";
import { findApplicationStatus, readApplicationCookie } from "../admissions.server.ts";
import { sitDownBookingForm } from "../sit-down-forms.ts";
import type { SitDownOutcome } from "../sit-down-panel.tsx";
import { bookApplicantSitDown, cancelSitDown } from "../sit-downs.server.ts";

/**
 * The status page's sit-down forms (docs/product-rules.md#sit-downs): book or move to a slot, or
 * cancel. Only for the application the signed cookie names (a joined request's link acts on the
 * application it joined). Every answer is a 303 back to /application naming the outcome
 * (post/redirect/get), so the forms work without JavaScript; without a cookie the page asks for
 * the link.
 */
const STATUS_PAGE = "/application";

const backToStatusPage = (outcome?: SitDownOutcome) =>
  redirect(outcome ? `${STATUS_PAGE}?sitDown=${outcome}` : STATUS_PAGE, { status: 303, headers: { "Cache-Control": "no-store" } });

/** Nothing to show here: a visit goes to the status page. */
export function loader() {
  return backToStatusPage();
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(requestContext);
  const cookieRequestId = await readApplicationCookie(request, services.signingKey);
  const application = cookieRequestId ? await findApplicationStatus(services.env.DB, cookieRequestId) : null;
  if (!application) return backToStatusPage();
  const form = await readSubmission(request, sitDownBookingForm);
  if (!form.ok) return backToStatusPage("choose");

  if (form.data.intent === "cancel") {
    const cancelled = await cancelSitDown(services.env.DB, { requestId: application.requestId });
    return backToStatusPage(cancelled.ok ? "cancelled" : cancelled.reason);
  }
  const { slotId, formKey } = form.data;
  const once = await oncePerForm(
    services.env.DB,
    { key: formKey, purpose: "sit-down-booking", target: "", actorId: application.requestId },
    () => bookApplicantSitDown(services, application.requestId, slotId),
    (booked) => !booked.ok,
  );
  if (once.sent === "before") return backToStatusPage("sent-before");
  const booked = once.outcome;
  if (!booked.ok) return backToStatusPage(booked.reason);
  return backToStatusPage(booked.emailCapped ? "booked-not-emailed" : "booked");
}
