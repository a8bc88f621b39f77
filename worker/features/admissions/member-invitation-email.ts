import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, membershipTiers } from "#app/features/site/site-config.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The email that admits a new member (docs/product-rules.md#admissions): their single-use invitation link, stored in the
 * outbox in the same batch as the member, sealed (docs/security.md#credentials-at-rest). The
 * subject holds no user text; every piece of user text in the body is escaped.
 */
export function memberInvitationEmail(invitation: { name: string; tier: MemberRow["tier"]; link: SealedSecret; expiresAt: string }) {
  const tierName = membershipTiers.find((tier) => tier.slug === invitation.tier)?.name ?? invitation.tier;
  const expires = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long", timeStyle: "short" }).format(
    new Date(invitation.expiresAt),
  );
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  const link = invitation.link;
  const subject = `Your invitation to ${club.name}`;
  const body = [
    `<h1>Welcome to ${escapeMarkup(club.name)}</h1>`,
    `<p>${escapeMarkup(invitation.name)},</p>`,
    `<p>The concierge has admitted you as a ${escapeMarkup(tierName)} member. To enter the members area, open your personal invitation link and confirm your email:</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>The link works once and until ${escapeMarkup(expires)} (Portland time). Please do not forward it: whoever opens it first is signed in as you. If it has expired, call the office at ${escapeMarkup(club.officePhone.display)} for a new one.</p>`,
    `<p>Members and their guests must be ${club.minimumAge} or older.</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject, body };
}
