import { club, healthWarning } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The acknowledgement every applicant receives as soon as their request is stored
 * (docs/product-rules.md#the-applicants-journey), with their private status link, sealed like an
 * invitation link (docs/security.md#application-links). A repeat submission within 30 days is
 * told that it joined the request the club already has. The subject holds no user text; every
 * piece of user text in the body is escaped.
 */
export function acknowledgementEmail(applicant: { name: string; statusLink: SealedSecret; joined: boolean }) {
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  const link = applicant.statusLink;
  const subject = applicant.joined ? `Your request to ${club.name} is already with us` : `Your request to ${club.name} has arrived`;
  const opening = applicant.joined
    ? "Thank you for writing again. We already have the request you sent us recently, so this message has been added to it: there is nothing more to do, and the concierge will consider both together."
    : `Thank you for your interest in ${escapeMarkup(club.name)}. Your request has reached the concierge, who reads each one personally and will be in touch.`;
  const body = [
    `<h1>${applicant.joined ? "Your request is already with us" : "Your request has arrived"}</h1>`,
    `<p>${escapeMarkup(applicant.name)},</p>`,
    `<p>${opening}</p>`,
    `<p>Your private link shows where your request stands at every step:</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>Please keep it to yourself: whoever opens it sees your request. Questions are welcome at the office, ${escapeMarkup(club.officePhone.display)}.</p>`,
    `<p>Members and their guests must be ${club.minimumAge} or older.</p>`,
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject, body };
}
