import { data, Form, Link } from "react-router";
import type { Route } from "./+types/console-meeting-rooms";
import { conciergeMeta } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { hourInWords, tierBySlug } from "#app/features/site/site-config.ts";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Section } from "#app/ui/section.tsx";
import { memberContext, requestContext } from "#app/context.ts";
import { CalendarConsoleNav } from "../console-calendar-nav.tsx";
import { meetingRoomOrder, meetingRooms } from "../meeting-room-facts.ts";
import { meetingRoomConsoleQuery, staffCancelMeetingRoomForm } from "../meeting-room-forms.ts";
import { addDays, portlandHourOf } from "../meeting-room-hours.ts";
import { cancelMeetingRoomByStaff, meetingRoomReservationsOn } from "../meeting-room-bookings.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Meeting rooms");

const hoursLabel = (startsAt: string, endsAt: string) =>
  `${hourInWords(portlandHourOf(startsAt))} – ${hourInWords(portlandHourOf(endsAt))}`;

/**
 * /concierge/meeting-rooms (docs/operators.md#meeting-rooms): a day's reservations of each room
 * (today in Portland unless another day is chosen), with the member, their tier and the hours, and
 * 'Cancel' for one that has not started: a link to its confirmation (?cancel=<id>, so it works
 * without a script), then 'Yes, Cancel the Reservation' (audited, the member emailed). The console
 * layout admits concierges only and is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const now = Date.now();
  const today = portlandDay(new Date(now));
  const query = meetingRoomConsoleQuery.parse(queryFields(new URL(request.url)));
  const day = query.day ?? today;
  const reservations = await meetingRoomReservationsOn(env.DB, day);
  const confirming = reservations.find(
    (reservation) => reservation.reservationId === query.cancel && Date.parse(reservation.startsAt) > now,
  );
  return {
    day,
    dayLabel: formatPortlandDay(day),
    previousDay: addDays(day, -1),
    nextDay: addDays(day, 1),
    isToday: day === today,
    rooms: meetingRoomOrder.map((room) => ({
      slug: room,
      name: meetingRooms[room].name,
      seats: meetingRooms[room].seats,
      reservations: reservations
        .filter((reservation) => reservation.room === room)
        .map((reservation) => ({
          id: reservation.reservationId,
          hoursLabel: hoursLabel(reservation.startsAt, reservation.endsAt),
          hours: reservation.hours,
          memberName: reservation.memberName ?? "Former member",
          tierName: reservation.tier ? tierBySlug(reservation.tier).name : "",
          cancellable: Date.parse(reservation.startsAt) > now,
        })),
    })),
    confirming: confirming
      ? {
          id: confirming.reservationId,
          roomName: meetingRooms[confirming.room].name,
          memberName: confirming.memberName ?? "Former member",
          hoursLabel: hoursLabel(confirming.startsAt, confirming.endsAt),
        }
      : null,
  };
}

/** 'Cancel' a reservation: audited, the member emailed (worker/features/calendar/meeting-rooms.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, staffCancelMeetingRoomForm, { form: (fields) => `cancel:${fields.reservationId ?? ""}` });
  if (!form.ok) return form.invalid;
  const target = `cancel:${form.data.reservationId}`;
  const result = await cancelMeetingRoomByStaff(context.get(requestContext), {
    staffId: context.get(memberContext).id,
    reservationId: form.data.reservationId,
    now: Date.now(),
  });
  if (result.ok) {
    return data<ActionResult>({
      form: target,
      ok: true,
      toast: {
        title: "Reservation cancelled",
        description: `${result.memberName}'s reservation of the ${meetingRooms[result.room].name} on ${formatPortlandDay(result.day)}, ${hoursLabel(result.startsAt, result.endsAt)}, is cancelled. They have been emailed.`,
      },
    });
  }
  return result.reason === "started"
    ? data<ActionResult>(
        { form: target, ok: false, error: "This reservation has started; it can no longer be cancelled." },
        { status: 409 },
      )
    : data<ActionResult>({ form: target, ok: false, error: "This reservation is no longer booked." }, { status: 404 });
}

type Reservation = Route.ComponentProps["loaderData"]["rooms"][number]["reservations"][number];

/** The first step of cancelling a reservation: a link to its confirmation, so it works without a script. */
function CancelLink({ day, reservation, roomName }: { day: string; reservation: Reservation; roomName: string }) {
  return (
    <ButtonLink to={`?day=${day}&cancel=${encodeURIComponent(reservation.id)}#cancel-reservation`} variant="secondary">
      Cancel
      <span className="sr-only">
        {" "}
        {reservation.memberName}'s {roomName}, {reservation.hoursLabel}
      </span>
    </ButtonLink>
  );
}

