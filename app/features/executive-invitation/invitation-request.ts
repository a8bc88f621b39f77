import { isMultiLineText, isName } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";

/**
 * The executive invitation form (docs/product-rules.md#executive-invitation): one schema for the
 * dialog, the API and the tests, with the product's messages verbatim. The characters a field
 * accepts are app/lib/plain-text.ts's: the names take one line (no CR or LF, so no email header
 * can be injected) and a letter or digit, the message keeps its line breaks. A valid value is
 * stored as typed, trimmed; nothing else rewrites it.
 */

/** The reCAPTCHA v3 action of this form, for the browser's token and the server's check. */
export const EXECUTIVE_INVITATION_ACTION = "executive_invitation";

/** Each field's maximum length in characters (docs/product-rules.md#executive-invitation); longer values are refused. */
const INVITATION_FIELD_LIMITS = { name: 100, email: 254, company: 200, invitedBy: 100, message: 2000 } as const;

export const invitationRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(INVITATION_FIELD_LIMITS.name, "Name too long")
    .refine(isName, "Invalid characters in name"),
  email: z.string().trim().max(INVITATION_FIELD_LIMITS.email, "Email too long").pipe(z.email("Please enter a valid email address")),
  company: z
    .string()
    .trim()
    .min(2, "Company name is required")
    .max(INVITATION_FIELD_LIMITS.company, "Company name too long")
    .refine(isName, "Invalid characters in company name"),
  invitedBy: z
    .string()
    .trim()
    .min(2, "Please tell us who invited you")
    .max(INVITATION_FIELD_LIMITS.invitedBy, "Name too long")
    .refine(isName, "Invalid characters in inviter name"),
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(INVITATION_FIELD_LIMITS.message, "Message too long")
    .refine(isMultiLineText, "Invalid characters in message"),
});

export type InvitationRequest = z.infer<typeof invitationRequestSchema>;
export type InvitationField = keyof InvitationRequest;

/**
 * The shorter request of a visitor whose mobile number the SMS block verified
 * (docs/product-rules.md#executive-invitation): the number is the proof of a person, so it asks
 * only for a name, an email and, if they like, a message; the same messages and limits.
 */
export const verifiedInvitationRequestSchema = invitationRequestSchema.pick({ name: true, email: true }).extend({
  message: z
    .string()
    .trim()
    .max(INVITATION_FIELD_LIMITS.message, "Message too long")
    .refine((message) => message === "" || isMultiLineText(message), "Invalid characters in message"),
});

export type VerifiedInvitationRequest = z.infer<typeof verifiedInvitationRequestSchema>;

/**
 * What the form posts besides its fields: the honeypot (`website`), the signed guest reference a
 * guest's invitation link carries (`guest`) and, when JavaScript ran, the captcha pass.
 */
export const invitationEnvelopeSchema = z.object({
  captchaPass: z.string().min(1).max(1024).optional(),
  /** Honeypot: a field people never see; bots fill it. */
  website: z.string().max(200).optional(),
  /** The signed guest reference of a guest's invitation to apply (docs/security.md#guest-invitation-links). */
  guestReference: z.string().max(200).optional(),
});

/** A request over the limit (429): the rate limiter's words, with a title of their own. */
/**
 * The answer to a request that was stored, word for word; `quietly` when the address had its day's
 * emails a visitor can cause, so no acknowledgement was queued (docs/security.md#forms-and-email).
 */
export const REQUEST_TRANSMITTED = {
  title: "Message Transmitted",
  description: "Your communication has reached the appropriate channels. Expect contact soon.",
  quietly:
    "Your communication has reached the appropriate channels. We have already emailed this address several times today, so we will not email it again today. Expect contact soon.",
} as const;

export const TOO_MANY_SUBMISSIONS = {
  title: "Too Many Submissions",
  description: "Too many submissions. Please try again later.",
} as const;

/** The plain words under each label ('Identity' alone does not say what to type). */
export const invitationFieldHints: Record<InvitationField, string> = {
  name: "Your full name",
  email: "Your email",
  company: "Your company or firm",
  invitedBy: "The member who introduced you",
  message: "What you would like the concierge to know",
};
