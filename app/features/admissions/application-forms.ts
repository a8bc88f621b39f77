import { z } from "#app/lib/zod.ts";

/**
 * The status page's forms (docs/product-rules.md#the-applicants-journey,
 * docs/security.md#application-links): `open` posts the emailed link (the page's script takes it
 * from after the `#`, or the applicant pastes it), which then lives in a signed HttpOnly cookie;
 * `pay` sends an applicant holding an offer to the payment provider's checkout. Only the page's
 * action imports this module, so zod stays out of the page's first load.
 */
export const applicationForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), link: z.string().max(2048, "Paste the link from your email.") }),
  z.object({ intent: z.literal("pay") }),
]);
