import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/console-event";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { LoungeSelect } from "#app/features/concierge/console-lounge-select.tsx";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { portlandWallClock } from "#app/features/admissions/sit-down-times.ts";
import type { EventKind } from "#app/features/site/tier-entitlements.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { NumberField } from "#app/ui/form/number-field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { CalendarConsoleNav } from "../console-calendar-nav.tsx";
import { bookableBy, categoryLabel, eventKindLabels, reservedSeatingTiers } from "../console-calendar-view.ts";
import { CAPACITY, consoleEventForm, CUTOFF_HOURS } from "../console-forms.ts";
import { cancelBookingByStaff, cancelListingByStaff, consoleListing, listingBookings, saveListing } from "../console-calendar.server.ts";
import { cutoffHours } from "../calendar-view.ts";
import { bookingToConfirm, rosterLine } from "../console-roster.server.ts";
import { CancelBookingConfirmation, ListingRoster } from "../console-roster.tsx";
import {
  cancelAnswer,
  cancelBookingAnswer,
  promotedInWords,
  saveRefusalAnswer,
  type ConsoleFormResult,
} from "../console-answers.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => conciergeMeta(loaderData?.listing?.title ?? "New event");

/** The form's fields as typed (strings), for a new event, a saved one, or a refused submission. */
type EventFormValues = Record<
  "title" | "description" | "kind" | "lounge" | "day" | "startTime" | "endTime" | "capacity" | "reservedPlaces" | "cutoffHours",
  string
>;

const newEvent: EventFormValues = {
  title: "",
  description: "",
  kind: "",
  lounge: "",
  day: "",
  startTime: "",
  endTime: "",
  capacity: "",
  reservedPlaces: "0",
  cutoffHours: String(CUTOFF_HOURS.default),
};

