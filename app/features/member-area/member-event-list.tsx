import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

export interface MemberEventView {
  id: string;
  title: string;
  description: string;
  lounge: string;
  startsAt: string;
  /** The start in Portland time, formatted on the server. */
  startsAtLabel: string;
  capacity: number;
  placesLeft: number;
  rsvp: { plusOne: boolean } | null;
}

/** Upcoming member events with RSVP, plus-one and cancel (docs/product-rules.md#member-area),
 * soonest first. */
export function MemberEventList({ events, outcome }: { events: MemberEventView[]; outcome: ActionResult | undefined }) {
  if (events.length === 0) {
    return <p className="text-smoke">No events are on the calendar yet. The concierge announces each one here first.</p>;
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {events.map((event) => (
        <li key={event.id}>
          <MemberEventCard event={event} outcome={outcome?.form === `event:${event.id}` ? outcome : undefined} />
        </li>
      ))}
    </ul>
  );
}

function MemberEventCard({ event, outcome }: { event: MemberEventView; outcome: ActionResult | undefined }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "eventId", value: event.id } });
  const headingId = `event-${event.id}-title`;
  // The button just pressed is replaced (RSVP by Cancel, and back): keep focus on the reply.
  const reply = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome?.ok) reply.current?.focus();
  }, [outcome]);
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-sm border border-cedar bg-night p-6">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{event.lounge}</p>
      <h3 id={headingId} className="mt-2 text-2xl text-cream">
        {event.title}
      </h3>
      <p className="mt-1 text-cream">
        <time dateTime={event.startsAt}>{event.startsAtLabel}</time>
      </p>
      <p className="mt-3 flex-1 text-smoke">{event.description}</p>
      <p className="mt-4 text-sm text-smoke">{event.placesLeft === 0 ? "Full" : `${event.placesLeft} of ${event.capacity} places left`}</p>

      <div ref={reply} tabIndex={-1} className="mt-4 border-t border-cedar pt-4">
        {event.rsvp ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel-rsvp" />
            <input type="hidden" name="eventId" value={event.id} />
            <p className="font-semibold text-cream">You are attending{event.rsvp.plusOne ? ", with a plus-one" : ""}.</p>
            <div className="mt-3">
              <SubmitButton pending={pending} variant="secondary">
                Cancel RSVP<span className="sr-only"> for {event.title}</span>
              </SubmitButton>
            </div>
          </Form>
        ) : event.placesLeft > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="rsvp" />
            <input type="hidden" name="eventId" value={event.id} />
            {event.placesLeft > 1 ? (
              <div className="flex min-h-11 items-center gap-3">
                <input id={`plus-one-${event.id}`} type="checkbox" name="plusOne" value="yes" className="h-6 w-6 accent-brass" />
                <label htmlFor={`plus-one-${event.id}`} className="text-cream">
                  Bring a plus-one<span className="sr-only"> to {event.title}</span>
                </label>
              </div>
            ) : (
              <p className="text-sm text-smoke">One place left: room for you, but not for a plus-one.</p>
            )}
            <div className="mt-3">
              <SubmitButton pending={pending}>
                RSVP<span className="sr-only"> to {event.title}</span>
              </SubmitButton>
            </div>
          </Form>
        ) : (
          <p className="text-smoke">This evening is full. Ask the concierge to put you on the waiting list.</p>
        )}
        <FormAlert outcome={outcome} />
      </div>
    </article>
  );
}
