import { z } from "#app/lib/zod.ts";

/** The /auth form (docs/product-rules.md#sign-in), shared by the page and its action. */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address").max(254, "Enter your email address"),
  password: z.string().min(1, "Enter your password").max(1024, "Enter your password"),
  redirectTo: z.string().max(2048).optional(),
});

/** One message for every refusal, so the answer never says whether an email belongs to a member. */
export const SIGN_IN_REFUSED = "The email or password is incorrect.";
export const SIGN_IN_RATE_LIMITED = "Too many sign-in attempts. Please wait 15 minutes and try again.";
