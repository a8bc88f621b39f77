import type { InvitationRequest } from "#app/features/executive-invitation/invitation-request.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";

/** The concierge's copy of an executive invitation request, as stored in the outbox. */
export function invitationEmail(request: InvitationRequest & { id: string; recaptchaScore: number }) {
  // Single-line fields cannot hold CR or LF (the schema refuses them), so the subject is one line.
  const subject = `Executive invitation request: ${request.name}, ${request.company}`;
  const rows: Array<[string, string]> = [
    ["Identity", request.name],
    ["Encrypted Channel", request.email],
    ["Affiliation", request.company],
    ["Your Connection", request.invitedBy],
    ["reCAPTCHA score", request.recaptchaScore.toFixed(2)],
    ["Request id", request.id],
  ];
  const html = `<h1>Executive invitation request</h1><table>${rows
    .map(([label, value]) => `<tr><th align="left">${escapeMarkup(label)}</th><td>${escapeMarkup(value)}</td></tr>`)
    .join("")}</table><h2>Encrypted Message</h2><p>${escapeMarkup(request.message).replaceAll("\n", "<br>")}</p>`;
  return { subject, body: html };
}
