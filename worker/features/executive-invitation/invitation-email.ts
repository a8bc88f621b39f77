import type { InvitationRequest } from "#app/features/executive-invitation/invitation-request.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { formatPhoneInput } from "#app/features/sms-invitation/phone-input.ts";
import type { RequestProof } from "./invitation-requests.ts";

/**
 * The concierge's copy of an executive invitation request, as stored in the outbox. A visitor with
 * a verified mobile sends the shorter request (no company, no connection): those rows are left
 * out, and the proof line names the number instead of a score.
 */
export function invitationEmail(request: InvitationRequest & { id: string; proof: RequestProof }) {
  // Single-line fields cannot hold CR or LF (the schema refuses them), so the subject is one line.
  const subject = `Executive invitation request: ${[request.name, request.company].filter(Boolean).join(", ")}`;
  const rows: Array<[string, string]> = [
    ["Identity", request.name],
    ["Encrypted Channel", request.email],
    ...(request.company ? [["Affiliation", request.company] as [string, string]] : []),
    ...(request.invitedBy ? [["Your Connection", request.invitedBy] as [string, string]] : []),
    proofRow(request.proof),
    ["Request id", request.id],
  ];
  const html = `<h1>Executive invitation request</h1><table>${rows
    .map(([label, value]) => `<tr><th align="left">${escapeMarkup(label)}</th><td>${escapeMarkup(value)}</td></tr>`)
    .join("")}</table><h2>Encrypted Message</h2><p>${escapeMarkup(request.message).replaceAll("\n", "<br>")}</p>`;
  return { subject, body: html };
}

/** The same words as the console's card (app/features/admissions/pipeline-view.server.ts). */
function proofRow(proof: RequestProof): [string, string] {
  if (proof.checkedBy === "captcha") return ["reCAPTCHA score", proof.recaptchaScore.toFixed(2)];
  if (proof.checkedBy === "sms") return ["Verified mobile", formatPhoneInput(proof.phoneNumber)];
  return ["Checked by", "Sent without the captcha check (no JavaScript)"];
}