/**
 * /concierge/events/new and /concierge/events/:id (docs/product-rules.md#calendar, Staff): the
 * event's form, 'Cancel this event' (?cancel asks to confirm), and its booked list and waitlist.
 * `?done=created` or `?done=cancelled` says what the last step did (a redirect's page has no
 * action data).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const url = new URL(request.url);
  const listingId = "id" in params ? params.id : undefined;
  if (!listingId) return { listing: null, values: newEvent, roster: null, confirmingCancel: false, confirmingBooking: null, done: null };
  const [listing, roster] = await Promise.all([consoleListing(env.DB, "event", listingId), listingBookings(env.DB, listingId)]);
  if (!listing) throw data(null, { status: 404 });
  const now = Date.now();
  const [day, startTime] = portlandWallClock(Date.parse(listing.startsAt)).split("T") as [string, string];
  const scheduled = listing.status === "scheduled";
  const cancellable = scheduled && Date.parse(listing.startsAt) > now;
  const done = url.searchParams.get("done");
  return {
    listing: {
      id: listing.id,
      title: listing.title,
      cancelled: !scheduled,
      editable: scheduled && Date.parse(listing.endsAt) > now,
      cancellable,
      kindLabel: categoryLabel("event", listing.category),
      bookableBy: bookableBy("event", listing.category),
      loungeName: loungeBySlug(listing.lounge).name,
      startsAtLabel: formatConsoleTime(listing.startsAt) ?? listing.startsAt,
      closesAtLabel: formatConsoleTime(listing.closesAt) ?? listing.closesAt,
      capacity: listing.capacity,
      placesBooked: listing.placesBooked,
    },
    values: {
      title: listing.title,
      description: listing.description,
      kind: listing.category,
      lounge: listing.lounge,
      day,
      startTime,
      endTime: portlandWallClock(Date.parse(listing.endsAt)).split("T")[1]!,
      capacity: String(listing.capacity),
      reservedPlaces: String(listing.reservedPlaces),
      cutoffHours: String(cutoffHours(listing)),
    } satisfies EventFormValues,
    roster: { confirmed: roster.confirmed.map(rosterLine), waitlisted: roster.waitlisted.map(rosterLine) },
    confirmingCancel: scheduled && url.searchParams.has("cancel"),
    confirmingBooking: cancellable ? bookingToConfirm(roster, url.searchParams.get("cancel-booking")) : null,
    done: done === "created" || done === "cancelled" || done === "booking-cancelled" ? done : null,
  };
}

/** Save the event (create or edit) or, after the confirmation, cancel it; every change audited (worker/features/calendar/calendar-console.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const listingId = "id" in params && params.id ? params.id : null;
  const form = await readSubmission(request, consoleEventForm, { form: "event" });
  if (!form.ok) return data<ConsoleFormResult>({ ...form.invalid.data, values: form.fields }, { status: 400 });
  const services = context.get(requestContext);
  const concierge = context.get(memberContext);

  if (form.data.intent === "cancel-booking") {
    if (!listingId) throw data(null, { status: 404 });
    const outcome = await cancelBookingByStaff(services, concierge.id, { kind: "event", listingId, bookingId: form.data.bookingId });
    if (outcome.ok) throw redirect(`/concierge/events/${listingId}?done=booking-cancelled`, 303);
    return cancelBookingAnswer("event", outcome.reason);
  }

  if (form.data.intent === "cancel") {
    if (!listingId) throw data(null, { status: 404 });
    const outcome = await cancelListingByStaff(services, concierge.id, { kind: "event", listingId });
    if (outcome.ok) throw redirect(`/concierge/events/${listingId}?done=cancelled`, 303);
    return cancelAnswer("event", outcome.reason);
  }

  const outcome = await saveListing(services, concierge.id, { kind: "event", listingId, event: form.data.event });
  if (!outcome.ok) return saveRefusalAnswer("event", outcome, form.data.event, form.fields);
  if (!listingId) throw redirect(`/concierge/events/${outcome.listingId}?done=created`, 303);
  return data<ConsoleFormResult>({
    form: "event",
    ok: true,
    toast: { title: "Event Saved", description: `Members see the changes at once.${promotedInWords(outcome.promoted)}` },
  });
}

export default function ConsoleEvent({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { listing, roster, confirmingCancel, confirmingBooking, done } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values = failed?.values ? { ...loaderData.values, ...failed.values } : loaderData.values;
  // Confirming, the confirmation comes first, right under the nav, not below the form
  // (docs/product-rules.md#calendar, Staff).
  const cancelSection = listing?.cancellable ? (
    <Section id="cancel-event" eyebrow="Events" title="Cancel this event" tone="humidor">
      {confirmingCancel ? (
        <CancelConfirmation placesBooked={listing.placesBooked} outcome={actionData?.form === "cancel" ? actionData : undefined} />
      ) : (
        <>
          <p className="text-smoke">Members booked or waiting are told by email. A cancelled event cannot be brought back.</p>
          <div className="mt-6">
            <ButtonLink to="?cancel#cancel-event" variant="secondary">
              Cancel This Event
            </ButtonLink>
          </div>
        </>
      )}
    </Section>
  ) : null;
  return (
    <>
      <CalendarConsoleNav />
      {confirmingCancel ? cancelSection : null}
      <CancelBookingConfirmation
        kind="event"
        booking={confirmingBooking}
        outcome={actionData?.form === "cancel-booking" ? actionData : undefined}
      />
      <Section id="event-details" eyebrow="Events" title={listing ? listing.title : "New event"}>
        <p className="text-smoke">
          <Link to="/concierge/events" className="text-cream underline decoration-brass hover:text-brass">
            All events
          </Link>
        </p>
        {done ? (
          <p role="status" className="mt-6 font-semibold text-cream">
            {done === "created"
              ? "Event created. Members whose tier includes it can book it now."
              : done === "cancelled"
                ? "Event cancelled. Everyone booked or on the waitlist is being emailed."
                : "Booking cancelled. The member is being emailed; anyone the freed places let in from the waitlist is booked and emailed."}
          </p>
        ) : null}
        {listing ? (
          <p className="mt-6 text-smoke">
            {listing.cancelled ? <strong className="text-warning">Cancelled. </strong> : null}
            {listing.kindLabel} at the {listing.loungeName}, {listing.startsAtLabel}. Bookable by {listing.bookableBy}; bookings close{" "}
            {listing.closesAtLabel}. {listing.placesBooked} of {listing.capacity} places booked.
          </p>
        ) : null}
        {!listing || listing.editable ? (
          <EventForm values={values} outcome={actionData?.form === "event" ? actionData : undefined} isNew={!listing} />
        ) : listing.cancelled ? null : (
          <p className="mt-6 text-smoke">This event has ended: it can no longer be changed.</p>
        )}
      </Section>
      {confirmingCancel ? null : cancelSection}
      {listing && roster ? (
        <ListingRoster
          kind="event"
          confirmed={roster.confirmed}
          waitlisted={roster.waitlisted}
          placesBooked={listing.placesBooked}
          capacity={listing.capacity}
          csvPath={`/concierge/events/${listing.id}.csv`}
          cancellable={listing.cancellable}
        />
      ) : null}
    </>
  );
}

function CancelConfirmation({ placesBooked, outcome }: { placesBooked: number; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "cancel" } });
  return (
    <Form method="post" id="cancel-event" preventScrollReset>
      <p id="cancel-warning" className="font-semibold text-cream">
        Cancel this event?{" "}
        {placesBooked === 0
          ? "Nobody has booked it yet."
          : placesBooked === 1
            ? "Its 1 booked place is cancelled."
            : `Its ${placesBooked} booked places are cancelled.`}{" "}
        Everyone booked or on the waitlist is emailed. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <SubmitButton name="intent" value="cancel" pending={pending} aria-describedby="cancel-warning">
          {pending ? "Cancelling…" : "Yes, Cancel the Event"}
        </SubmitButton>
        <ButtonLink to="." variant="quiet">
          Keep the Event
        </ButtonLink>
      </div>
      <FormAlert outcome={outcome} />
    </Form>
  );
}

function EventForm({ values, outcome, isNew }: { values: EventFormValues; outcome: ActionResult | undefined; isNew: boolean }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "save" } });
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  return (
    <Form method="post" noValidate className="mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
      <Field id="event-title" label="Title" error={errors.title} className="sm:col-span-2">
        {(control) => <input {...control} name="title" defaultValue={values.title} required maxLength={120} className={inputClasses} />}
      </Field>
      <Field id="event-description" label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => (
          <textarea
            {...control}
            name="description"
            defaultValue={values.description}
            required
            rows={4}
            maxLength={2000}
            className={inputClasses}
          />
        )}
      </Field>
      <Field id="event-kind" label="Kind" hint="The kind decides which tiers may book it." error={errors.kind}>
        {(control) => (
          <select {...control} name="kind" defaultValue={values.kind} required className={inputClasses}>
            <option value="">Choose a kind</option>
            {(Object.keys(eventKindLabels) as EventKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {eventKindLabels[kind]} ({bookableBy("event", kind)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <LoungeSelect id="event-lounge" error={errors.lounge} defaultValue={values.lounge} required />
      <Field id="event-day" label="Date" error={errors.day}>
        {(control) => <input {...control} name="day" type="date" defaultValue={values.day} required className={inputClasses} />}
      </Field>
      <Field id="event-start" label="Start time" hint="Portland time." error={errors.startTime}>
        {(control) => (
          <input {...control} name="startTime" type="time" step={300} defaultValue={values.startTime} required className={inputClasses} />
        )}
      </Field>
      <Field id="event-end" label="End time" hint="Portland time; earlier than the start is the next day." error={errors.endTime}>
        {(control) => (
          <input {...control} name="endTime" type="time" step={300} defaultValue={values.endTime} required className={inputClasses} />
        )}
      </Field>
      <NumberField
        id="event-capacity"
        label="Places"
        hint="Members and their guests."
        error={errors.capacity}
        name="capacity"
        min={CAPACITY.min}
        max={CAPACITY.max}
        defaultValue={values.capacity}
        required
      />
      <NumberField
        id="event-reserved"
        label="Reserved places"
        hint={`Master blender dinners only: places only ${reservedSeatingTiers} members may take.`}
        error={errors.reservedPlaces}
        name="reservedPlaces"
        min={0}
        max={CAPACITY.max}
        defaultValue={values.reservedPlaces}
      />
      <NumberField
        id="event-cutoff"
        label="RSVP cut-off in hours"
        hint={`Bookings close this many hours before the start (${CUTOFF_HOURS.min} to ${CUTOFF_HOURS.max}).`}
        error={errors.cutoffHours}
        name="cutoffHours"
        min={CUTOFF_HOURS.min}
        max={CUTOFF_HOURS.max}
        defaultValue={values.cutoffHours}
        required
      />
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="save" pending={pending}>
          {pending ? "Saving…" : isNew ? "Create Event" : "Save Changes"}
        </SubmitButton>
        <FormAlert outcome={outcome} />
      </div>
    </Form>
  );
}
