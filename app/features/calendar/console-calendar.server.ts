/** The Worker's calendar console for /concierge/events and /concierge/academy (decision 006). */
export {
  cancelBookingByStaff,
  cancelListingByStaff,
  consoleListing,
  listConsoleListings,
  saveListing,
  CONSOLE_LIST_LIMIT,
  type CancelBookingOutcome,
  type CancelOutcome,
  type ConsoleListing,
  type ListingToSave,
  type SaveOutcome,
} from "#worker/features/calendar/calendar-console.ts";
export { listingBookings } from "#worker/features/calendar/calendar-bookings.ts";
export type { RosterRow } from "#worker/features/calendar/calendar-reads.ts";
