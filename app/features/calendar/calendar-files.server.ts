/**
 * The calendar files and the private feed (docs/product-rules.md#calendar-files-and-the-private-feed)
 * for the routes that serve them and the pages that manage the feed (decision 006), and the one
 * way those routes answer.
 */
export { listingCalendarFile, meetingRoomCalendarFile } from "#worker/features/calendar/calendar-files.ts";
export {
  calendarFeedOf,
  calendarFeedUrl,
  createCalendarFeed,
  readCalendarFeed,
  revokeCalendarFeed,
} from "#worker/features/calendar/calendar-feeds.ts";

/**
 * A calendar file, or a plain 404 when there is none. Never stored by a browser or a shared
 * cache: each is one member's. `fileName` is what a download is saved as (never a member's name);
 * the feed has none, since calendar apps read it rather than save it.
 */
export function calendarFileResponse(text: string | null, fileName: string | null, extraHeaders: Record<string, string> = {}): Response {
  const headers = { "Cache-Control": "private, no-store", ...extraHeaders };
  if (text === null) {
    return new Response("Not Found", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(text, {
    headers: {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName}"` } : {}),
    },
  });
}
