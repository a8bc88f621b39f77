import { useEffect } from "react";
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/member-meeting-rooms";
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
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { club, hourInWords, loungeBySlug } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { tierNamesInWords } from "#app/features/site/tier-inclusions.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { memberWithAcceptedRules, requireMemberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import {
  meetingRoomAllowanceText,
  meetingRoomOrder,
  meetingRooms,
  tiersWithMeetingRooms,
  type MeetingRoomSlug,
} from "../meeting-room-facts.ts";
import { CalendarLinks } from "../calendar-links.tsx";
import { memberMeetingRoomsForm, meetingRoomDayQuery } from "../meeting-room-forms.ts";
import {
  addDays,
  loungeOpensOn,
  MEETING_ROOM_CANCEL_BEFORE_MS,
  MEETING_ROOM_DAYS_AHEAD,
  MEETING_ROOM_MAX_HOURS,
  meetingRoomStartHours,
  portlandHourOf,
  roomHourStart,
  weekOf,
} from "../meeting-room-hours.ts";
import {
  bookMeetingRoom,
  cancelMeetingRoomReservation,
  meetingRoomReservationsOn,
  memberMeetingRooms,
  type BookRoomResult,
} from "../meeting-room-bookings.server.ts";

/**
 * /members/meeting-rooms (docs/product-rules.md#meeting-rooms): the member's hours left this week,
 * the free and taken hours of both rooms on a chosen day, the booking form, and their upcoming
 * reservations with cancel. Plain forms: everything works without JavaScript. Every time is
 * formatted here, on the server, in Portland time. The booking form is one intent
 * (docs/product-rules.md#a-form-is-one-intent): sent again, it books nothing more.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Meeting rooms",
    description: `Book the meeting rooms of the ${club.name} Business Lounge by the hour.`,
  }),
  { name: "robots", content: "noindex" },
];

const lounge = loungeBySlug("business");

/** "9 am – 11 am": a span of booked hours, in Portland time. */
function hoursLabel(startsAt: string, endsAt: string): string {
  return `${hourInWords(portlandHourOf(startsAt))} – ${hourInWords(portlandHourOf(endsAt))}`;
}

type HourState = "Free" | "Taken" | "Yours" | "Past";

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const roomsList = meetingRoomOrder.map((slug) => ({ slug, name: meetingRooms[slug].name, seats: meetingRooms[slug].seats }));
  if (!entitlementsOf(member.tier).meetingRooms) {
    return { included: false as const, rooms: roomsList, tiersInWords: tierNamesInWords(tiersWithMeetingRooms()) };
  }
  const { env } = context.get(requestContext);
  const now = Date.now();
  const today = portlandDay(new Date(now));
  const lastDay = addDays(today, MEETING_ROOM_DAYS_AHEAD);
  const asked = meetingRoomDayQuery.parse(queryFields(new URL(request.url))).day;
  const day = asked && asked >= today && asked <= lastDay ? asked : today;
  const [mine, reservations] = await Promise.all([
    memberMeetingRooms(env.DB, { memberId: member.id, today, now }),
    meetingRoomReservationsOn(env.DB, day),
  ]);
  const [thisMonday] = weekOf(today);
  const laterWeeks = new Map<string, number>();
  for (const reservation of mine.upcoming) {
    const [monday] = weekOf(reservation.day);
    if (monday > thisMonday) laterWeeks.set(monday, (laterWeeks.get(monday) ?? 0) + reservation.hours);
  }
  const open = loungeOpensOn(day);
  return {
    included: true as const,
    formKey: newFormKey(),
    rooms: roomsList,
    allowance: meetingRoomAllowanceText(
      member.tier,
      mine.hoursThisWeek,
      [...laterWeeks].map(([monday, booked]) => ({ monday: formatPortlandDay(monday), booked })),
    ),
    today,
    lastDay,
    day,
    dayLabel: formatPortlandDay(day),
    open,
    // Each hour of the day, for each room: free, taken by another member, the member's own, or begun.
    hours: open
      ? meetingRoomStartHours.map((hour) => {
          const startsAt = roomHourStart(day, hour) ?? "";
          const state = (room: MeetingRoomSlug): HourState => {
            const holder = reservations.find(
              (reservation) => reservation.room === room && reservation.startsAt <= startsAt && startsAt < reservation.endsAt,
            );
            if (holder) return holder.memberId === member.id ? "Yours" : "Taken";
            return Date.parse(startsAt) <= now ? "Past" : "Free";
          };
          return { hour, label: `${hourInWords(hour)} – ${hourInWords(hour + 1)}`, alder: state("alder"), fir: state("fir") };
        })
      : [],
    upcoming: mine.upcoming.map((reservation) => ({
      id: reservation.reservationId,
      roomName: meetingRooms[reservation.room].name,
      dayLabel: formatPortlandDay(reservation.day),
      hoursLabel: hoursLabel(reservation.startsAt, reservation.endsAt),
      hours: reservation.hours,
      cancellable: Date.parse(reservation.startsAt) - MEETING_ROOM_CANCEL_BEFORE_MS >= now,
      started: Date.parse(reservation.startsAt) <= now,
    })),
  };
}

