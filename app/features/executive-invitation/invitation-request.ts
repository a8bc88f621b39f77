import { z } from "#app/lib/zod.ts";
import { sanitizeValue } from "./input-checks.ts";

/**
 * The executive invitation form (docs/product-rules.md#executive-invitation): one schema for the
 * dialog, the API and the tests, with the product's messages verbatim. "No special characters" means none of < > " ' &; the
 * single-line fields also refuse CR and LF (header injection).
 */
const noSpecialCharacters = /^[^<>"'&]*$/;
/** Single-line fields also refuse line breaks, which could inject email headers. */
const singleLine = /^[^<>"'&\r\n]*$/;

/** The reCAPTCHA v3 action of this form, for the browser's token and the server's check. */
export const EXECUTIVE_INVITATION_ACTION = "executive_invitation";

/** Each field's maximum length (docs/product-rules.md#executive-invitation), also where the sanitiser cuts it. */
export const INVITATION_FIELD_LIMITS = { name: 100, email: 254, company: 200, invitedBy: 100, message: 2000 } as const;

export const invitationRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(INVITATION_FIELD_LIMITS.name, "Name too long")
    .regex(singleLine, "Invalid characters in name"),
  email: z.string().trim().max(INVITATION_FIELD_LIMITS.email, "Email too long").pipe(z.email("Please enter a valid email address")),
  company: z
    .string()
    .trim()
    .min(2, "Company name is required")
    .max(INVITATION_FIELD_LIMITS.company, "Company name too long")
    .regex(singleLine, "Invalid characters in company name"),
  invitedBy: z
    .string()
    .trim()
    .min(2, "Please tell us who invited you")
    .max(INVITATION_FIELD_LIMITS.invitedBy, "Name too long")
    .regex(singleLine, "Invalid characters in inviter name"),
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(INVITATION_FIELD_LIMITS.message, "Message too long")
    .regex(noSpecialCharacters, "Invalid characters in message"),
});

export type InvitationRequest = z.infer<typeof invitationRequestSchema>;
export type InvitationField = keyof InvitationRequest;

/**
 * What is sent: every value trimmed and stripped of < > " '. The original product cut each value
 * to 1000 characters, which would silently drop the end of a valid 2000-character message, so
 * each field is cut at its own maximum instead (docs/product-rules.md#departures-from-the-original-product).
 */
export function sanitizeInvitationRequest(request: InvitationRequest): InvitationRequest {
  return {
    name: sanitizeValue(request.name, INVITATION_FIELD_LIMITS.name),
    email: sanitizeValue(request.email, INVITATION_FIELD_LIMITS.email),
    company: sanitizeValue(request.company, INVITATION_FIELD_LIMITS.company),
    invitedBy: sanitizeValue(request.invitedBy, INVITATION_FIELD_LIMITS.invitedBy),
    message: sanitizeValue(request.message, INVITATION_FIELD_LIMITS.message),
  };
}
