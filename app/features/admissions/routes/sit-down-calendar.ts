import type { Route } from "./+types/sit-down-calendar";
import { requestContext } from "#app/context.ts";
import { findApplicationStatus, readApplicationCookie } from "../admissions.server.ts";
import { calendarFileResponse, sitDownCalendarFor } from "../sit-downs.server.ts";

/**
 * The booked sit-down as a calendar file (docs/product-rules.md#sit-downs), for the application the
 * signed cookie names; 404 when there is none. The file is the applicant's own: never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config, signingKey } = context.get(requestContext);
  const requestId = await readApplicationCookie(request, signingKey);
  const application = requestId ? await findApplicationStatus(env.DB, requestId) : null;
  const calendar = application ? await sitDownCalendarFor(env.DB, application.requestId, config.SITE_URL) : null;
  return calendarFileResponse(calendar, "ember-and-oak-sit-down.ics", {}, "No sit-down is booked for this application.");
}
