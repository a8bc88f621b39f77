import { redirect } from "react-router";
import type { Route } from "./+types/member-meeting-room-file";
import { requestContext } from "#app/context.ts";
import { memberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { calendarFileResponse, meetingRoomCalendarFile } from "../calendar-files.server.ts";

/**
 * GET /members/meeting-rooms/:reservationId.ics: the calendar file of one of the member's own
 * meeting-room reservations (docs/product-rules.md#calendar-files-and-the-private-feed); a 404
 * for anyone else's.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  // Until the rules are accepted, the meeting-rooms page shows the rules step.
  if (!member) throw redirect("/members/meeting-rooms");
  const { env, config } = context.get(requestContext);
  const file = await meetingRoomCalendarFile(env.DB, {
    reservationId: params.reservationId,
    memberId: member.id,
    siteUrl: config.SITE_URL,
  });
  return calendarFileResponse(file, "ember-and-oak-meeting-room.ics");
}
