import { z } from "zod";
import { sanitizeValue } from "./input-checks";

/**
 * The executive invitation form (spec §5): one schema for the dialog, the API and the tests,
 * with the spec's messages verbatim. "No special characters" means none of < > " ' &; the
 * single-line fields also refuse CR and LF (header injection).
 */
const noSpecialCharacters = /^[^<>"'&]*$/;
/** Single-line fields also refuse line breaks, which could inject email headers. */
const singleLine = /^[^<>"'&\r\n]*$/;

const invitationFieldLimits = { name: 100, email: 254, company: 200, invitedBy: 100, message: 2000 } as const;

export const invitationRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(invitationFieldLimits.name, "Name too long")
    .regex(singleLine, "Invalid characters in name"),
  email: z
    .string()
    .trim()
    .max(invitationFieldLimits.email, "Email too long")
    .pipe(z.email("Please enter a valid email address")),
  company: z
    .string()
    .trim()
    .min(2, "Company name is required")
    .max(invitationFieldLimits.company, "Company name too long")
    .regex(singleLine, "Invalid characters in company name"),
  invitedBy: z
    .string()
    .trim()
    .min(2, "Please tell us who invited you")
    .max(invitationFieldLimits.invitedBy, "Name too long")
    .regex(singleLine, "Invalid characters in inviter name"),
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(invitationFieldLimits.message, "Message too long")
    .regex(noSpecialCharacters, "Invalid characters in message"),
});

export type InvitationRequest = z.infer<typeof invitationRequestSchema>;
export type InvitationField = keyof InvitationRequest;

/**
 * What is sent (spec §5): every value trimmed and stripped of < > " '. The spec cuts each value
 * to 1000 characters, which would silently drop the end of a valid 2000-character message, so
 * each field is cut at its own maximum instead (README, "Executive invitations").
 */
export function sanitizeInvitationRequest(request: InvitationRequest): InvitationRequest {
  return {
    name: sanitizeValue(request.name, invitationFieldLimits.name),
    email: sanitizeValue(request.email, invitationFieldLimits.email),
    company: sanitizeValue(request.company, invitationFieldLimits.company),
    invitedBy: sanitizeValue(request.invitedBy, invitationFieldLimits.invitedBy),
    message: sanitizeValue(request.message, invitationFieldLimits.message),
  };
}

/** Field errors keyed by field, first message each, for inline display and the API's 400. */
export function invitationFieldErrors(error: z.ZodError): Partial<Record<InvitationField, string>> {
  const fieldErrors: Partial<Record<InvitationField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as InvitationField | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}
