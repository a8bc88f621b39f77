import { isMultiLineText, isName } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";

/**
 * The contact form (docs/product-rules.md#contact): one schema for the page, its action and the
 * tests. The characters a field accepts are app/lib/plain-text.ts's; a valid value is stored as
 * typed, trimmed.
 */

/** The reCAPTCHA v3 action of this form, for the browser's token and the server's check. */
export const CONTACT_ACTION = "contact";

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name too long")
    .refine(isName, "Invalid characters in name"),
  email: z.string().trim().max(254, "Email too long").pipe(z.email("Please enter a valid email address")),
  message: z
    .string()
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(2000, "Message too long")
    .refine(isMultiLineText, "Invalid characters in message"),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** What the page posts besides the message: the captcha token (made as it is sent, with JavaScript) and the honeypot. */
export const contactEnvelope = z.object({
  captchaToken: z.string().max(4096).optional(),
  /** Honeypot: a field people never see; bots fill it. */
  website: z.string().max(200).optional(),
});

/** The console's 'Mark Answered'. */
export const markAnsweredForm = z.object({ messageId: z.string().trim().min(1).max(100) });
