import type { Route } from "./+types/calendar-feed";
import { requestContext } from "#app/context.ts";
import { calendarFileResponse, readCalendarFeed } from "../calendar-files.server.ts";

/**
 * GET /calendar/<secret>.ics: a member's private feed (docs/security.md#calendar-feeds), read by
 * calendar apps, which send no cookie: the secret is the address. Anything else under /calendar,
 * a wrong, replaced or stopped secret included, is the same plain 404. Never cached, and never a
 * referrer: the address must go nowhere else.
 */
const FEED_FILE = /^([A-Za-z0-9_-]+)\.ics$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const token = FEED_FILE.exec(params.file)?.[1];
  const feed = token ? await readCalendarFeed(env.DB, token, config.SITE_URL, Date.now()) : null;
  return calendarFileResponse(feed, null, { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });
}
