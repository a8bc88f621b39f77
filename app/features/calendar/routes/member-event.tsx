import { useEffect } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/member-event";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm, sentBefore } from "#app/lib/form-intents.server.ts";
import { useFormIntent } from "#app/ui/form/use-form-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club, loungeBySlug } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { tierNamesInWords } from "#app/features/site/tier-inclusions.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { CalendarLinks } from "../calendar-links.tsx";
import { useConfirmationOnce } from "#app/ui/form/use-confirmation-once.ts";
import { ConfirmationLine } from "../calendar-confirmation.tsx";
import { eventGuestLimit, eventLoungeClosedTo } from "../calendar-eligibility.ts";
import { memberEventForm, rsvpGuests } from "../calendar-forms.ts";
import { refusalOf, type PageRefusal, type RefusedListing } from "../calendar-refusals.ts";
import { formatSitting, ownPlaceText, placesText } from "../calendar-view.ts";
import { addGuest, bookListing, cancelBooking, memberListing, removeGuest, type MemberListing } from "../calendar.server.ts";

/**
 * /members/events/:id (docs/product-rules.md#members-pages): one event of the member's tier, and
 * their place at it: RSVP with named guests up to the tier's event-night allowance, the waitlist
 * when it is full, a guest added or removed, the place cancelled. Plain forms, each with its
 * `intent`: everything works without JavaScript. A success answers with a 303 back here
 * (`?done=`); a refusal shows beside its form. The RSVP, the waitlist and the added guest are each
 * one intent (docs/product-rules.md#a-form-is-one-intent): sent again, they book nothing more.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: args.loaderData?.event.title ?? "Member Event",
    description: `A member event at ${club.name}: its time, its places and your RSVP.`,
  }),
  { name: "robots", content: "noindex" },
];

const confirmations = {
  booked: { title: "RSVP confirmed", description: "Your place is held." },
  "booked-with-guests": { title: "RSVP confirmed", description: "Your place and your guests' places are held." },
  waitlisted: { title: "On the waitlist", description: "We will email you if a place frees." },
  "guest-added": { title: "Guest added", description: "Your guest is on the list for the evening." },
  "guest-removed": { title: "Guest removed", description: "Their place has gone back to the members." },
  cancelled: { title: "Place cancelled", description: "Your place has gone back to the members." },
} as const;

type Done = keyof typeof confirmations;

function backToEvent(listingId: string, done: Done): Response {
  return redirect(`/members/events/${encodeURIComponent(listingId)}?done=${done}`, { status: 303 });
}

/** The words a refusal reads of the event. */
function refusedEvent(listing: MemberListing, tier: Parameters<typeof eventGuestLimit>[0]): RefusedListing {
  return {
    ...listing,
    kind: "event",
    dayLabel: formatPortlandDay(portlandDay(new Date(listing.startsAt))),
    guestAllowance: eventGuestLimit(tier),
  };
}

