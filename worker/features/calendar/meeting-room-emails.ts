import { formatPortlandDay } from "#app/features/member-area/member-dates.ts";
import { formatSitDownTime } from "#app/features/admissions/sit-down-times.ts";
import { club, healthWarning, loungeBySlug } from "#app/features/site/site-config.ts";
import { meetingRooms, type MeetingRoomSlug } from "#app/features/calendar/meeting-room-facts.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The email to a member whose meeting-room reservation the concierge cancelled
 * (docs/product-rules.md#meeting-rooms), stored in the outbox in the same batch as the
 * cancellation. The subject holds no user text; the member's name is escaped.
 */
export function meetingRoomCancelledEmail(cancelled: {
  memberName: string;
  room: MeetingRoomSlug;
  day: string;
  startsAt: string;
  endsAt: string;
  siteUrl: string;
}) {
  const page = new URL("/members/meeting-rooms", cancelled.siteUrl).href;
  const body = [
    "<h1>Your meeting room reservation was cancelled</h1>",
    `<p>${escapeMarkup(cancelled.memberName)},</p>`,
    `<p>The concierge has cancelled your reservation of the ${escapeMarkup(meetingRooms[cancelled.room].name)} at the ${escapeMarkup(loungeBySlug("business").name)} on ${escapeMarkup(formatPortlandDay(cancelled.day))}, ${escapeMarkup(formatSitDownTime(cancelled.startsAt))} to ${escapeMarkup(formatSitDownTime(cancelled.endsAt))}. Its hours no longer count against your week.</p>`,
    `<p>To book another time, visit <a href="${escapeMarkup(page)}">${escapeMarkup(page)}</a> (sign in first), or call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
    `<p>With warm regards,<br>The Concierge, ${escapeMarkup(club.name)}</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject: `Your meeting room reservation at ${club.name} was cancelled`, body };
}
