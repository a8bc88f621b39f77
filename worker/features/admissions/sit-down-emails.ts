import { club, healthWarning, loungeAddress, type Lounge } from "#app/features/site/site-config.ts";
import { formatPortlandDateTime } from "#app/features/member-area/member-dates.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The sit-down emails (docs/product-rules.md#sit-downs): the concierge's invitation to choose a time,
 * and the confirmation of a booking with what the calendar file holds. Each is stored in the outbox
 * in the same batch as its step. Subjects hold no user text; every piece of user text in a body is
 * escaped; the status link is sealed (docs/security.md#credentials-at-rest).
 */
function statusLink(link: SealedSecret): string {
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  return `<p><a href="${link}">${link}</a></p>`;
}

function closing(): string[] {
  return [
    `<p>Please keep your link to yourself: whoever opens it sees your request. Questions are welcome at the office, ${escapeMarkup(club.officePhone.display)}.</p>`,
    `<p>With warm regards,<br>The Concierge, ${escapeMarkup(club.name)}</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ];
}

/** The concierge invites the applicant to choose a sit-down time on their status page. */
export function sitDownInvitationEmail(applicant: { name: string; link: SealedSecret }) {
  return {
    subject: `Choose a time for your sit-down at ${club.name}`,
    body: [
      `<h1>Your sit-down with the concierge</h1>`,
      `<p>${escapeMarkup(applicant.name)},</p>`,
      `<p>Thank you for your request. The concierge would like to meet you for a conversation in one of our lounges, with no obligation. Open your private link to choose the lounge and the time that suit you (each time shows how long it lasts):</p>`,
      statusLink(applicant.link),
      `<p>You may change or cancel your choice there until the sit-down begins. Please bring a valid government-issued photo ID: members and their guests must be ${club.minimumAge} or older.</p>`,
      ...closing(),
    ].join(""),
  };
}

/** The booking is confirmed: when, where, how long, and the link to change it or download the calendar file. */
export function sitDownConfirmationEmail(booking: {
  name: string;
  lounge: Lounge["slug"];
  startsAt: string;
  minutes: number;
  link: SealedSecret;
}) {
  return {
    subject: `Your sit-down at ${club.name} is booked`,
    body: [
      `<h1>Your sit-down is booked</h1>`,
      `<p>${escapeMarkup(booking.name)},</p>`,
      `<p>The concierge looks forward to meeting you:</p>`,
      `<ul><li>When: ${escapeMarkup(formatPortlandDateTime(booking.startsAt))} (Portland time), for ${booking.minutes} minutes</li><li>Where: ${escapeMarkup(loungeAddress(booking.lounge))}</li></ul>`,
      `<p>Please bring a valid government-issued photo ID. Your private link lets you add the sit-down to your calendar (Add to Calendar), choose another time or cancel, until it begins:</p>`,
      statusLink(booking.link),
      ...closing(),
    ].join(""),
  };
}