/**
 * The second step, first on the page under the nav: staff confirm cancelling one reservation. A
 * refused cancellation (it started meanwhile, or is gone) shows its reason here too.
 */
function CancelConfirmation({
  day,
  dayLabel,
  confirming,
  outcome,
}: {
  day: string;
  dayLabel: string;
  confirming: Route.ComponentProps["loaderData"]["confirming"];
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "reservationId", value: confirming?.id ?? "" } });
  if (!confirming && !(outcome && !outcome.ok)) return null;
  return (
    <Section id="cancel-reservation-step" eyebrow="Meeting rooms" title="Cancel a reservation">
      {confirming ? (
        <Form method="post" id="cancel-reservation" tabIndex={-1} preventScrollReset>
          <input type="hidden" name="reservationId" value={confirming.id} />
          <p id="cancel-reservation-warning" className="font-semibold text-cream">
            {`Cancel ${confirming.memberName}'s reservation of the ${confirming.roomName} on ${dayLabel}, ${confirming.hoursLabel}? They are emailed that the club cancelled it, and the hours are free again.`}
          </p>
          <div className="mt-6 flex flex-wrap gap-4">
            <SubmitButton pending={pending} aria-describedby="cancel-reservation-warning">
              {pending ? "Cancelling…" : "Yes, Cancel the Reservation"}
            </SubmitButton>
            <ButtonLink to={`?day=${day}`} variant="quiet">
              Keep It
            </ButtonLink>
          </div>
          <FormAlert outcome={outcome} />
        </Form>
      ) : (
        <FormAlert outcome={outcome} />
      )}
    </Section>
  );
}

export default function ConsoleMeetingRooms({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { day, dayLabel, rooms } = loaderData;
  return (
    <>
      <CalendarConsoleNav />
      <CancelConfirmation day={day} dayLabel={dayLabel} confirming={loaderData.confirming} outcome={actionData} />
      <Section id="meeting-rooms" eyebrow="Calendar" title={`Meeting rooms, ${dayLabel}${loaderData.isToday ? " (today)" : ""}`}>
        <Form method="get" aria-label="Choose a day" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="meeting-rooms-day" label="Day">
            {(control) => <input {...control} type="date" name="day" required defaultValue={day} className={inputClasses} />}
          </Field>
          <div>
            <SubmitButton variant="secondary">Show day</SubmitButton>
          </div>
        </Form>
        <nav aria-label="Days" className="mt-4 flex flex-wrap gap-6">
          <Link to={`?day=${loaderData.previousDay}`} className="inline-flex min-h-11 items-center text-brass underline hover:text-cream">
            Previous day
          </Link>
          <Link to="?" className="inline-flex min-h-11 items-center text-brass underline hover:text-cream">
            Today
          </Link>
          <Link to={`?day=${loaderData.nextDay}`} className="inline-flex min-h-11 items-center text-brass underline hover:text-cream">
            Next day
          </Link>
        </nav>
        <div className="mt-8 grid gap-8">
          {rooms.map((room) => (
            <div key={room.slug}>
              <h3 className="text-2xl text-cream">
                {room.name} <span className="text-base text-smoke">(seats {room.seats})</span>
              </h3>
              {room.reservations.length === 0 ? (
                <p className="mt-2 text-smoke">No reservations.</p>
              ) : (
                <ConsoleTable
                  id={`reservations-${room.slug}`}
                  caption={`${room.name} reservations on ${dayLabel}`}
                  columns={["Hours", "Member", "Tier", "Length", "Cancel"]}
                >
                  {room.reservations.map((reservation) => (
                    <tr key={reservation.id}>
                      <td className={cellClasses}>{reservation.hoursLabel}</td>
                      <td className={cellClasses}>{reservation.memberName}</td>
                      <td className={cellClasses}>{reservation.tierName}</td>
                      <td className={cellClasses}>{reservation.hours === 1 ? "1 hour" : `${reservation.hours} hours`}</td>
                      <td className={cellClasses}>
                        {reservation.cancellable ? <CancelLink day={day} reservation={reservation} roomName={room.name} /> : "Started"}
                      </td>
                    </tr>
                  ))}
                </ConsoleTable>
              )}
            </div>
          ))}
        </div>
      </Section>
    </>
  );
}
