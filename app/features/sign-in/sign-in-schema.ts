import { z } from "#app/lib/zod.ts";

/**
 * The /auth forms (docs/product-rules.md#sign-in), shared by the page and its action: one asks
 * for a code for an email ("request-code"), the other signs in with that code ("check-code").
 * Plain POST forms, so the page works without its script.
 */
const email = z.string().trim().min(1, "Enter your email address").max(254, "Enter your email address");
const redirectTo = z.string().max(2048).optional();

export const requestCodeSchema = z.object({
  intent: z.literal("request-code"),
  email,
  redirectTo,
  /** Only asked for above the email's ceiling (CAPTCHA_NEEDED): the page adds it with the site's captcha. */
  captchaToken: z.string().max(4096).optional(),
});

export const checkCodeSchema = z.object({
  intent: z.literal("check-code"),
  email,
  code: z.string().trim().min(1, "Enter the code from your email").max(32, "Enter the code from your email"),
  redirectTo,
});

export const signInFormSchema = z.discriminatedUnion("intent", [requestCodeSchema, checkCodeSchema]);
