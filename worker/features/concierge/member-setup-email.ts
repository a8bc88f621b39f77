import { CLUB_TIME_ZONE } from "#app/features/member-area/member-dates.ts";
import { club } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The email the concierge's 'Resend sign-in link' sends (docs/product-rules.md#members): a new
 * single-use link that sets up the member's sign-in. Stored in the outbox with the link sealed
 * (docs/security.md#credentials-at-rest); the subject holds no user text and the name is escaped.
 */
export function memberSetupLinkEmail(message: { name: string; link: SealedSecret; expiresAt: string }) {
  const expires = new Intl.DateTimeFormat("en-US", { timeZone: CLUB_TIME_ZONE, dateStyle: "long", timeStyle: "short" }).format(
    new Date(message.expiresAt),
  );
  // Sealed, not escaped: the sender opens it and escapes the link as it goes in (sealed-secrets.ts).
  const link = message.link;
  return {
    subject: `Your sign-in link for ${club.name}`,
    body: [
      `<h1>Your sign-in link</h1>`,
      `<p>${escapeMarkup(message.name)},</p>`,
      `<p>At your request, the concierge has sent you a new personal link. Open it to set up your sign-in to the members area:</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      `<p>The link works once and until ${escapeMarkup(expires)} (Portland time); any earlier link no longer works. Please do not forward it: whoever opens it first is signed in as you. If you did not expect it, call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
    ].join(""),
  };
}
