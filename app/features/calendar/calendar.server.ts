// The Worker's calendar engine, for the member pages' loaders and actions (decision 006).
export {
  addGuest,
  bookListing,
  cancelBooking,
  memberCalendar,
  memberListing,
  removeGuest,
  upcomingEventTeaser,
  type BookingRefusal,
  type MemberListing,
} from "#worker/features/calendar/calendar-bookings.ts";