/** The answer to a refused booking: a field's message (400) or the form's (403, 409). */
function refusal(
  result: Extract<BookRoomResult, { ok: false }>,
  booking: { room: MeetingRoomSlug; day: string; today: string },
  tierHours: number,
) {
  const fieldError = (field: string, message: string) =>
    data<ActionResult>({ form: "book", ok: false, fieldErrors: { [field]: message } }, { status: 400 });
  const formError = (message: string, status: number) => data<ActionResult>({ form: "book", ok: false, error: message }, { status });
  const room = meetingRooms[booking.room].name;
  const dayWindow = () =>
    fieldError("day", `Choose a day from today to ${formatPortlandDay(addDays(booking.today, MEETING_ROOM_DAYS_AHEAD))}.`);
  switch (result.reason) {
    case "outside-hours":
      return loungeOpensOn(booking.day)
        ? fieldError("hours", `The last hour must end by ${hourInWords(lounge.openingHours.closes)}, when the lounge closes.`)
        : fieldError("day", `The ${lounge.name} is open ${lounge.hours}. Choose one of those days.`);
    case "past":
      return booking.day < booking.today ? dayWindow() : fieldError("startHour", "Choose an hour that has not started yet.");
    case "too-far-ahead":
      return dayWindow();
    case "taken":
      return formError(
        result.takenAt
          ? `The ${room} is already booked at ${hourInWords(portlandHourOf(result.takenAt))} on ${formatPortlandDay(booking.day)}. Choose another time or the other room.`
          : `The ${room} was just booked for those hours. Choose another time or the other room.`,
        409,
      );
    case "own-hour":
      return formError(
        `You already have a room at ${hourInWords(portlandHourOf(result.heldAt))} on ${formatPortlandDay(booking.day)}. Choose another time.`,
        409,
      );
    case "over-week":
      return formError(
        `That would take you past your ${tierHours} meeting-room hours for that week (Monday to Sunday). Choose fewer hours or another week.`,
        409,
      );
    case "not-included":
      return formError("Your membership does not include the meeting rooms.", 403);
    case "not-in-good-standing":
      return formError(`Your membership is not in good standing just now. Please call the office at ${club.officePhone.display}.`, 403);
  }
}

