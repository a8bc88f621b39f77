import { club } from "#app/features/site/site-config.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { SealedSecret } from "#worker/shared/sealed-secrets.ts";

/**
 * The email that carries a sign-in code (docs/product-rules.md#sign-in). The code is sealed in the
 * stored body (docs/security.md#credentials-at-rest) and never in the subject, which the outbox
 * keeps in the clear.
 */
export function signInCodeEmail(code: SealedSecret) {
  const subject = `Your sign-in code for ${club.name}`;
  const body = [
    `<h1>Your sign-in code</h1>`,
    // Sealed, not escaped: the sender opens it and escapes the code as it goes in (sealed-secrets.ts).
    `<p>Enter this code on the Member Login page to sign in:</p>`,
    `<p style="font-size:1.5em;letter-spacing:0.2em"><strong>${code}</strong></p>`,
    `<p>The code works once, for 10 minutes. If you did not ask for it, you can ignore this email: nobody can sign in without the code.</p>`,
    `<p>Questions? Call the office at ${escapeMarkup(club.officePhone.display)}.</p>`,
  ].join("");
  return { subject, body };
}
