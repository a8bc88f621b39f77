import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club, healthWarning, quarterlyDuesCents, tierBySlug } from "#app/features/site/site-config.ts";
import { formatCents } from "#app/lib/money.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MemberRow } from "#worker/features/members/members.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The emails of the concierge's decisions and of the tiers' waitlists
 * (docs/product-rules.md#decisions-capacity-and-waitlist). Each is stored in the outbox in the same
 * batch as the step it announces. Subjects hold no user text; every piece of user text in a body is
 * escaped; the applicant's status link is sealed (docs/security.md#credentials-at-rest), and the
 * sender opens it as the message leaves.
 */
export interface ApplicantMessage {
  subject: string;
  body: string;
}

const longDate = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long", timeStyle: "short" });

function closing(): string[] {
  return [`<p>With warm regards,<br>The Concierge, ${escapeMarkup(club.name)}</p>`, `<p><small>${escapeMarkup(healthWarning)}</small></p>`];
}

function statusLinkParagraphs(link: SealedSecret): string[] {
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  return [
    `<p><a href="${link}">${link}</a></p>`,
    `<p>The link is yours alone: it opens your application without a password, so please do not forward it.</p>`,
  ];
}

/** An offer of a place in `tier`: the fees, the offer's end and the link to pay. */
export function offerEmail(offer: {
  name: string;
  tier: MemberRow["tier"];
  /** The initiation fee due (initiation-fee.ts); 0 when waived. */
  initiationFeeCents: number;
  expiresAt: string;
  link: SealedSecret;
  fromWaitlist: boolean;
}) {
  const tier = tierBySlug(offer.tier);
  const opening = offer.fromWaitlist
    ? `A place has opened in the ${escapeMarkup(tier.name)} tier, and it is yours: the concierge is delighted to offer you a ${escapeMarkup(tier.name)} membership.`
    : `The concierge is delighted to offer you a ${escapeMarkup(tier.name)} membership.`;
  return {
    subject: `Your membership offer from ${club.name}`,
    body: [
      `<h1>A place for you at ${escapeMarkup(club.name)}</h1>`,
      `<p>${escapeMarkup(offer.name)},</p>`,
      `<p>${opening}</p>`,
      offer.initiationFeeCents > 0
        ? `<p>Membership begins with the initiation fee of ${formatCents(offer.initiationFeeCents)} and the first quarter's dues of ${formatCents(quarterlyDuesCents(tier))} (${formatCents(tier.monthlyPrice * 100)} a month, billed quarterly).</p>`
        : `<p>As you were introduced by a member in good standing, your initiation fee is waived: membership begins with the first quarter's dues of ${formatCents(quarterlyDuesCents(tier))} (${formatCents(tier.monthlyPrice * 100)} a month, billed quarterly).</p>`,
      `<p>The offer holds until ${escapeMarkup(longDate.format(new Date(offer.expiresAt)))} (Portland time). To accept it, open your application page and choose Pay Initiation &amp; Dues:</p>`,
      ...statusLinkParagraphs(offer.link),
      `<p>Members and their guests must be ${club.minimumAge} or older.</p>`,
      ...closing(),
    ].join(""),
  } satisfies ApplicantMessage;
}

/** Approved into a tier that is full: the applicant waits on its waitlist. */
export function waitlistEmail(waiting: { name: string; tier: MemberRow["tier"]; link: SealedSecret }) {
  const tier = tierBySlug(waiting.tier);
  return {
    subject: `Your place on the ${club.name} waitlist`,
    body: [
      `<h1>You are on our waitlist</h1>`,
      `<p>${escapeMarkup(waiting.name)},</p>`,
      `<p>The concierge would be glad to welcome you as a ${escapeMarkup(tier.name)} member. That tier has no place free for you at present (its places are taken, or others were waiting for one before you), so you are on its waitlist, and your application page shows your place in line:</p>`,
      ...statusLinkParagraphs(waiting.link),
      `<p>When a place frees, we will email you an offer, which holds for 7 days. There is nothing you need to do until then.</p>`,
      ...closing(),
    ].join(""),
  } satisfies ApplicantMessage;
}

/** The concierge declined the request; `note` is the concierge's optional word to the applicant. */
export function declineEmail(declined: { name: string; note: string | null }) {
  return {
    subject: `Your request to ${club.name}`,
    body: [
      `<h1>Thank you for your interest</h1>`,
      `<p>${escapeMarkup(declined.name)},</p>`,
      `<p>Thank you for asking to join ${escapeMarkup(club.name)}, and for the time you took to tell us about yourself. After careful consideration, the concierge is unable to offer you a membership at this time.</p>`,
      ...(declined.note ? [`<p>A note from the concierge:</p>`, `<blockquote>${escapeMarkup(declined.note)}</blockquote>`] : []),
      `<p>We are grateful for your interest and wish you many fine evenings.</p>`,
      ...closing(),
    ].join(""),
  } satisfies ApplicantMessage;
}

/** The offer's 7 days passed without payment: the place goes to the next in line. */
export function offerExpiredEmail(expired: { name: string; tier: MemberRow["tier"] }) {
  const tier = tierBySlug(expired.tier);
  return {
    subject: `Your membership offer from ${club.name} has ended`,
    body: [
      `<h1>Your offer has ended</h1>`,
      `<p>${escapeMarkup(expired.name)},</p>`,
      `<p>The ${escapeMarkup(tier.name)} membership we offered you was not taken up within its 7 days, so the place has passed to the next person waiting.</p>`,
      `<p>If you would still like to join, please call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
      ...closing(),
    ].join(""),
  } satisfies ApplicantMessage;
}
