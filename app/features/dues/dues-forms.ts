import { formKeyField } from "#app/lib/form-intent.ts";
import { isSingleLineText } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";
import { membershipTiers, type MembershipTier } from "#app/features/site/site-config.ts";

/**
 * The dues pages' forms (docs/product-rules.md#dues): one schema per form, shared by the pages,
 * their actions and the tests. Neither form names who acts: the actions take the member or the
 * concierge from `memberContext`. Amounts come from the concierge's own entry only on the lounge
 * form, where the server checks them against the amount due.
 */
const tierSlugs = membershipTiers.map((tier) => tier.slug) as [MembershipTier["slug"], ...MembershipTier["slug"][]];

/** "$897", "897.00", "1,797.50": dollars and cents to integer cents. */
const dollars = z
  .string()
  .trim()
  .regex(/^\$?(\d{1,3}(,\d{3})*|\d+)(\.\d{2})?$/, "Enter the amount in dollars and cents, like 897.00.")
  .transform((value) => {
    const [whole, cents = "00"] = value.replace(/[$,]/g, "").split(".");
    return Number(whole) * 100 + Number(cents);
  })
  .refine((cents) => cents > 0 && cents <= 10_000_000, "Enter an amount between $0.01 and $100,000.");

/** /concierge/payments: record dues taken in person for a member or an offered applicant. */
export const recordPaymentForm = z.object({
  formKey: formKeyField,
  payer: z
    .string()
    .regex(/^(member|applicant):[A-Za-z0-9-]{1,100}$/, "Choose who paid.")
    .transform((value) => {
      const [kind, id] = value.split(":") as ["member" | "applicant", string];
      return { kind, id };
    }),
  amount: dollars,
  method: z.enum(["card_terminal", "check", "cash"], { error: "Choose how they paid." }),
  reference: z
    .string()
    .trim()
    .max(100, "Keep the reference under 100 characters.")
    .refine(isSingleLineText, "Invalid characters in reference")
    .optional()
    .transform((value) => value || null),
});

/** The payments page's search: ?q=… (a name or email, at least two characters). */
export const payerQuery = z.object({
  q: z.string().trim().min(2).max(100).optional().catch(undefined),
});

/** /members/billing: the Billing Portal, or a change of tier. */
export const billingForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("manage") }),
  z.object({
    intent: z.literal("change-tier"),
    formKey: formKeyField,
    tier: z.enum(tierSlugs, { error: "Choose a membership tier." }),
  }),
  z.object({ intent: z.literal("keep-tier") }),
]);
