import { data, redirect } from "react-router";
import type { RequestContext } from "#worker/http/request-context.ts";
import { newFormKey } from "#app/lib/form-intent.ts";
import { oncePerForm } from "#app/lib/form-intents.server.ts";
import {
  cancelBookingByStaff,
  cancelListingByStaff,
  consoleListing,
  listingBookings,
  saveListing,
  type ListingToSave,
} from "./console-calendar.server.ts";
import { bookingToConfirm, rosterLine } from "./console-roster.server.ts";
import { cancelAnswer, cancelBookingAnswer, createdBeforeAnswer, saveRefusalAnswer } from "./console-answers.server.ts";
import { listingPaths, type ListingPageState } from "./console-listing-page.tsx";

/** A new listing's page: nothing saved, nothing to confirm, and the key its form carries. */
export function newListingPage() {
  return {
    listing: null,
    roster: null,
    confirmingCancel: false,
    confirmingBooking: null,
    done: null,
    formKey: newFormKey(),
  } as const satisfies ListingPageState & { formKey: string };
}

/**
 * The new page's form, sent: the event or term is created once per form
 * (docs/product-rules.md#a-form-is-one-intent), audited, and its page follows (303,
 * `?done=created`). Sent again (a second press, a resent page), it creates nothing and says so
 * beside the form (409): the form's intent keeps its key, not what it made, so the answer names
 * the list where the new one is rather than guess at its page.
 */
export async function createFromNewPage(
  services: RequestContext,
  staffId: string,
  formKey: string,
  listing: ListingToSave,
  fields: Record<string, string>,
) {
  const once = await oncePerForm(
    services.env.DB,
    { key: formKey, purpose: listing.kind === "event" ? "event-creation" : "term-creation", target: "", actorId: staffId },
    () => saveListing(services, staffId, { listingId: null, ...listing }),
    (outcome) => !outcome.ok,
  );
  if (once.sent === "before") return createdBeforeAnswer(listing.kind);
  const outcome = once.outcome;
  if (!outcome.ok) {
    const requested = listing.kind === "event" ? listing.event : { capacity: listing.term.seats, reservedPlaces: 0 };
    return saveRefusalAnswer(listing.kind, outcome, requested, fields);
  }
  throw redirect(`${listingPaths[listing.kind]}/${outcome.listingId}?done=created`, 303);
}

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
