import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActionResult } from "#app/lib/form-result.ts";
import { Section } from "#app/ui/section.tsx";
import { CalendarConsoleNav } from "./console-calendar-nav.tsx";
import { ListingCancel } from "./console-listing-cancel.tsx";
import { CancelBookingConfirmation, ListingRoster, type RosterLine } from "./console-roster.tsx";

/** Where the console keeps each kind's pages: the list, and each listing at `<path>/<id>`. */
export const listingPaths = { event: "/concierge/events", course: "/concierge/academy" } as const;

/** Where an event's page and a term's differ in words. */
const words = {
  event: {
    noun: "event",
    eyebrow: "Events",
    all: "All events",
    done: {
      created: "Event created. Members whose tier includes it can book it now.",
      cancelled: "Event cancelled. Everyone booked or on the waitlist is being emailed.",
      "booking-cancelled":
        "Booking cancelled. The member is being emailed; anyone the freed places let in from the waitlist is booked and emailed.",
    },
  },
  course: {
    noun: "term",
    eyebrow: "Cigar Academy",
    all: "All terms",
    done: {
      created: "Term created. Enrolment opens three weeks before its first session.",
      cancelled: "Term cancelled. Everyone enrolled or on the waitlist is being emailed.",
      "booking-cancelled":
        "Enrolment cancelled. The member is being emailed; anyone the freed seat lets in from the waitlist is enrolled and emailed.",
    },
  },
} as const;

/** What the page's loader says whatever the kind (console-listing-page.server.ts). */
export interface ListingPageState {
  listing: {
    id: string;
    title: string;
    cancelled: boolean;
    editable: boolean;
    cancellable: boolean;
    capacity: number;
    placesBooked: number;
  } | null;
  roster: { confirmed: RosterLine[]; waitlisted: RosterLine[] } | null;
  confirmingCancel: boolean;
  confirmingBooking: (RosterLine & { waiting: boolean }) | null;
  done: "created" | "cancelled" | "booking-cancelled" | null;
}

/**
 * An event's or a course term's staff page (docs/product-rules.md#calendar, Staff): what the last
 * step did, the listing in a sentence (`summary`), its form while it can change, 'Cancel this
 * event' (or term), and its booked list and waitlist. A confirmation comes first, right under the
 * nav, not below the form.
 */
export function ListingPage({
  kind,
  page,
  outcome,
  summary,
  form,
}: {
  kind: "event" | "course";
  page: ListingPageState;
  /** The action's answer, shown beside the form it answers. */
  outcome: ActionResult | undefined;
  summary: ReactNode;
  form: ReactNode;
}) {
  const { listing, roster, confirmingCancel, confirmingBooking, done } = page;
  const { noun, eyebrow, all } = words[kind];
  const path = listingPaths[kind];
  const cancelSection = listing?.cancellable ? (
    <ListingCancel
      kind={kind}
      placesBooked={listing.placesBooked}
      confirming={confirmingCancel}
      outcome={outcome?.form === "cancel" ? outcome : undefined}
    />
  ) : null;
  return (
    <>
      <CalendarConsoleNav />
      {confirmingCancel ? cancelSection : null}
      <CancelBookingConfirmation
        kind={kind}
        booking={confirmingBooking}
        outcome={outcome?.form === "cancel-booking" ? outcome : undefined}
      />
      <Section id={`${noun}-details`} eyebrow={eyebrow} title={listing ? listing.title : `New ${noun}`}>
        <p className="text-smoke">
          <Link to={path} className="text-cream underline decoration-brass hover:text-brass">
            {all}
          </Link>
        </p>
        {done ? (
          <p role="status" className="mt-6 font-semibold text-cream">
            {words[kind].done[done]}
          </p>
        ) : null}
        {listing ? (
          <p className="mt-6 text-smoke">
            {listing.cancelled ? <strong className="text-warning">Cancelled. </strong> : null}
            {summary}
          </p>
        ) : null}
        {!listing || listing.editable ? (
          form
        ) : listing.cancelled ? null : (
          <p className="mt-6 text-smoke">{`This ${noun} has ended: it can no longer be changed.`}</p>
        )}
      </Section>
      {confirmingCancel ? null : cancelSection}
      {listing && roster ? (
        <ListingRoster
          kind={kind}
          confirmed={roster.confirmed}
          waitlisted={roster.waitlisted}
          placesBooked={listing.placesBooked}
          capacity={listing.capacity}
          csvPath={`${path}/${listing.id}.csv`}
          cancellable={listing.cancellable}
        />
      ) : null}
    </>
  );
}
