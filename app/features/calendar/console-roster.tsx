import { Form } from "react-router";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { FormAlert, SubmitButton } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";

/** One line of the booked list or the waitlist, formatted on the server (console-roster.server.ts). */
export interface RosterLine {
  bookingId: string;
  name: string;
  email: string;
  tierName: string;
  /** The guests by name ("Avery Hale, Blair Stone"), an unnamed plus-one of an old RSVP counted. */
  guests: string;
  bookedAtLabel: string;
  promotedAtLabel: string | null;
  reserved: boolean;
}

/**
 * A listing's booked list and its waitlist in order (docs/product-rules.md#calendar, Staff), with
 * the link to the same lists as CSV. A course term's list has no guests or reserved places.
 */
export function ListingRoster({
  kind,
  confirmed,
  waitlisted,
  placesBooked,
  capacity,
  csvPath,
  cancellable,
}: {
  kind: "event" | "course";
  confirmed: RosterLine[];
  waitlisted: RosterLine[];
  placesBooked: number;
  capacity: number;
  csvPath: string;
  /** The listing has not started: each booking and waitlist place has its 'Cancel'. */
  cancellable: boolean;
}) {
  const event = kind === "event";
  const cancelColumn = cancellable ? ["Cancel"] : [];
  return (
    <>
      <Section id="booked" eyebrow={event ? "RSVPs" : "Roster"} title={event ? "Booked" : "Enrolled"} tone="humidor">
        <p className="text-smoke">
          {confirmed.length === 0
            ? "Nobody has booked yet."
            : `${confirmed.length} ${confirmed.length === 1 ? "member" : "members"}, ${event ? `${placesBooked} of ${capacity} places with their guests` : `${placesBooked} of ${capacity} seats`}, first booked first.`}{" "}
          <a href={csvPath} download className="text-cream underline decoration-brass hover:text-brass">
            Download the lists as CSV
          </a>
        </p>
        {confirmed.length > 0 ? (
          <ConsoleTable
            id="booked-table"
            caption={event ? "Members booked, with their guests" : "Members enrolled"}
            columns={[
              ...(event ? ["Member", "Tier", "Guests", "Booked", "Reserved place"] : ["Member", "Tier", "Enrolled"]),
              ...cancelColumn,
            ]}
          >
            {confirmed.map((line) => (
              <tr key={line.bookingId}>
                <td className={cellClasses}>
                  {line.name}
                  <span className="block break-all text-smoke">{line.email}</span>
                </td>
                <td className={cellClasses}>{line.tierName}</td>
                {event ? <td className={cellClasses}>{line.guests || "None"}</td> : null}
                <td className={cellClasses}>
                  {line.bookedAtLabel}
                  {line.promotedAtLabel ? <span className="block text-smoke">From the waitlist, {line.promotedAtLabel}</span> : null}
                </td>
                {event ? <td className={cellClasses}>{line.reserved ? "Yes" : "No"}</td> : null}
                {cancellable ? <CancelLink line={line} what={event ? "booking" : "enrolment"} /> : null}
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
      <Section id="waitlist" eyebrow={event ? "RSVPs" : "Roster"} title="Waitlist">
        <p className="text-smoke">
          {waitlisted.length === 0
            ? "Nobody is waiting."
            : `${waitlisted.length} waiting, next in line first. When a ${event ? "place" : "seat"} frees, the first who fits is booked and emailed.`}
        </p>
        {waitlisted.length > 0 ? (
          <ConsoleTable
            id="waitlist-table"
            caption="The waitlist, next in line first"
            columns={["Position", "Member", "Tier", "Waiting since", ...cancelColumn]}
          >
            {waitlisted.map((line, index) => (
              <tr key={line.bookingId}>
                <td className={cellClasses}>{index + 1}</td>
                <td className={cellClasses}>
                  {line.name}
                  <span className="block break-all text-smoke">{line.email}</span>
                </td>
                <td className={cellClasses}>{line.tierName}</td>
                <td className={cellClasses}>{line.bookedAtLabel}</td>
                {cancellable ? <CancelLink line={line} what="waitlist place" /> : null}
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
    </>
  );
}

/** The first step of cancelling one booking: a link to its confirmation, so it works without a script. */
function CancelLink({ line, what }: { line: RosterLine; what: string }) {
  return (
    <td className={cellClasses}>
      <ButtonLink to={`?cancel-booking=${encodeURIComponent(line.bookingId)}#cancel-booking`} variant="secondary">
        Cancel<span className="sr-only"> {`${line.name}'s ${what}`}</span>
      </ButtonLink>
    </td>
  );
}

/**
 * The second step: staff confirm cancelling one member's booking or waitlist place. Shown first on
 * the page, right under the nav; the member is emailed and the freed places go to the waitlist
 * (docs/product-rules.md#calendar, Staff). A refused cancellation shows its reason here too.
 */
export function CancelBookingConfirmation({
  kind,
  booking,
  outcome,
}: {
  kind: "event" | "course";
  /** The booking being confirmed, or null once it is gone (only a refusal to show). */
  booking: (RosterLine & { waiting: boolean }) | null;
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "cancel-booking" } });
  const event = kind === "event";
  if (!booking && !(outcome && !outcome.ok)) return null;
  return (
    <Section id="cancel-booking-step" eyebrow={event ? "RSVPs" : "Roster"} title={event ? "Cancel a booking" : "Cancel an enrolment"}>
      {booking ? (
        <Form method="post" id="cancel-booking" tabIndex={-1} preventScrollReset>
          <input type="hidden" name="bookingId" value={booking.bookingId} />
          <p id="cancel-booking-warning" className="font-semibold text-cream">
            {booking.waiting
              ? `Take ${booking.name} off the waitlist? They are emailed that the club cancelled their place.`
              : `Cancel ${booking.name}'s ${event ? "booking" : "enrolment"}${event && booking.guests ? `, with their guests (${booking.guests})` : ""}? They are emailed that the club cancelled it, and the first on the waitlist who fits is booked and emailed.`}
          </p>
          <div className="mt-6 flex flex-wrap gap-4">
            <SubmitButton name="intent" value="cancel-booking" pending={pending} aria-describedby="cancel-booking-warning">
              {pending
                ? "Cancelling…"
                : booking.waiting
                  ? "Yes, Take Them Off"
                  : event
                    ? "Yes, Cancel the Booking"
                    : "Yes, Cancel the Enrolment"}
            </SubmitButton>
            <ButtonLink to="." variant="quiet">
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
