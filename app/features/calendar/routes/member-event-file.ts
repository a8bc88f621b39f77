import { redirect } from "react-router";
import type { Route } from "./+types/member-event-file";
import { requestContext } from "#app/context.ts";
import { memberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { calendarFileResponse, listingCalendarFile } from "../calendar-files.server.ts";

/**
 * GET /members/events/:id.ics: an event's calendar file
 * (docs/product-rules.md#calendar-files-and-the-private-feed), for a member whose tier includes
 * the event or who holds a place there; a 404 for any other.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  // Until the rules are accepted, the events page shows the rules step.
  if (!member) throw redirect("/members/events");
  const { env, config } = context.get(requestContext);
  const file = await listingCalendarFile(env.DB, { listingId: params.id, kind: "event", member, siteUrl: config.SITE_URL });
  return calendarFileResponse(file, "ember-and-oak-event.ics");
}
