import { data, Form, redirect, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/member-academy";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club, loungeBySlug } from "#app/features/site/site-config.ts";
import { courseNames, entitlementsOf, type CourseSlug } from "#app/features/site/tier-entitlements.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { CalendarLinks } from "../calendar-links.tsx";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import { ConfirmationLine } from "../calendar-confirmation.tsx";
import { memberAcademyForm } from "../calendar-forms.ts";
import { refusalOf, type PageRefusal, type RefusedListing } from "../calendar-refusals.ts";
import { formatSession, ownPlaceText, placesText } from "../calendar-view.ts";
import { bookListing, cancelBooking, memberCalendar, memberListing, type MemberListing } from "../calendar.server.ts";

/**
 * /members/academy (docs/product-rules.md#members-pages): the Cigar Academy terms of the courses
 * the member's tier includes, with every session in Portland time and the seats left; Enrol from
 * three weeks before a term until its first session, the waitlist when it is full, and Cancel my
 * place. Plain forms: everything works without JavaScript; a success answers with a 303 back here.
 * Each term's Enrol (or waitlist) form is one intent (docs/product-rules.md#a-form-is-one-intent).
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Cigar Academy Enrolment",
    description: `Enrol in the Cigar Academy terms your membership at ${club.name} includes.`,
  }),
  { name: "robots", content: "noindex" },
];

const confirmations = {
  enrolled: { title: "Enrolled", description: "Your seat is held. We will remind you the day before the first session." },
  waitlisted: { title: "On the waitlist", description: "We will email you if a seat frees." },
  cancelled: { title: "Place cancelled", description: "Your seat has gone back to the members." },
} as const;

type Done = keyof typeof confirmations;

function backToAcademy(done: Done, listingId: string): Response {
  return redirect(`/members/academy?done=${done}#term-${encodeURIComponent(listingId)}`, { status: 303 });
}

/** The words a refusal reads of a term (without it, gone or of another tier, they name no tiers). Terms take no guests. */
function refusedTerm(term: MemberListing | undefined): RefusedListing {
  return { kind: "course", startsAt: "", opensAt: "", closesAt: "", tiers: [], ...term, dayLabel: "", guestAllowance: 0 };
}

/** The terms of the member's tier; null while the rules step shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const now = Date.now();
  const terms = await memberCalendar(context.get(requestContext).env.DB, member, now, "course");
  const done = new URL(request.url).searchParams.get("done");
  return {
    formKey: newFormKey(),
    confirmation:
      done && done in confirmations ? ({ form: "academy", ok: true, toast: confirmations[done as Done] } as ActionResult) : null,
    meetingRooms: entitlementsOf(member.tier).meetingRooms,
    terms: terms.map((term) => {
      const phase = term.state;
      const booking = term.booking;
      return {
        id: term.id,
        title: term.title,
        course: courseNames[term.category as CourseSlug] ?? term.title,
        description: term.description,
        loungeName: loungeBySlug(term.lounge).name,
        sessions: term.sessions.map((session) => ({ startsAt: session.startsAt, label: formatSession(session.startsAt, session.endsAt) })),
        seats: phase === "cancelled" ? "Cancelled by the club" : placesText(term),
        own: booking
          ? {
              bookingId: booking.id,
              text: ownPlaceText(booking),
              mayCancel: phase !== "started" && phase !== "cancelled",
              // The term's sessions for the member's calendar app (member-course-file.ts), while it stands.
              calendarFile: phase === "cancelled" ? null : `/members/academy/${encodeURIComponent(term.id)}.ics`,
            }
          : null,
        // What the member may do without a place: enrol, join the waitlist, or read why not.
        offer: booking ? null : phase === "open" ? (term.placesLeft > 0 ? ("enrol" as const) : ("join-waitlist" as const)) : null,
        notice: booking || phase === "open" ? null : refusalOf(phase, refusedTerm(term)).error,
      };
    }),
  };
}

/** Enrols, waitlists or cancels, only ever for the signed-in member; each answer names its term. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const services = context.get(requestContext);
  // Every form names its term, so a refusal shows on the term's card whatever the page now holds.
  const formOf = (fields: Record<string, string>) => `term:${fields.listingId ?? ""}`;
  const submission = await readSubmission(request, memberAcademyForm, { form: formOf });
  if (!submission.ok) return submission.invalid;
  const form = submission.data;
  const now = Date.now();
  const refuse = async (reason: PageRefusal, find: (term: MemberListing) => boolean) => {
    const terms = await memberCalendar(services.env.DB, member, now, "course");
    const { status, error } = refusalOf(reason, refusedTerm(terms.find(find)));
    return data<ActionResult>({ form: formOf(submission.fields), ok: false, error }, { status });
  };

  // Every form acts on a course term, and the cancel on the member's own place in that term only.
  const term = await memberListing(services.env.DB, member, form.listingId, now);
  if (!term || term.kind !== "course") return refuse("not-found", () => false);
  if (form.intent === "cancel") {
    if (term.booking?.id !== form.bookingId) return refuse("no-place", (found) => found.id === form.listingId);
    const result = await cancelBooking(services, { bookingId: form.bookingId, memberId: member.id, now });
    if (!result.ok) return refuse(result.reason === "not-found" ? "no-place" : result.reason, (term) => term.id === form.listingId);
    throw backToAcademy("cancelled", form.listingId);
  }
  const { listingId } = form;
  const once = await oncePerForm(
    services.env.DB,
    // One page holds a form for each term, all with the page's key: the term tells them apart.
    { key: form.formKey, purpose: "academy-enrolment", target: listingId, actorId: member.id },
    () => bookListing(services, { listingId, member, guests: [], joinWaitlist: form.intent === "join-waitlist", now }),
    (result) => !result.ok,
  );
  if (once.sent === "before")
    return sentBefore(
      formOf(submission.fields),
      form.intent === "enrol" ? `You already enrolled in ${term.title}.` : `You already joined the waitlist for ${term.title}.`,
    );
  const result = once.outcome;
  if (!result.ok) return refuse(result.reason, (term) => term.id === listingId);
  throw backToAcademy(result.status === "waitlisted" ? "waitlisted" : "enrolled", listingId);
}

// A 404 or 409 means the page was out of date: reload it to show the seats and the member's places as they are.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

type Term = NonNullable<Route.ComponentProps["loaderData"]>["terms"][number];

export default function MemberAcademy({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // After a post, focus goes to the term's card the redirect names (#term-<id>): what the form changed.
  const { hash } = useLocation();
  useConfirmationOnce(loaderData?.confirmation ?? null, hash.startsWith("#term-") ? decodeURIComponent(hash.slice(1)) : undefined);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  const outcomeFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  return (
    <>
      <PageHero eyebrow="Club calendar" title="Cigar Academy">
        <p>
          The terms your membership includes. Enrolment opens three weeks before a term's first session and closes when it begins. Times are
          Portland time.
        </p>
        <CalendarLinks meetingRooms={loaderData.meetingRooms} />
      </PageHero>
      <Section id="terms" eyebrow="Enrolment" title="Terms ahead">
        <ConfirmationLine confirmation={loaderData.confirmation} />
        {loaderData.terms.length === 0 ? (
          <p className="text-smoke">No terms of your courses are on the calendar yet.</p>
        ) : (
          <ul className="grid gap-6">
            {loaderData.terms.map((term) => (
              <li key={term.id}>
                <TermCard term={term} formKey={loaderData.formKey} outcome={outcomeFor(`term:${term.id}`)} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function TermCard({ term, formKey, outcome }: { term: Term; formKey: string; outcome: ActionResult | undefined }) {
  const cancel = usePendingSubmission({ sentWith: { field: "bookingId", value: term.own?.bookingId ?? "" } });
  const headingId = `term-${term.id}-title`;
  return (
    <article id={`term-${term.id}`} aria-labelledby={headingId} tabIndex={-1} className="rounded-sm border border-cedar p-6">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">
        {term.course} · {term.loungeName}
      </p>
      <h3 id={headingId} className="mt-2 text-2xl text-cream">
        {term.title}
      </h3>
      <p className="mt-2 max-w-3xl text-smoke">{term.description}</p>
      <h4 className="mt-4 text-sm font-semibold uppercase tracking-[0.18em] text-brass">
        {term.sessions.length === 1 ? "Session" : `${term.sessions.length} sessions`}
      </h4>
      <ul className="mt-2 grid gap-1 text-cream">
        {term.sessions.map((session) => (
          <li key={session.startsAt}>
            <time dateTime={session.startsAt}>{session.label}</time>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-cream">{term.seats}</p>
      <div className="mt-4 border-t border-cedar pt-4">
        {term.own ? (
          <Form method="post">
            <p className="font-semibold text-brass">{term.own.text}.</p>
            {term.own.calendarFile ? (
              <p className="mt-2">
                <a href={term.own.calendarFile} className="text-brass underline hover:text-cream">
                  Add to your calendar (.ics)<span className="sr-only">: {term.title}</span>
                </a>
              </p>
            ) : null}
            {term.own.mayCancel ? (
              <div className="mt-3">
                <input type="hidden" name="bookingId" value={term.own.bookingId} />
                <input type="hidden" name="listingId" value={term.id} />
                <SubmitButton name="intent" value="cancel" variant="secondary" pending={cancel.pending}>
                  Cancel my place<span className="sr-only"> in {term.title}</span>
                </SubmitButton>
              </div>
            ) : null}
          </Form>
        ) : term.offer ? (
          <EnrolForm term={term} offer={term.offer} formKey={formKey} outcome={outcome} />
        ) : (
          <p className="text-cream">{term.notice}</p>
        )}
        <FormAlert outcome={outcome} />
      </div>
    </article>
  );
}

/**
 * Enrol or Join the Waitlist: the form keeps the key it was shown with; its success (a 303) shows
 * the member's place instead, and a form shown again (after a cancel) takes the page's newest key.
 */
function EnrolForm({
  term,
  offer,
  formKey: issuedKey,
  outcome,
}: {
  term: Term;
  offer: NonNullable<Term["offer"]>;
  formKey: string;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "listingId", value: term.id } });
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  return (
    <Form ref={formRef} method="post">
      <input type="hidden" name="formKey" value={formKey} />
      <input type="hidden" name="listingId" value={term.id} />
      {offer === "join-waitlist" ? <p className="mb-3 text-cream">Every seat is taken: the waitlist is open.</p> : null}
      <SubmitButton name="intent" value={offer} pending={pending}>
        {offer === "enrol" ? "Enrol" : "Join the Waitlist"}
        <span className="sr-only"> for {term.title}</span>
      </SubmitButton>
    </Form>
  );
}