/**
 * The event and the member's place at it; null while the rules step shows. An event the member's
 * tier does not include says whom it is for, and a place they still hold there (their tier or the
 * event's kind changed since they booked) may only be cancelled.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const now = Date.now();
  const event = await memberListing(context.get(requestContext).env.DB, member, params.id, now);
  if (!event || event.kind !== "event") throw data(null, { status: 404 });
  const phase = event.state;
  const allowance = eventGuestLimit(member.tier);
  const booking = event.booking;
  const done = new URL(request.url).searchParams.get("done");
  // A guest added is the add-guest form's success (its form is emptied for the next guest); the rest the page's.
  const confirmation: ActionResult | null =
    done && done in confirmations
      ? { form: done === "guest-added" ? "add-guest" : "event", ok: true, toast: confirmations[done as Done] }
      : null;
  // Why there is no form to book with: not open yet, the cut-off, the start, a cancellation, or another tier's event.
  const closedReason: PageRefusal | null =
    phase === "cancelled"
      ? phase
      : !event.included
        ? eventLoungeClosedTo(member.tier, event)
          ? "lounge-not-included"
          : "not-included"
        : phase === "open"
          ? null
          : phase;
  return {
    formKey: newFormKey(),
    confirmation,
    meetingRooms: entitlementsOf(member.tier).meetingRooms,
    event: {
      id: event.id,
      title: event.title,
      description: event.description,
      startsAt: event.startsAt,
      when: formatSitting(event.startsAt, event.endsAt),
      loungeName: loungeBySlug(event.lounge).name,
      tiers: tierNamesInWords(event.tiers),
      places: phase === "cancelled" ? "Cancelled by the club" : event.included ? placesText(event) : null,
      // The file is the member's while their tier includes the event or they hold a place there (calendar-files.ts).
      calendarFile: phase === "cancelled" || (!event.included && !booking) ? null : `/members/events/${encodeURIComponent(event.id)}.ics`,
    },
    own: booking
      ? {
          bookingId: booking.id,
          text: ownPlaceText(booking),
          waitlisted: booking.status === "waitlisted",
          guests: booking.guestVisits,
          // A plus-one of an RSVP made before guests were named counts without a name.
          unnamedGuests: booking.guests - booking.guestVisits.length,
          // A guest takes a place: offered only while one is left.
          mayAddGuest:
            booking.status === "confirmed" && phase === "open" && event.included && booking.guests < allowance && event.placesLeft > 0,
          mayChange: phase === "open" || phase === "closed" || phase === "not-open-yet",
          // A place at an event the tier no longer includes may only be cancelled, as a whole.
          mayRemoveGuests: event.included && (phase === "open" || phase === "closed" || phase === "not-open-yet"),
        }
      : null,
    book:
      !booking && closedReason === null
        ? {
            full: event.placesLeft <= 0,
            guestLines: allowance,
            placesLeft: event.placesLeft,
          }
        : null,
    notice: !booking && closedReason !== null ? refusalOf(closedReason, refusedEvent(event, member.tier)).error : null,
  };
}

/** A refusal of the RSVP carries the guest lines as typed, for the form's defaultValues. */
type EventFormResult = ActionResult & { values?: Record<string, string> };

/** The guest lines of an RSVP as the member typed them. */
function rsvpValues(fields: Record<string, string>): Record<string, string> {
  const names = [1, 2, 3].flatMap((line) => [`guestName${line}`, `guestEmail${line}`]);
  return Object.fromEntries(names.filter((name) => fields[name]).map((name) => [name, fields[name]!]));
}

/** Each answer names its form: the RSVP, the waitlist, adding a guest, one guest, or the cancel. */
const formOf = (fields: Record<string, string>) =>
  fields.intent === "remove-guest" ? `remove-guest:${fields.guestVisitId ?? ""}` : (fields.intent ?? "");

