import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { ActionResult } from "#app/lib/form-result.ts";
import { sentBefore } from "#app/lib/form-intents.server.ts";
import type { CancelBookingOutcome, CancelOutcome, SaveOutcome } from "./console-calendar.server.ts";

/**
 * The calendar console's answers to a refused save or cancel (docs/product-rules.md#calendar,
 * Staff), for an event or a course term. A refused save sends the fields back as typed, so the
 * form shows them again without JavaScript.
 */
export type ConsoleFormResult = ActionResult & { values?: Record<string, string> };

const noun = { event: "event", course: "term" } as const;

export function saveRefusalAnswer(
  kind: "event" | "course",
  refusal: Extract<SaveOutcome, { ok: false }>,
  requested: { capacity: number; reservedPlaces: number },
  values: Record<string, string>,
) {
  const answer = (result: ActionResult, status: number) => data<ConsoleFormResult>({ ...result, values }, { status });
  const form = kind === "event" ? "event" : "term";
  switch (refusal.reason) {
    case "past":
      return answer(
        {
          form,
          ok: false,
          fieldErrors: { [kind === "event" ? "startTime" : "session1Time"]: "That time has passed. Choose a time ahead." },
        },
        409,
      );
    case "below-booked": {
      const capacityField = kind === "event" ? "capacity" : "seats";
      if (refusal.booked > requested.capacity)
        return answer(
          {
            form,
            ok: false,
            fieldErrors: {
              [capacityField]: `${refusal.booked} ${kind === "event" ? "places are" : "seats are"} booked: keep at least ${refusal.booked}.`,
            },
          },
          409,
        );
      return answer(
        {
          form,
          ok: false,
          fieldErrors: {
            reservedPlaces: `Members without reserved seating hold ${refusal.unreserved} places: reserve at most ${Math.max(0, requested.capacity - refusal.unreserved)}.`,
          },
        },
        409,
      );
    }
    case "guests-registered":
      return answer(
        {
          form,
          ok: false,
          fieldErrors: {
            day: "Members have registered guests for this event's day and lounge, so it keeps them. To move it, cancel it and publish a new one.",
          },
        },
        409,
      );
    case "over":
      return answer({ form, ok: false, error: `This ${noun[kind]} has ended: it can no longer be changed.` }, 409);
    case "cancelled":
      return answer({ form, ok: false, error: `This ${noun[kind]} is cancelled: it can no longer be changed.` }, 409);
    case "not-found":
      return answer({ form, ok: false, error: `This ${noun[kind]} no longer exists.` }, 404);
  }
}

/** A new event's or term's form sent again after it was created (console-listing-page.server.ts, createFromNewPage). */
export function createdBeforeAnswer(kind: "event" | "course"): DataWithResponseInit<ConsoleFormResult> {
  return kind === "event"
    ? sentBefore("event", "This event is already created: it is under All events.")
    : sentBefore("term", "This term is already created: it is under All terms.");
}

/** " 2 members on the waitlist were booked and emailed." after an edit that promoted them; "" otherwise. */
export function promotedInWords(promoted: number): string {
  if (promoted === 0) return "";
  return promoted === 1
    ? " 1 member on the waitlist was booked and emailed."
    : ` ${promoted} members on the waitlist were booked and emailed.`;
}

export function cancelAnswer(kind: "event" | "course", reason: Extract<CancelOutcome, { ok: false }>["reason"]) {
  const words = {
    "already-cancelled": `This ${noun[kind]} was already cancelled.`,
    over: `This ${noun[kind]} has begun: it can no longer be cancelled.`,
    "not-found": `This ${noun[kind]} no longer exists.`,
  } as const;
  return data<ConsoleFormResult>({ form: "cancel", ok: false, error: words[reason] }, { status: reason === "not-found" ? 404 : 409 });
}

/** A refused 'Cancel' of one booking: it is gone already, or the listing has begun. */
export function cancelBookingAnswer(kind: "event" | "course", reason: Extract<CancelBookingOutcome, { ok: false }>["reason"]) {
  const words = {
    "not-found":
      kind === "event" ? "That booking is no longer on this event's lists." : "That enrolment is no longer on this term's lists.",
    started: `This ${noun[kind]} has begun: its ${kind === "event" ? "bookings" : "enrolments"} can no longer be cancelled.`,
  } as const;
  return data<ConsoleFormResult>({ form: "cancel-booking", ok: false, error: words[reason] }, { status: 409 });
}