/** Books or cancels for the signed-in member (never a member id from the form). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = requireMemberWithAcceptedRules(request, context);
  const { env } = context.get(requestContext);
  const form = await readSubmission(request, memberMeetingRoomsForm, {
    form: (fields) => (fields.intent === "cancel" ? `cancel:${fields.reservationId ?? ""}` : "book"),
  });
  if (!form.ok) return form.invalid;
  const now = Date.now();

  if (form.data.intent === "cancel") {
    const target = `cancel:${form.data.reservationId}`;
    const result = await cancelMeetingRoomReservation(env.DB, { memberId: member.id, reservationId: form.data.reservationId, now });
    if (result.ok)
      return data<ActionResult>({
        form: target,
        ok: true,
        toast: { title: "Reservation cancelled", description: "The hours are free again." },
      });
    return result.reason === "too-late"
      ? data<ActionResult>(
          {
            form: target,
            ok: false,
            error: `A reservation can be cancelled up to an hour before it starts. Please call the office at ${club.officePhone.display}.`,
          },
          { status: 409 },
        )
      : data<ActionResult>({ form: target, ok: false, error: "There is no upcoming reservation of yours to cancel." }, { status: 404 });
  }

  const { room, day, startHour, hours, formKey } = form.data;
  const tierHours = entitlementsOf(member.tier).meetingRoomHoursPerWeek;
  const booking = { room, day, today: portlandDay(new Date(now)) };
  if (!entitlementsOf(member.tier).meetingRooms) return refusal({ ok: false, reason: "not-included" }, booking, tierHours);
  const once = await oncePerForm(
    env.DB,
    { key: formKey, purpose: "meeting-room-booking", target: "", actorId: member.id },
    () => bookMeetingRoom(env.DB, { memberId: member.id, room, day, startHour, hours, now }),
    (result) => !result.ok,
  );
  if (once.sent === "before") return sentBefore("book", `The ${meetingRooms[room].name} is already booked for you.`);
  const result: BookRoomResult = once.outcome;
  if (!result.ok) return refusal(result, booking, tierHours);
  return data<ActionResult>({
    form: "book",
    ok: true,
    toast: {
      title: "Room booked",
      description: `The ${meetingRooms[room].name} is yours on ${formatPortlandDay(day)}, ${hoursLabel(result.startsAt, result.endsAt)}.`,
    },
  });
}

// A refusal means the page was out of date: reload it to show the current hours and reservations.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

type LoaderData = Extract<NonNullable<Route.ComponentProps["loaderData"]>, { included: true }>;

const tableCell = "border-t border-cedar px-3 py-2 text-left";

/** The day to show or book: from today to the last bookable day. */
function DayField({ id, page, error }: { id: string; page: LoaderData; error?: string | undefined }) {
  return (
    <Field id={id} label="Day" error={error}>
      {(control) => (
        <input
          {...control}
          name="day"
          type="date"
          required
          min={page.today}
          max={page.lastDay}
          defaultValue={page.day}
          className={inputClasses}
        />
      )}
    </Field>
  );
}

