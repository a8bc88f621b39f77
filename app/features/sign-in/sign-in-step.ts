/**
 * What the /auth page and its action share besides the forms' schemas (docs/product-rules.md#sign-in).
 * Kept apart from sign-in-schema.ts, which is zod: the page's own code imports this module only,
 * so zod stays out of the first load of /auth (docs/performance-notes.md).
 */

/** The reCAPTCHA action of the captcha asked for above an email's ceiling (CAPTCHA_NEEDED). */
export const SIGN_IN_CODE_CAPTCHA_ACTION = "sign_in_code";

/**
 * What the /auth action answers, which is the step the page shows: the email form (with an error,
 * or asking for a captcha), the code form for an email, or the paused membership.
 */
export type SignInStep =
  | { step: "email"; email?: string; error?: string; captcha?: boolean }
  | { step: "code"; email: string; notice?: string; error?: string }
  | { step: "paused" };
