import { data, redirect } from "react-router";
import type { RequestContext } from "#worker/http/request-context.ts";
import { cancelBookingByStaff, cancelListingByStaff, consoleListing, listingBookings } from "./console-calendar.server.ts";
import { bookingToConfirm, rosterLine } from "./console-roster.server.ts";
import { cancelAnswer, cancelBookingAnswer } from "./console-answers.server.ts";
import { listingPaths, type ListingPageState } from "./console-listing-page.tsx";

/** A new listing's page: nothing saved, nothing to confirm. */
export const newListingPage = {
  listing: null,
  roster: null,
  confirmingCancel: false,
  confirmingBooking: null,
  done: null,
} as const satisfies ListingPageState;

/**
 * An event's or a term's staff page, whatever its kind (docs/product-rules.md#calendar, Staff): the
 * listing (404 when it is not one of `kind`), whether it can still change or be cancelled, its
 * lists, and what the address asks: `?cancel` and `?cancel-booking=<id>` to confirm, `?done=…` for
 * what the last redirected step did (a redirect's page has no action data). `listing` is the row,
 * for the words each kind adds.
 */
export async function loadListingPage(db: D1Database, kind: "event" | "course", listingId: string, url: URL) {
  const [listing, roster] = await Promise.all([consoleListing(db, kind, listingId), listingBookings(db, listingId)]);
  if (!listing) throw data(null, { status: 404 });
  const now = Date.now();
  const scheduled = listing.status === "scheduled";
  const cancellable = scheduled && Date.parse(listing.startsAt) > now;
  const done = url.searchParams.get("done");
  const page = {
    listing: {
      id: listing.id,
      title: listing.title,
      cancelled: !scheduled,
      editable: scheduled && Date.parse(listing.endsAt) > now,
      cancellable,
      capacity: listing.capacity,
      placesBooked: listing.placesBooked,
    },
    roster: { confirmed: roster.confirmed.map(rosterLine), waitlisted: roster.waitlisted.map(rosterLine) },
    confirmingCancel: scheduled && url.searchParams.has("cancel"),
    confirmingBooking: cancellable ? bookingToConfirm(roster, url.searchParams.get("cancel-booking")) : null,
    done: done === "created" || done === "cancelled" || done === "booking-cancelled" ? done : null,
  } satisfies ListingPageState;
  return { listing, page };
}

/**
 * The page's two cancellations, each after its confirmation: one booking or waitlist place
 * (`cancel-booking`), or the whole listing (`cancel`); every one audited
 * (worker/features/calendar/calendar-console.ts). Done: back to the page, which says so (303).
 * Refused: the reason, shown beside the confirmation.
 */
export async function cancelFromListingPage(
  services: RequestContext,
  staffId: string,
  kind: "event" | "course",
  listingId: string | null,
  cancel: { intent: "cancel" } | { intent: "cancel-booking"; bookingId: string },
) {
  if (!listingId) throw data(null, { status: 404 });
  const page = `${listingPaths[kind]}/${listingId}`;
  if (cancel.intent === "cancel-booking") {
    const outcome = await cancelBookingByStaff(services, staffId, { kind, listingId, bookingId: cancel.bookingId });
    if (outcome.ok) throw redirect(`${page}?done=booking-cancelled`, 303);
    return cancelBookingAnswer(kind, outcome.reason);
  }
  const outcome = await cancelListingByStaff(services, staffId, { kind, listingId });
  if (outcome.ok) throw redirect(`${page}?done=cancelled`, 303);
  return cancelAnswer(kind, outcome.reason);
}