function RoomHours({ page }: { page: LoaderData }) {
  return (
    <>
      <Form method="get" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Choose a day">
        <DayField id="rooms-day" page={page} />
        <div>
          <SubmitButton variant="secondary">Show hours</SubmitButton>
        </div>
      </Form>
      {page.open ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full border-collapse text-cream">
            <caption className="mb-2 text-left text-smoke">Meeting rooms on {page.dayLabel}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-3 py-2 text-left text-sm uppercase tracking-[0.12em] text-brass">
                  Hour
                </th>
                {page.rooms.map((room) => (
                  <th key={room.slug} scope="col" className="px-3 py-2 text-left text-sm uppercase tracking-[0.12em] text-brass">
                    {room.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.hours.map((hour) => (
                <tr key={hour.hour}>
                  <th scope="row" className={`${tableCell} font-normal`}>
                    {hour.label}
                  </th>
                  <td className={tableCell}>{hour.alder}</td>
                  <td className={tableCell}>{hour.fir}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-6 text-cream">
          The {lounge.name} is closed on {page.dayLabel.split(",")[0]}s: it is open {lounge.hours}.
        </p>
      )}
    </>
  );
}

function BookRoom({ page, outcome }: { page: LoaderData; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "book" } });
  const errors = outcome && !outcome.ok ? outcome.fieldErrors : undefined;
  // The form keeps the key it was shown with until its room is booked, then is emptied for the next.
  const { formRef, formKey } = useFormIntent(page.formKey, outcome);
  // A field error takes focus to the first field it names.
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);
  // The first room's first free hour of the day, so the form as it stands books something free.
  const firstFree = page.hours.find((hour) => hour.alder === "Free")?.hour ?? meetingRoomStartHours[0];
  return (
    <Form key={page.day} ref={formRef} method="post" className="grid gap-4 rounded-sm border border-cedar bg-night p-6 sm:grid-cols-2">
      <input type="hidden" name="formKey" value={formKey} />
      <Field id="room" label="Room" error={errors?.room}>
        {(control) => (
          <select {...control} name="room" required defaultValue={page.rooms[0]?.slug} className={inputClasses}>
            {page.rooms.map((room) => (
              <option key={room.slug} value={room.slug}>
                {room.name} (seats {room.seats})
              </option>
            ))}
          </select>
        )}
      </Field>
      <DayField id="room-day" page={page} error={errors?.day} />
      <Field id="room-start" label="Start" error={errors?.startHour}>
        {(control) => (
          <select {...control} name="startHour" required defaultValue={String(firstFree)} className={inputClasses}>
            {meetingRoomStartHours.map((hour) => (
              <option key={hour} value={hour}>
                {hourInWords(hour)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="room-hours" label="Hours" error={errors?.hours}>
        {(control) => (
          <select {...control} name="hours" required defaultValue="1" className={inputClasses}>
            {Array.from({ length: MEETING_ROOM_MAX_HOURS }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count === 1 ? "1 hour" : `${count} hours`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <SubmitButton name="intent" value="book" pending={pending}>
          {pending ? "Booking…" : "Book room"}
        </SubmitButton>
        <FormAlert outcome={outcome} />
        {outcome?.ok ? (
          <p role="status" className="mt-3 text-cream">
            {outcome.toast.description}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function CancelReservation({ reservation, outcome }: { reservation: LoaderData["upcoming"][number]; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "reservationId", value: reservation.id } });
  return (
    <Form method="post">
      <input type="hidden" name="reservationId" value={reservation.id} />
      <SubmitButton name="intent" value="cancel" variant="secondary" pending={pending}>
        Cancel
        <span className="sr-only">
          {" "}
          {reservation.roomName} on {reservation.dayLabel}, {reservation.hoursLabel}
        </span>
      </SubmitButton>
      <FormAlert outcome={outcome && !outcome.ok ? outcome : undefined} />
    </Form>
  );
}

export default function MemberMeetingRooms({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  const roomsInWords = loaderData.rooms.map((room) => `the ${room.name} (seats ${room.seats})`).join(" and ");
  if (!loaderData.included) {
    return (
      <>
        <PageHero eyebrow="Club calendar" title="Meeting rooms">
          <p>
            The {lounge.name}'s meeting rooms, {roomsInWords}, are booked by the hour by {loaderData.tiersInWords} members.
          </p>
          <CalendarLinks meetingRooms={false} />
        </PageHero>
        <Section id="meeting-rooms-tiers" eyebrow="Meeting rooms" title="Not part of your membership">
          <p className="text-cream">
            Your membership does not include the meeting rooms. They come with the {loaderData.tiersInWords} memberships:{" "}
            <Link to="/memberships" className="text-brass underline hover:text-cream">
              compare the memberships
            </Link>{" "}
            or{" "}
            <Link to="/members/billing" className="text-brass underline hover:text-cream">
              change your membership
            </Link>
            .
          </p>
        </Section>
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow="Club calendar" title="Meeting rooms">
        <p>
          {loaderData.allowance} Book {roomsInWords} at the {lounge.name} by the hour, up to {MEETING_ROOM_MAX_HOURS} hours in a row, within
          the lounge's hours ({lounge.hours}), up to {MEETING_ROOM_DAYS_AHEAD} days ahead. All times are Portland time.
        </p>
        <CalendarLinks meetingRooms />
      </PageHero>
      <Section id="room-hours" eyebrow="Meeting rooms" title="Free and taken hours">
        <RoomHours page={loaderData} />
      </Section>
      <Section id="book-room" eyebrow="Meeting rooms" title="Book a room" tone="humidor">
        <BookRoom page={loaderData} outcome={actionData?.form === "book" ? actionData : undefined} />
      </Section>
      <Section id="room-reservations" eyebrow="Meeting rooms" title="Your reservations">
        {loaderData.upcoming.length === 0 ? (
          <p className="text-smoke">No reservations.</p>
        ) : (
          <ul className="grid gap-4">
            {loaderData.upcoming.map((reservation) => (
              <li
                key={reservation.id}
                className="flex flex-wrap items-center justify-between gap-4 rounded-sm border border-cedar bg-night p-4"
              >
                <p className="text-cream">
                  <strong>{reservation.roomName}</strong>
                  <span className="block text-sm text-smoke">
                    {reservation.dayLabel} · {reservation.hoursLabel} · {reservation.hours === 1 ? "1 hour" : `${reservation.hours} hours`}
                  </span>
                  <a
                    href={`/members/meeting-rooms/${reservation.id}.ics`}
                    className="inline-block py-1 text-sm text-brass underline hover:text-cream"
                  >
                    Add to your calendar (.ics)
                    <span className="sr-only">
                      {" "}
                      {reservation.roomName} on {reservation.dayLabel}
                    </span>
                  </a>
                </p>
                {reservation.cancellable ? (
                  <CancelReservation
                    reservation={reservation}
                    outcome={actionData?.form === `cancel:${reservation.id}` ? actionData : undefined}
                  />
                ) : (
                  <p className="text-cream">{reservation.started ? "Under way" : "Starts within the hour"}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
