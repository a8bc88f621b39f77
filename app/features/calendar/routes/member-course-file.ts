import { redirect } from "react-router";
import type { Route } from "./+types/member-course-file";
import { requestContext } from "#app/context.ts";
import { memberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { calendarFileResponse, listingCalendarFile } from "../calendar-files.server.ts";

/**
 * GET /members/academy/:id.ics: a course term's calendar file, every session
 * (docs/product-rules.md#calendar-files-and-the-private-feed), for a member whose tier includes
 * the course or who holds a place there; a 404 for any other.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  // Until the rules are accepted, the Academy page shows the rules step.
  if (!member) throw redirect("/members/academy");
  const { env, config } = context.get(requestContext);
  const file = await listingCalendarFile(env.DB, { listingId: params.id, kind: "course", member, siteUrl: config.SITE_URL });
  return calendarFileResponse(file, "ember-and-oak-course.ics");
}
