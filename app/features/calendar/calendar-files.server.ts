/**
 * The calendar files and the private feed (docs/product-rules.md#calendar-files-and-the-private-feed)
 * for the routes that serve them and the pages that manage the feed (decision 006), and the one
 * way every calendar file's route answers (worker/shared/ics.ts).
 */
export { calendarFileResponse } from "#worker/shared/ics.ts";
export { listingCalendarFile, meetingRoomCalendarFile } from "#worker/features/calendar/calendar-files.ts";
export {
  calendarFeedOf,
  calendarFeedUrl,
  createCalendarFeed,
  readCalendarFeed,
  revokeCalendarFeed,
} from "#worker/features/calendar/calendar-feeds.ts";