/** Books, waitlists, adds or removes a guest, cancels: only ever for the signed-in member. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const services = context.get(requestContext);
  const submission = await readSubmission(request, memberEventForm(eventGuestLimit(member.tier)), { form: formOf });
  if (!submission.ok) {
    if (submission.fields.intent !== "rsvp") return submission.invalid;
    return data<EventFormResult>({ ...submission.invalid.data, values: rsvpValues(submission.fields) }, { status: 400 });
  }
  const form = submission.data;
  const target = formOf(submission.fields);
  const now = Date.now();
  // The typed guests go back with a refused RSVP, so a page without JavaScript shows them again.
  const typed = form.intent === "rsvp" ? rsvpValues(submission.fields) : undefined;
  const refuse = async (reason: PageRefusal) => {
    const listing = await memberListing(services.env.DB, member, params.id, now);
    // Without the listing (gone, or of another tier) the words name no tiers.
    const words: RefusedListing = listing
      ? refusedEvent(listing, member.tier)
      : {
          kind: "event",
          startsAt: "",
          opensAt: "",
          closesAt: "",
          tiers: [],
          dayLabel: "",
          guestAllowance: eventGuestLimit(member.tier),
        };
    const { status, error } = refusalOf(reason, words);
    return data<EventFormResult>({ form: target, ok: false, error, ...(typed ? { values: typed } : {}) }, { status });
  };

  // Every form acts on this page's event, and a booking's forms on the member's place at it only.
  const listing = await memberListing(services.env.DB, member, params.id, now);
  if (!listing || listing.kind !== "event") return refuse("not-found");
  if (form.intent !== "rsvp" && form.intent !== "join-waitlist" && listing.booking?.id !== form.bookingId) {
    return refuse(form.intent === "remove-guest" ? "guest-gone" : "no-place");
  }
  // A place at an event the tier no longer includes may only be cancelled as a whole.
  if (form.intent === "remove-guest" && !listing.included) return refuse("not-included");

  switch (form.intent) {
    case "rsvp":
    case "join-waitlist": {
      const guests = form.intent === "rsvp" ? rsvpGuests(form) : [];
      const once = await oncePerForm(
        services.env.DB,
        { key: form.formKey, purpose: "event-booking", target: "", actorId: member.id },
        () => bookListing(services, { listingId: params.id, member, guests, joinWaitlist: form.intent === "join-waitlist", now }),
        (result) => !result.ok,
      );
      if (once.sent === "before")
        return sentBefore(target, form.intent === "rsvp" ? "Your RSVP was already sent." : "You already joined the waitlist.");
      const result = once.outcome;
      // The waitlist takes the member alone: one who asked with guests is told so.
      if (!result.ok) return refuse(result.reason === "full" && guests.length > 0 ? "full-with-guests" : result.reason);
      throw backToEvent(params.id, result.status === "waitlisted" ? "waitlisted" : guests.length > 0 ? "booked-with-guests" : "booked");
    }
    case "add-guest": {
      const guest = { name: form.guestName, email: form.guestEmail };
      const once = await oncePerForm(
        services.env.DB,
        { key: form.formKey, purpose: "event-guest", target: "", actorId: member.id },
        () => addGuest(services, { bookingId: form.bookingId, member, guest, now }),
        (result) => !result.ok,
      );
      if (once.sent === "before") return sentBefore(target, `${guest.name} is already on the list for the evening.`);
      const result = once.outcome;
      // A booking that holds a place is told no place is left for the guest, not to RSVP again.
      if (!result.ok)
        return refuse(result.reason === "full" || result.reason === "no-room-for-guests" ? "no-place-for-guest" : result.reason);
      throw backToEvent(params.id, "guest-added");
    }
    case "remove-guest": {
      const result = await removeGuest(services, { bookingId: form.bookingId, guestVisitId: form.guestVisitId, memberId: member.id, now });
      if (!result.ok) return refuse("guest-gone");
      throw backToEvent(params.id, "guest-removed");
    }
    case "cancel": {
      const result = await cancelBooking(services, { bookingId: form.bookingId, memberId: member.id, now });
      if (!result.ok) return refuse(result.reason === "not-found" ? "no-place" : result.reason);
      throw backToEvent(params.id, "cancelled");
    }
  }
}

// A 404 or 409 means the page was out of date: reload it to show the places and the member's place as they are.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

type PageData = NonNullable<Route.ComponentProps["loaderData"]>;
type Outcome = EventFormResult | undefined;

export default function MemberEvent({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // After a post, focus goes to the member's place (what the form changed).
  useConfirmationOnce(loaderData?.confirmation ?? null, "your-place-title");
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  const { event, own, book, notice } = loaderData;
  const outcomeFor = (form: string) => (actionData?.form === form ? actionData : undefined);
  // A guest added answers with a 303 back here: the page's confirmation is that form's success.
  const confirmed = (form: string) => (loaderData.confirmation?.form === form ? loaderData.confirmation : undefined);
  // A refusal shows beside its form; the RSVP's and the waitlist's beside whichever of the two the
  // page now shows, and one whose form the page no longer shows (the place changed meanwhile) below.
  const booking = outcomeFor("rsvp") ?? outcomeFor("join-waitlist");
  const shown = own
    ? [
        own.mayChange ? "cancel" : "",
        own.mayAddGuest ? "add-guest" : "",
        ...(own.mayRemoveGuests ? own.guests.map((guest) => `remove-guest:${guest.id}`) : []),
      ]
    : book
      ? ["rsvp", "join-waitlist"]
      : [];
  const orphan = actionData && !actionData.ok && !shown.includes(actionData.form ?? "") ? actionData : undefined;
  return (
    <>
      <PageHero eyebrow="Member event" title={event.title}>
        <p>
          <time dateTime={event.startsAt}>{event.when}</time>, at the {event.loungeName}.
        </p>
        <CalendarLinks meetingRooms={loaderData.meetingRooms} />
      </PageHero>
      <Section id="event" eyebrow="The evening" title="About this event">
        <p className="max-w-3xl text-smoke">{event.description}</p>
        <dl className="mt-6 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="text-sm font-semibold text-smoke">When</dt>
          <dd className="text-cream">{event.when}</dd>
          <dt className="text-sm font-semibold text-smoke">Lounge</dt>
          <dd className="text-cream">{event.loungeName}</dd>
          <dt className="text-sm font-semibold text-smoke">For</dt>
          <dd className="text-cream">{event.tiers} members</dd>
          {event.places === null ? null : (
            <>
              <dt className="text-sm font-semibold text-smoke">Places</dt>
              <dd className="text-cream">{event.places}</dd>
            </>
          )}
        </dl>
        {event.calendarFile ? (
          <p className="mt-6">
            <a href={event.calendarFile} className="text-brass underline hover:text-cream">
              Add to your calendar (.ics)
            </a>
          </p>
        ) : null}
      </Section>
      <Section id="your-place" eyebrow="Your RSVP" title="Your place" tone="humidor" focusable>
        <ConfirmationLine confirmation={loaderData.confirmation} />
        {own ? (
          <OwnPlace own={own} title={event.title} formKey={loaderData.formKey} outcomeFor={(form) => outcomeFor(form) ?? confirmed(form)} />
        ) : book ? (
          book.full ? (
            <JoinWaitlist formKey={loaderData.formKey} outcome={booking} />
          ) : (
            <Rsvp book={book} formKey={loaderData.formKey} outcome={booking} />
          )
        ) : (
          <p className="text-cream">{notice}</p>
        )}
        <FormAlert outcome={orphan} />
      </Section>
    </>
  );
}

function Rsvp({ book, formKey: issuedKey, outcome }: { book: NonNullable<PageData["book"]>; formKey: string; outcome: Outcome }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "rsvp" } });
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  // The form keeps the key it was shown with; its success (a 303) shows the member's place instead.
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  // A field error takes focus to the first field it names.
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);
  const several = book.guestLines > 1;
  const lines = Array.from({ length: book.guestLines }, (_, index) => index + 1);
  return (
    <Form ref={formRef} method="post" className="grid max-w-2xl gap-4">
      <input type="hidden" name="formKey" value={formKey} />
      <p className="text-cream">
        {book.placesLeft} place{book.placesLeft === 1 ? "" : "s"} left. Your membership brings up to {book.guestLines} guest
        {several ? "s" : ""} to an event; each takes a place and is registered as your guest for the evening.
      </p>
      {lines.map((line) => {
        const who = several ? `Guest ${line}` : "Guest";
        return (
          <fieldset key={line} className="grid gap-3 rounded-sm border border-cedar p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm text-smoke">{who} (optional)</legend>
            <Field id={`guest-name-${line}`} label={`${who}'s full name`} error={errors?.[`guestName${line}`]}>
              {(control) => (
                <input
                  {...control}
                  name={`guestName${line}`}
                  defaultValue={outcome?.values?.[`guestName${line}`]}
                  type="text"
                  autoComplete="off"
                  maxLength={100}
                  className={inputClasses}
                />
              )}
            </Field>
            <Field id={`guest-email-${line}`} label={`${who}'s email`} error={errors?.[`guestEmail${line}`]}>
              {(control) => (
                <input
                  {...control}
                  name={`guestEmail${line}`}
                  defaultValue={outcome?.values?.[`guestEmail${line}`]}
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  className={inputClasses}
                />
              )}
            </Field>
          </fieldset>
        );
      })}
      <AdultBox
        id="rsvp-adult"
        label={several ? `My guests are ${club.minimumAge} or older` : `My guest is ${club.minimumAge} or older`}
        error={errors?.adult}
      />
      <div>
        <SubmitButton name="intent" value="rsvp" pending={pending}>
          {pending ? "Sending…" : "RSVP"}
        </SubmitButton>
      </div>
      <FormAlert outcome={outcome} />
    </Form>
  );
}

function AdultBox({ id, label, error, required = false }: { id: string; label: string; error: string | undefined; required?: boolean }) {
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          name="adult"
          type="checkbox"
          value="yes"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          className="h-6 w-6 shrink-0 accent-brass"
        />
        <label htmlFor={id} className="text-cream">
          {label}
        </label>
      </div>
      <p id={`${id}-error`} className="min-h-5 text-sm text-warning">
        {error ?? ""}
      </p>
    </div>
  );
}

function JoinWaitlist({ formKey: issuedKey, outcome }: { formKey: string; outcome: Outcome }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "join-waitlist" } });
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  return (
    <Form ref={formRef} method="post" className="max-w-2xl">
      <input type="hidden" name="formKey" value={formKey} />
      <p className="text-cream">
        Every place is taken. Join the waitlist (for you alone): when a place frees, the first on the waitlist has it, and we email you.
      </p>
      <div className="mt-4">
        <SubmitButton name="intent" value="join-waitlist" pending={pending}>
          Join the Waitlist
        </SubmitButton>
      </div>
      <FormAlert outcome={outcome} />
    </Form>
  );
}

function OwnPlace({
  own,
  title,
  formKey,
  outcomeFor,
}: {
  own: NonNullable<PageData["own"]>;
  title: string;
  formKey: string;
  outcomeFor: (form: string) => Outcome;
}) {
  const cancel = usePendingSubmission({ sentWith: { field: "intent", value: "cancel" } });
  return (
    <div className="grid max-w-2xl gap-6">
      <p className="text-2xl text-cream">
        {own.text}.{own.waitlisted ? <span className="block text-base text-smoke">We will email you if a place frees.</span> : null}
      </p>
      {own.guests.length > 0 || own.unnamedGuests > 0 ? (
        <div>
          <h3 className="text-xl text-cream">Your guests</h3>
          <ul className="mt-3 grid gap-3">
            {own.guests.map((guest) => (
              <li key={guest.id} className="flex flex-wrap items-center justify-between gap-3 rounded-sm border border-cedar bg-night p-4">
                <span className="text-cream">{guest.name}</span>
                {own.mayRemoveGuests ? (
                  <RemoveGuest bookingId={own.bookingId} guest={guest} outcome={outcomeFor(`remove-guest:${guest.id}`)} />
                ) : null}
              </li>
            ))}
            {own.unnamedGuests > 0 ? (
              <li className="rounded-sm border border-cedar bg-night p-4 text-cream">
                A plus-one{own.unnamedGuests > 1 ? ` (${own.unnamedGuests})` : ""}, named at the door
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {own.mayAddGuest ? <AddGuest bookingId={own.bookingId} formKey={formKey} outcome={outcomeFor("add-guest")} /> : null}
      {own.mayChange ? (
        <Form method="post">
          <input type="hidden" name="bookingId" value={own.bookingId} />
          <SubmitButton name="intent" value="cancel" variant="secondary" pending={cancel.pending}>
            Cancel my place<span className="sr-only"> at {title}</span>
          </SubmitButton>
          <FormAlert outcome={outcomeFor("cancel")} />
        </Form>
      ) : null}
    </div>
  );
}

function RemoveGuest({ bookingId, guest, outcome }: { bookingId: string; guest: { id: string; name: string }; outcome: Outcome }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "guestVisitId", value: guest.id } });
  return (
    <Form method="post">
      <input type="hidden" name="bookingId" value={bookingId} />
      <input type="hidden" name="guestVisitId" value={guest.id} />
      <SubmitButton name="intent" value="remove-guest" variant="secondary" pending={pending}>
        Remove<span className="sr-only"> {guest.name}</span>
      </SubmitButton>
      <FormAlert outcome={outcome} />
    </Form>
  );
}

function AddGuest({ bookingId, formKey: issuedKey, outcome }: { bookingId: string; formKey: string; outcome: Outcome }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "add-guest" } });
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  // The form keeps its key until its guest is added (the page's confirmation), then is emptied for the next.
  const { formRef, formKey } = useFormIntent(issuedKey, outcome);
  return (
    <Form ref={formRef} method="post" className="grid gap-4 rounded-sm border border-cedar bg-night p-5">
      <h3 className="text-xl text-cream">Add a guest</h3>
      <input type="hidden" name="formKey" value={formKey} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <Field id="add-guest-name" label="Guest's full name" hint="As it appears on their photo ID." error={errors?.guestName}>
        {(control) => (
          <input {...control} name="guestName" type="text" required autoComplete="off" maxLength={100} className={inputClasses} />
        )}
      </Field>
      <Field id="add-guest-email" label="Guest's email (optional)" error={errors?.guestEmail}>
        {(control) => <input {...control} name="guestEmail" type="email" autoComplete="off" maxLength={254} className={inputClasses} />}
      </Field>
      <AdultBox id="add-guest-adult" label={`My guest is ${club.minimumAge} or older`} error={errors?.adult} required />
      <div>
        <SubmitButton name="intent" value="add-guest" pending={pending}>
          {pending ? "Adding…" : "Add guest"}
        </SubmitButton>
      </div>
      <FormAlert outcome={outcome} />
    </Form>
  );
}
