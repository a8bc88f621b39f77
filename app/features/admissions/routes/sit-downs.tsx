import { useEffect, useRef } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/sit-downs";
import { conciergeMeta } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { LoungeSelect } from "#app/features/concierge/console-lounge-select.tsx";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { NumberField } from "#app/ui/form/number-field.tsx";
import { SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { listSitDownSlots, publishSitDownSlot, removeSitDownSlot, SIT_DOWN_HORIZON_DAYS } from "../sit-downs.server.ts";
import { sitDownSlotForm } from "../sit-down-forms.ts";
import { SIT_DOWN_MINUTES } from "../sit-down-words.ts";
import { formatSitDownDay, formatSitDownTime, startOfPortlandDay } from "../sit-down-times.ts";

const LIST_LIMIT = 300;

export const meta: Route.MetaFunction = () => conciergeMeta("Sit-downs");

const statusWords = {
  new: "Under consideration",
  approved: "Approved",
  declined: "Declined",
  waitlisted: "Waitlisted",
  offered: "Offered",
  paid: "Paid",
  expired: "Offer expired",
  joined: "Joined to an earlier request",
} as const;

/**
 * The sit-down slots from the start of today (Portland time) on, soonest first: today's booked
 * sit-downs first, then every slot by day with who booked it (docs/product-rules.md#sit-downs).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const now = Date.now();
  const today = portlandDay(new Date(now));
  const slots = await listSitDownSlots(env.DB, startOfPortlandDay(now), LIST_LIMIT);
  const rows = slots.map((slot) => ({
    id: slot.id,
    day: formatSitDownDay(slot.startsAt),
    isToday: portlandDay(new Date(slot.startsAt)) === today,
    time: formatSitDownTime(slot.startsAt),
    lounge: loungeBySlug(slot.lounge).name,
    minutes: slot.minutes,
    // A booking the applicant can still change keeps its slot; one of a decided application does not.
    removable: Date.parse(slot.startsAt) > now && (!slot.booking || slot.booking.status !== "new"),
    booking: slot.booking ? { name: slot.booking.name, email: slot.booking.email, status: statusWords[slot.booking.status] } : null,
  }));
  return {
    today: rows.filter((row) => row.isToday && row.booking),
    slots: rows,
    limited: slots.length === LIST_LIMIT,
    horizonDays: SIT_DOWN_HORIZON_DAYS,
  };
}

const removeAnswers = {
  removed: { ok: true, toast: { title: "Slot Removed", description: "Applicants no longer see this time." } },
  booked: {
    ok: false,
    error: "An applicant under consideration has booked this slot, so it stays. They can cancel it from their application page.",
  },
  "not-found": { ok: false, error: "This slot no longer exists." },
} as const satisfies Record<string, ActionResult>;

/** Publish a slot or remove an open one; both are audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, logSecurityEvent: log } = context.get(requestContext);
  const concierge = context.get(memberContext);
  const form = await readSubmission(request, sitDownSlotForm, {
    form: (fields) => (fields.intent === "remove" ? (fields.slotId ?? "") : "publish"),
  });
  if (!form.ok) return form.invalid;

  if (form.data.intent === "remove") {
    const { slotId } = form.data;
    const removed = await removeSitDownSlot(env.DB, { slotId, conciergeId: concierge.id });
    if (removed === "removed") {
      log({
        eventType: "admissions_sit_down",
        severity: "low",
        description: "sit-down slot removed",
        userId: concierge.id,
        details: { slotId },
      });
    }
    const answer: ActionResult = { ...removeAnswers[removed], form: slotId };
    return data(answer, { status: removed === "removed" ? 200 : removed === "booked" ? 409 : 404 });
  }

  const { lounge, startsAt, minutes } = form.data;
  const published = await publishSitDownSlot(env.DB, { lounge, startsAt, minutes, conciergeId: concierge.id });
  if (!published.ok) {
    const error =
      published.reason === "past"
        ? "That time has passed. Choose a time ahead."
        : "Another slot in this lounge overlaps that time. Choose another time or length.";
    return data<ActionResult>({ form: "publish", ok: false, fieldErrors: { time: error } }, { status: 409 });
  }
  log({
    eventType: "admissions_sit_down",
    severity: "low",
    description: "sit-down slot published",
    userId: concierge.id,
    details: { slotId: published.slotId, lounge, startsAt, minutes },
  });
  return data<ActionResult>({
    form: "publish",
    ok: true,
    toast: {
      title: "Slot Published",
      description: `${loungeBySlug(lounge).name}, ${formatSitDownDay(startsAt)} at ${formatSitDownTime(startsAt)}, ${minutes} minutes.`,
    },
  });
}

export default function ConciergeSitDowns({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { today, slots, limited, horizonDays } = loaderData;
  const removal = actionData && !actionData.ok && actionData.form !== "publish" ? actionData : undefined;
  const days = [...new Set(slots.map((slot) => slot.day))];
  return (
    <>
      <Section id="todays-sit-downs" eyebrow="Sit-downs" title="Today's sit-downs">
        {today.length === 0 ? (
          <p className="text-smoke">No sit-downs are booked for today.</p>
        ) : (
          <ConsoleTable
            id="todays-sit-downs-table"
            caption="Today's booked sit-downs, soonest first"
            columns={["Time", "Lounge", "Applicant", "Email", "Application"]}
          >
            {today.map((slot) => (
              <tr key={slot.id}>
                <td className={cellClasses}>
                  {slot.time} ({slot.minutes} min)
                </td>
                <td className={cellClasses}>{slot.lounge}</td>
                <td className={cellClasses}>{slot.booking?.name}</td>
                <td className={`${cellClasses} break-all`}>{slot.booking?.email}</td>
                <td className={cellClasses}>{slot.booking?.status}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Section>
      <Section id="sit-down-slots" eyebrow="Schedule" title="Sit-down slots">
        <p className="text-smoke">
          {slots.length === 0
            ? "No slots from today on. Publish some below: invited applicants choose from the open ones on their application page."
            : `Invited applicants see the open slots of the next ${horizonDays} days on their application page; a booked slot stays until the applicant cancels it.${limited ? ` Only the soonest ${LIST_LIMIT} are shown.` : ""}`}
        </p>
        <p role="alert" tabIndex={-1} className={removal ? "mt-4 font-semibold text-warning" : "sr-only"}>
          {removal?.error ?? ""}
        </p>
        {days.map((day) => (
          <div key={day}>
            <h3 className="mt-8 text-xl text-cream">{day}</h3>
            <ConsoleTable
              id={`slots-${day.replace(/\W+/g, "-")}`}
              caption={`Sit-down slots on ${day}`}
              columns={["Time", "Lounge", "Length", "Booked by", "Action"]}
            >
              {slots
                .filter((slot) => slot.day === day)
                .map((slot) => (
                  <tr key={slot.id}>
                    <td className={cellClasses}>{slot.time}</td>
                    <td className={cellClasses}>{slot.lounge}</td>
                    <td className={cellClasses}>{slot.minutes} min</td>
                    <td className={cellClasses}>
                      {slot.booking ? `${slot.booking.name} (${slot.booking.email}), ${slot.booking.status}` : "Open"}
                    </td>
                    <td className={cellClasses}>
                      {slot.removable ? <RemoveSlotForm slotId={slot.id} label={`${day}, ${slot.time}, ${slot.lounge}`} /> : null}
                    </td>
                  </tr>
                ))}
            </ConsoleTable>
          </div>
        ))}
      </Section>
      <Section id="publish-sit-down" eyebrow="New slot" title="Publish a slot">
        <PublishSlotForm outcome={actionData?.form === "publish" ? actionData : undefined} />
      </Section>
    </>
  );
}

function RemoveSlotForm({ slotId, label }: { slotId: string; label: string }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "slotId", value: slotId } });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="slotId" value={slotId} />
      <SubmitButton pending={pending} variant="secondary" aria-describedby={`slot-${slotId}-label`}>
        Remove
      </SubmitButton>
      <span id={`slot-${slotId}-label`} className="sr-only">
        {label}
      </span>
    </Form>
  );
}

function PublishSlotForm({ outcome }: { outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "publish" } });
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome?.ok) form.current?.reset();
  }, [outcome]);
  return (
    <Form ref={form} method="post" noValidate className="grid max-w-3xl gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="publish" />
      <LoungeSelect id="slot-lounge" error={errors.lounge} defaultValue="" />
      <Field id="slot-day" label="Date" error={errors.day}>
        {(control) => <input {...control} name="day" type="date" required className={inputClasses} />}
      </Field>
      <Field id="slot-time" label="Start time" hint="Portland time." error={errors.time}>
        {(control) => <input {...control} name="time" type="time" step={300} required className={inputClasses} />}
      </Field>
      <NumberField
        id="slot-minutes"
        label="Length in minutes"
        error={errors.minutes}
        name="minutes"
        min={SIT_DOWN_MINUTES.min}
        max={SIT_DOWN_MINUTES.max}
        step={5}
        defaultValue={SIT_DOWN_MINUTES.default}
        required
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending}>Publish Slot</SubmitButton>
      </div>
    </Form>
  );
}
