import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, tierBySlug } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The email that welcomes an applicant whose offer is paid (docs/product-rules.md#paying-an-offer):
 * their dues are received and their single-use link sets up sign-in. Stored in the outbox in the
 * same batch as the member, the link sealed (docs/security.md#credentials-at-rest); the subject
 * holds no user text and every piece of user text in the body is escaped.
 */
export function offerPaidWelcomeEmail(welcome: {
  name: string;
  tier: MemberRow["tier"];
  /** The applicant was introduced by a member in good standing (initiation-fee.ts): only dues were paid. */
  feeWaived: boolean;
  link: SealedSecret;
  expiresAt: string;
}) {
  const tierName = tierBySlug(welcome.tier).name;
  const expires = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long", timeStyle: "short" }).format(
    new Date(welcome.expiresAt),
  );
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  const link = welcome.link;
  const subject = `Welcome to ${club.name}`;
  const body = [
    `<h1>Welcome to ${escapeMarkup(club.name)}</h1>`,
    `<p>${escapeMarkup(welcome.name)},</p>`,
    `<p>Your ${welcome.feeWaived ? "first quarter's dues are" : "initiation fee and first quarter's dues are"} received with our thanks: you are now a ${escapeMarkup(tierName)} member. To enter the members area, open your personal link and set up your sign-in:</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>The link works once and until ${escapeMarkup(expires)} (Portland time). Please do not forward it: whoever opens it first is signed in as you. If it has expired, call the office at ${escapeMarkup(club.officePhone.display)} for a new one.</p>`,
    `<p>Members and their guests must be ${club.minimumAge} or older.</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject, body };
}
