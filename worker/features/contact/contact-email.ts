import { club, healthWarning } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/**
 * The acknowledgement of a message to the concierge (docs/product-rules.md#contact). It holds
 * nothing the sender typed, not even their name: the form sends it to an address nobody has
 * proved, so it must not carry chosen words to a stranger (docs/security.md#contact-form).
 */
export function contactAcknowledgementEmail() {
  const subject = `Your message to ${club.name} has arrived`;
  const body = [
    "<h1>Your message has arrived</h1>",
    `<p>Thank you for writing to ${escapeMarkup(club.name)}. The concierge reads every message personally and will reply to this address.</p>`,
    `<p>Anything urgent? Call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
    "<p>If you did not write to us, you can ignore this email: nothing more will be sent.</p>",
    `<p><small>${escapeMarkup(healthWarning)}</small></p>`,
  ].join("");
  return { subject, body };
}
