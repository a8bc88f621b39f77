import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/application";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { FormAlert } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { formatCents } from "#app/lib/money.ts";
import { club, quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { formatPortlandDate, formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import {
  applicationCookie,
  clearedApplicationCookie,
  findApplicationStatus,
  readApplicationCookie,
  readApplicationStatusToken,
  startOfferCheckout,
  type ApplicationStatus,
} from "../admissions.server.ts";
import { applicationForms } from "../application-forms.ts";
import { OpenLinkFromAddress, PastedLinkForm } from "../open-link-from-address.tsx";
import { SitDownPanel, type SitDownPanelView } from "../sit-down-panel.tsx";
import { loadSitDownPanel } from "../sit-downs.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";

/** One answer for a forged, mistyped or forgotten link alike. */
const INVALID_LINK = `This application link is not valid. Open the link from the latest email the club sent you, or call the office at ${club.officePhone.display}.`;

/** What the payment step answers when it cannot send the applicant to the checkout. */
const PAYMENT_REFUSALS = {
  "not-offered": "This offer is no longer open. The page now shows where your application stands.",
  "in-person-only": `Online payment is not available at present: the concierge takes the initiation fee and dues at the lounge. Please call the office at ${club.officePhone.display} to arrange it.`,
  "provider-failed": "The payment page could not be opened just now. Please try again in a few minutes.",
} as const;

export const meta: Route.MetaFunction = () => [
  { title: `Your Application | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

// The page shows one applicant's application: no cache may keep it.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The application the cookie names, in words for the page; `open` when no link has been opened here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, signingKey } = context.get(requestContext);
  const requestId = await readApplicationCookie(request, signingKey);
  if (!requestId) return { stage: "open" as const };
  const application = await findApplicationStatus(env.DB, requestId);
  if (!application) {
    return data({ stage: "invalid" as const }, { status: 404, headers: { "Set-Cookie": clearedApplicationCookie() } });
  }
  return {
    stage: "status" as const,
    application: applicationView(application),
    checkoutReturn: checkoutReturnIn(new URL(request.url)),
    sitDown: await loadSitDownPanel(env.DB, application.requestId),
    sitDownFormKey: newFormKey(),
  };
}

/**
 * Where the payment provider sends the applicant back (?checkout=complete or cancelled). It grants
 * nothing: only the provider's verified webhook marks the offer paid (docs/security.md#payments),
 * so until then the page says the payment is being confirmed.
 */
function checkoutReturnIn(url: URL): "complete" | "cancelled" | null {
  const value = url.searchParams.get("checkout");
  return value === "complete" || value === "cancelled" ? value : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const requestContextValue = context.get(requestContext);
  const { env, signingKey, logSecurityEvent: log } = requestContextValue;
  const form = await readSubmission(request, applicationForms);
  if (!form.ok) return form.invalid;
  // A link that fails to open leaves the cookie alone: it may name a valid application
  // (docs/product-rules.md#the-applicants-journey). Only a cookie that itself fails is cleared.
  const refuse = (cookie: "keep" | "clear") => {
    log({ eventType: "input_validation_fail", severity: "medium", description: "application status link refused" });
    const headers: HeadersInit = cookie === "clear" ? { "Set-Cookie": clearedApplicationCookie() } : {};
    return data<ActionResult>({ ok: false, error: INVALID_LINK }, { status: 404, headers });
  };

  if (form.data.intent === "open") {
    const requestId = await readApplicationStatusToken(signingKey, form.data.link);
    if (!requestId || !(await findApplicationStatus(env.DB, requestId))) return refuse("keep");
    throw redirect("/application", { status: 303, headers: { "Set-Cookie": await applicationCookie(signingKey, requestId) } });
  }

  const requestId = await readApplicationCookie(request, signingKey);
  const application = requestId ? await findApplicationStatus(env.DB, requestId) : null;
  if (!application) return refuse("clear");
  const checkout =
    application.status === "offered"
      ? await startOfferCheckout(requestContextValue, application.requestId)
      : ({ ok: false, reason: "not-offered" } as const);
  if (!checkout.ok) {
    return data<ActionResult>(
      { ok: false, error: PAYMENT_REFUSALS[checkout.reason] },
      { status: checkout.reason === "provider-failed" ? 502 : 409 },
    );
  }
  throw redirect(checkout.url, { status: 303, headers: { "Cache-Control": "no-store" } });
}

type ApplicationView = ReturnType<typeof applicationView>;

/** Dates in Portland time and money as the site writes it, formatted here so the page shows the server's words. */
function applicationView(application: ApplicationStatus) {
  const tier = application.tier ? tierBySlug(application.tier) : null;
  return {
    name: application.name,
    status: application.status,
    receivedOn: formatPortlandDate(application.createdAt),
    sitDownInvited: application.sitDownInvitedAt !== null,
    tierName: tier?.name ?? null,
    initiationFee:
      application.initiationFeeCents === null
        ? null
        : application.initiationFeeCents === 0
          ? "Waived (introduced by a member)"
          : formatCents(application.initiationFeeCents),
    initiationWaived: application.initiationFeeCents === 0,
    quarterlyDues: tier ? formatCents(quarterlyDuesCents(tier)) : null,
    dueToday:
      tier && application.initiationFeeCents !== null ? formatCents(application.initiationFeeCents + quarterlyDuesCents(tier)) : null,
    offerExpires: application.offerExpiresAt ? formatPortlandDateTime(application.offerExpiresAt) : null,
    waitlistPosition: application.waitlistPosition,
  };
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  if (loaderData.stage === "status") {
    return (
      <>
        <ApplicationStatusPage
          application={loaderData.application}
          checkoutReturn={loaderData.checkoutReturn}
          outcome={refusal}
          sitDown={loaderData.sitDown}
        />
        <SitDownPanel panel={loaderData.sitDown} formKey={loaderData.sitDownFormKey} />
      </>
    );
  }
  const invalid = loaderData.stage === "invalid" || Boolean(refusal?.error);
  return (
    <PageHero eyebrow="Membership" title="Your application">
      <OpenLinkFromAddress path="/application" />
      {invalid ? <p role="alert">{INVALID_LINK}</p> : null}
      <OpenApplicationForm error={refusal?.fieldErrors?.link} />
    </PageHero>
  );
}

function ApplicationStatusPage({
  application,
  checkoutReturn,
  outcome,
  sitDown,
}: {
  application: ApplicationView;
  checkoutReturn: "complete" | "cancelled" | null;
  outcome: ActionResult | undefined;
  sitDown: SitDownPanelView | null;
}) {
  return (
    <>
      <OpenLinkFromAddress path="/application" />
      <PageHero eyebrow="Your application" title={application.name}>
        <p>
          Your request of {application.receivedOn} to {club.name}.
        </p>
      </PageHero>
      <Section id="application-status" eyebrow="Where it stands" title={statusTitles[application.status]}>
        <div className="grid max-w-2xl gap-4 text-smoke">
          {application.status === "offered" && checkoutReturn ? (
            <p role="status" className="text-cream">
              {checkoutReturn === "complete"
                ? "Thank you. Your payment is being confirmed; this page shows it as soon as the payment provider confirms it, and we email you."
                : "The payment was not completed. You can pay whenever you are ready, until the offer ends."}
            </p>
          ) : null}
          <StatusDetails application={application} outcome={outcome} sitDown={sitDown} />
        </div>
      </Section>
    </>
  );
}

const statusTitles: Record<ApplicationView["status"], string> = {
  new: "Under consideration",
  approved: "Admitted",
  declined: "Thank you for your interest",
  waitlisted: "On the waitlist",
  offered: "A place is yours",
  paid: "Welcome to the club",
  expired: "Your offer has expired",
};

function StatusDetails({
  application,
  outcome,
  sitDown,
}: {
  application: ApplicationView;
  outcome: ActionResult | undefined;
  sitDown: SitDownPanelView | null;
}) {
  switch (application.status) {
    case "new":
      return (
        <p>
          The concierge has your request and reads each one personally.{" "}
          {sitDown?.booked
            ? "Your sit-down is booked: its details are below, where you can also move or cancel it."
            : application.sitDownInvited && sitDown
              ? sitDown.lounges.length > 0
                ? "You are invited to a sit-down at one of our lounges: choose a time below."
                : "You are invited to a sit-down at one of our lounges; the times open to book appear below as the concierge adds them."
              : "We will write to you at each step; this page always shows where your application stands."}
        </p>
      );
    case "waitlisted":
      return (
        <>
          <p>
            The concierge has approved you for {application.tierName} membership, which has no place free for you at present: its places are
            taken, or others were waiting for one before you.
            {application.waitlistPosition ? ` You are number ${application.waitlistPosition} on its waitlist.` : ""}
          </p>
          <p>When a place opens, we will email you an offer, which stays open for 7 days.</p>
        </>
      );
    case "offered":
      return <Offer application={application} outcome={outcome} />;
    case "paid":
      return <p>Your payment is received. Check your email for the link to set up your sign-in to the members area.</p>;
    case "approved":
      return <p>The concierge has admitted you. Check your email for your invitation link to the members area.</p>;
    case "declined":
      return (
        <>
          <p>
            Thank you for thinking of {club.name}. After careful consideration, the concierge is not able to offer you a membership at this
            time.
          </p>
          <p>We are grateful for your interest, and wish you many fine evenings.</p>
        </>
      );
    case "expired":
      return (
        <p>
          The offer for {application.tierName} membership was open until {application.offerExpires}. If you would still like to join, please
          call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      );
  }
}

function Offer({ application, outcome }: { application: ApplicationView; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission();
  const facts: Array<[string, string | null]> = [
    ["Membership", application.tierName],
    ["Initiation fee (once)", application.initiationFee],
    ["Dues, billed every 3 months", application.quarterlyDues],
    ["Due today", application.dueToday],
    ["Offer open until", application.offerExpires],
  ];
  return (
    <>
      <p>The concierge offers you a place as a {application.tierName} member.</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold">{label}</dt>
            <dd className="text-cream">{value}</dd>
          </div>
        ))}
      </dl>
      <p>Your membership begins once the payment is confirmed; we then email you a link to set up your sign-in.</p>
      {/* A full page load: the server answers with the payment provider's checkout address. */}
      <Form method="post" reloadDocument>
        <input type="hidden" name="intent" value="pay" />
        <button type="submit" disabled={pending} aria-describedby="payment-alert" className={buttonClasses("primary")}>
          {pending ? "Opening the Payment Page..." : application.initiationWaived ? "Pay Dues" : "Pay Initiation & Dues"}
        </button>
        <FormAlert outcome={outcome} id="payment-alert" />
      </Form>
    </>
  );
}

function OpenApplicationForm({ error }: { error: string | undefined }) {
  return (
    <>
      <p className="mt-4">
        The private link in your email from the club opens this page by itself. If it has not, paste the whole link here.
      </p>
      <PastedLinkForm id="application-link" label="Your application link" submitLabel="Open My Application" error={error} />
    </>
  );
}
