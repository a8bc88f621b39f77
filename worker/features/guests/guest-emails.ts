import { formatPortlandDay } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, loungeBySlug } from "#app/features/site/site-config.ts";
import { guestVisitsPerQuarter, type LoungeSlug } from "#app/features/site/tier-entitlements.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The welcome email to a registered guest who gave an email (docs/product-rules.md#guests), stored in
 * the outbox in the same batch as the visit. The subject holds no user text; every name is escaped.
 * It carries no credential: at the guest's last visit of the quarter it invites them to apply, with
 * the signed guest reference (guest-reference.ts), which opens nothing.
 */
export function guestWelcomeEmail(welcome: {
  guestName: string;
  hostName: string;
  day: string;
  lounge: LoungeSlug;
  invitationUrl: string | null;
}) {
  const lounge = loungeBySlug(welcome.lounge);
  const invitation = welcome.invitationUrl
    ? [
        `<p>This is your last visit as a guest this quarter (a guest may visit ${guestVisitsPerQuarter} times a quarter), so the next step is yours: we would be glad to have you as a member. ${escapeMarkup(welcome.hostName)} would be named as your connection, and the concierge will be in touch about a sit-down.</p>`,
        `<p><a href="${escapeMarkup(welcome.invitationUrl)}">Ask for an invitation</a></p>`,
      ]
    : [];
  const body = [
    `<h1>Welcome to ${escapeMarkup(club.name)}</h1>`,
    `<p>${escapeMarkup(welcome.guestName)},</p>`,
    `<p>${escapeMarkup(welcome.hostName)} has invited you as their guest at the ${escapeMarkup(lounge.name)} (${escapeMarkup(lounge.neighbourhood)}) on ${escapeMarkup(formatPortlandDay(welcome.day))}. Hours: ${escapeMarkup(lounge.hours)}.</p>`,
    `<p>Guests must be ${club.minimumAge} or older; please bring photo ID, which the door checks on every visit.</p>`,
    ...invitation,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject: `You are a guest at ${club.name}`, body };
}
