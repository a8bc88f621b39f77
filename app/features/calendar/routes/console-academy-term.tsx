import { data } from "react-router";
import type { Route } from "./+types/console-academy-term";
import { conciergeMeta, formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { LoungeSelect } from "#app/features/concierge/console-lounge-select.tsx";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { portlandWallClock } from "#app/features/admissions/sit-down-times.ts";
import { courseNames, type CourseSlug } from "#app/features/site/tier-entitlements.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { NumberField } from "#app/ui/form/number-field.tsx";
import { useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import type { ActionResult } from "#app/lib/form-result.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { bookableBy, categoryLabel } from "../console-calendar-view.ts";
import { CAPACITY, consoleTermForm, newTermForm, SESSION_MINUTES, sessionFieldNames, TERM_SESSIONS } from "../console-forms.ts";
import { saveListing } from "../console-calendar.server.ts";
import { ListingForm, ListingTextFields } from "../console-listing-form.tsx";
import { ListingPage } from "../console-listing-page.tsx";
import { cancelFromListingPage, createFromNewPage, loadListingPage, newListingPage } from "../console-listing-page.server.ts";
import { promotedInWords, saveRefusalAnswer, type ConsoleFormResult } from "../console-answers.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => conciergeMeta(loaderData?.listing?.title ?? "New term");

/** The form's fields as typed: the term's, and `session{n}Day`, `…Time`, `…Minutes` for each row. */
type TermFormValues = Record<string, string>;

const newTerm: TermFormValues = { course: "", title: "", description: "", lounge: "business", seats: "" };

/** Rows the form offers: the term's sessions and a few empty ones (saving offers more), at most TERM_SESSIONS.max. */
function sessionRowCount(values: TermFormValues): number {
  let filled = 0;
  for (let row = 1; row <= TERM_SESSIONS.max; row += 1)
    if (values[sessionFieldNames(row).day] || values[sessionFieldNames(row).time]) filled = row;
  return Math.min(TERM_SESSIONS.max, Math.max(filled + 2, 6));
}

/**
 * /concierge/academy/new and /concierge/academy/:id (docs/product-rules.md#calendar, Staff): a
 * course term and its sessions, 'Cancel this term' (?cancel asks to confirm), and its roster and
 * waitlist. `?done=…` says what the last redirected step did. Creating a term is one intent
 * (docs/product-rules.md#a-form-is-one-intent): a second press or a resent page creates nothing more.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const listingId = "id" in params ? params.id : undefined;
  if (!listingId) return { ...newListingPage(), values: newTerm };
  const { listing, page } = await loadListingPage(env.DB, "course", listingId, new URL(request.url));
  const values: TermFormValues = {
    course: listing.category,
    title: listing.title,
    description: listing.description,
    lounge: listing.lounge,
    seats: String(listing.capacity),
  };
  listing.sessions.forEach((session, index) => {
    const names = sessionFieldNames(index + 1);
    const [day, time] = portlandWallClock(Date.parse(session.startsAt)).split("T") as [string, string];
    values[names.day] = day;
    values[names.time] = time;
    values[names.minutes] = String(Math.round((Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000));
  });
  return {
    ...page,
    formKey: null,
    listing: {
      ...page.listing,
      courseName: categoryLabel("course", listing.category),
      bookableBy: bookableBy("course", listing.category),
      loungeName: loungeBySlug(listing.lounge).name,
      sessionLabels: listing.sessions.map((session) => formatConsoleTime(session.startsAt) ?? session.startsAt),
      opensAtLabel: formatConsoleTime(listing.opensAt) ?? listing.opensAt,
      closesAtLabel: formatConsoleTime(listing.closesAt) ?? listing.closesAt,
    },
    values,
  };
}

/** Save the term and its sessions, or cancel it after the confirmation; every change audited (worker/features/calendar/calendar-console.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const listingId = "id" in params && params.id ? params.id : null;
  const services = context.get(requestContext);
  const concierge = context.get(memberContext);
  if (!listingId) {
    const form = await readSubmission(request, newTermForm, { form: "term" });
    if (!form.ok) return data<ConsoleFormResult>({ ...form.invalid.data, values: form.fields }, { status: 400 });
    return createFromNewPage(services, concierge.id, form.data.formKey, { kind: "course", term: form.data.term }, form.fields);
  }
  const form = await readSubmission(request, consoleTermForm, { form: "term" });
  if (!form.ok) return data<ConsoleFormResult>({ ...form.invalid.data, values: form.fields }, { status: 400 });

  if (form.data.intent !== "save") return cancelFromListingPage(services, concierge.id, "course", listingId, form.data);

  const { term } = form.data;
  const outcome = await saveListing(services, concierge.id, { kind: "course", listingId, term });
  if (!outcome.ok) return saveRefusalAnswer("course", outcome, { capacity: term.seats, reservedPlaces: 0 }, form.fields);
  return data<ConsoleFormResult>({
    form: "term",
    ok: true,
    toast: { title: "Term Saved", description: `Members see the changes at once.${promotedInWords(outcome.promoted)}` },
  });
}

export default function ConsoleAcademyTerm({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { listing } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values = failed?.values ?? loaderData.values;
  return (
    <ListingPage
      kind="course"
      page={loaderData}
      outcome={actionData}
      summary={
        listing ? (
          <>
            {listing.courseName} at the {listing.loungeName}, open to {listing.bookableBy}. Enrolment opens {listing.opensAtLabel} and
            closes {listing.closesAtLabel}. Sessions: {listing.sessionLabels.join("; ")}. {listing.placesBooked} of {listing.capacity} seats
            taken.
          </>
        ) : null
      }
      form={<TermForm values={values} outcome={actionData?.form === "term" ? actionData : undefined} formKey={loaderData.formKey} />}
    />
  );
}

/** The term's fields and sessions; a new term's form (`formKey`, its page's key) creates it once. */
function TermForm({ values, outcome, formKey }: { values: TermFormValues; outcome: ActionResult | undefined; formKey: string | null }) {
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const rows = Array.from({ length: sessionRowCount(values) }, (_, index) => index + 1);
  return (
    <ListingForm kind="course" formKey={formKey} outcome={outcome}>
      <Field id="term-course" label="Course" hint="The course decides which tiers may enrol." error={errors.course}>
        {(control) => (
          <select {...control} name="course" defaultValue={values.course} required className={inputClasses}>
            <option value="">Choose a course</option>
            {(Object.keys(courseNames) as CourseSlug[]).map((course) => (
              <option key={course} value={course}>
                {courseNames[course]} ({bookableBy("course", course)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <LoungeSelect id="term-lounge" error={errors.lounge} defaultValue={values.lounge} required />
      <ListingTextFields kind="course" values={values} errors={errors} />
      <NumberField
        id="term-seats"
        label="Seats"
        error={errors.seats}
        name="seats"
        min={CAPACITY.min}
        max={CAPACITY.max}
        defaultValue={values.seats}
        required
      />
      <fieldset className="sm:col-span-2" aria-describedby="sessions-hint">
        <legend className="text-xl text-cream">Sessions</legend>
        <p id="sessions-hint" className="mt-1.5 text-sm text-smoke">
          Portland time, up to {TERM_SESSIONS.max}. Leave a row empty to skip it; saving offers more rows. Enrolment opens three weeks
          before the first session and closes as it begins.
        </p>
        {rows.map((row) => {
          const names = sessionFieldNames(row);
          return (
            <div key={row} className="mt-4 grid gap-4 sm:grid-cols-3">
              <Field id={`session-${row}-day`} label={`Session ${row} date`} error={errors[names.day]}>
                {(control) => (
                  <input {...control} name={names.day} type="date" defaultValue={values[names.day] ?? ""} className={inputClasses} />
                )}
              </Field>
              <Field id={`session-${row}-time`} label={`Session ${row} start`} error={errors[names.time]}>
                {(control) => (
                  <input
                    {...control}
                    name={names.time}
                    type="time"
                    step={300}
                    defaultValue={values[names.time] ?? ""}
                    className={inputClasses}
                  />
                )}
              </Field>
              <NumberField
                id={`session-${row}-minutes`}
                label={`Session ${row} minutes`}
                error={errors[names.minutes]}
                name={names.minutes}
                min={SESSION_MINUTES.min}
                max={SESSION_MINUTES.max}
                defaultValue={values[names.minutes] ?? String(SESSION_MINUTES.default)}
              />
            </div>
          );
        })}
      </fieldset>
    </ListingForm>
  );
}
