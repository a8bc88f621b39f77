import { data } from "react-router";
import type { Route } from "./+types/console-event";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { LoungeSelect } from "#app/features/concierge/console-lounge-select.tsx";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { portlandWallClock } from "#app/features/admissions/sit-down-times.ts";
import type { EventKind } from "#app/features/site/tier-entitlements.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { NumberField } from "#app/ui/form/number-field.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { bookableBy, categoryLabel, eventKindLabels, reservedSeatingTiers } from "../console-calendar-view.ts";
import { CAPACITY, consoleEventForm, CUTOFF_HOURS, newEventForm } from "../console-forms.ts";
import { saveListing } from "../console-calendar.server.ts";
import { cutoffHours } from "../calendar-view.ts";
import { ListingForm, ListingTextFields } from "../console-listing-form.tsx";
import { ListingPage } from "../console-listing-page.tsx";
import { cancelFromListingPage, createFromNewPage, loadListingPage, newListingPage } from "../console-listing-page.server.ts";
import { promotedInWords, saveRefusalAnswer, type ConsoleFormResult } from "../console-answers.server.ts";

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
 * action data). Creating an event is one intent (docs/product-rules.md#a-form-is-one-intent): the
 * new page's form carries its key, so a second press or a resent page creates nothing more.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const listingId = "id" in params ? params.id : undefined;
  if (!listingId) return { ...newListingPage(), values: newEvent };
  const { listing, page } = await loadListingPage(env.DB, "event", listingId, new URL(request.url));
  const [day, startTime] = portlandWallClock(Date.parse(listing.startsAt)).split("T") as [string, string];
  return {
    ...page,
    formKey: null,
    listing: {
      ...page.listing,
      kindLabel: categoryLabel("event", listing.category),
      bookableBy: bookableBy("event", listing.category),
      loungeName: loungeBySlug(listing.lounge).name,
      startsAtLabel: formatConsoleTime(listing.startsAt) ?? listing.startsAt,
      closesAtLabel: formatConsoleTime(listing.closesAt) ?? listing.closesAt,
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
  };
}

/** Create the event, save it, or, after the confirmation, cancel it; every change audited (worker/features/calendar/calendar-console.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const listingId = "id" in params && params.id ? params.id : null;
  const services = context.get(requestContext);
  const concierge = context.get(memberContext);
  if (!listingId) {
    const form = await readSubmission(request, newEventForm, { form: "event" });
    if (!form.ok) return data<ConsoleFormResult>({ ...form.invalid.data, values: form.fields }, { status: 400 });
    return createFromNewPage(services, concierge.id, form.data.formKey, { kind: "event", event: form.data.event }, form.fields);
  }
  const form = await readSubmission(request, consoleEventForm, { form: "event" });
  if (!form.ok) return data<ConsoleFormResult>({ ...form.invalid.data, values: form.fields }, { status: 400 });

  if (form.data.intent !== "save") return cancelFromListingPage(services, concierge.id, "event", listingId, form.data);

  const outcome = await saveListing(services, concierge.id, { kind: "event", listingId, event: form.data.event });
  if (!outcome.ok) return saveRefusalAnswer("event", outcome, form.data.event, form.fields);
  return data<ConsoleFormResult>({
    form: "event",
    ok: true,
    toast: { title: "Event Saved", description: `Members see the changes at once.${promotedInWords(outcome.promoted)}` },
  });
}

export default function ConsoleEvent({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { listing } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values = failed?.values ? { ...loaderData.values, ...failed.values } : loaderData.values;
  return (
    <ListingPage
      kind="event"
      page={loaderData}
      outcome={actionData}
      summary={
        listing ? (
          <>
            {listing.kindLabel} at the {listing.loungeName}, {listing.startsAtLabel}. Bookable by {listing.bookableBy}; bookings close{" "}
            {listing.closesAtLabel}. {listing.placesBooked} of {listing.capacity} places booked.
          </>
        ) : null
      }
      form={<EventForm values={values} outcome={actionData?.form === "event" ? actionData : undefined} formKey={loaderData.formKey} />}
    />
  );
}

/** The event's fields; a new event's form (`formKey`, its page's key) creates it once. */
function EventForm({ values, outcome, formKey }: { values: EventFormValues; outcome: ActionResult | undefined; formKey: string | null }) {
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  return (
    <ListingForm kind="event" formKey={formKey} outcome={outcome}>
      <ListingTextFields kind="event" values={values} errors={errors} />
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
    </ListingForm>
  );
}
