import { isMultiLineText } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";
import { formKeyField } from "#app/lib/form-intent.ts";
import { membershipTiers, type MembershipTier } from "#app/features/site/site-config.ts";

/**
 * The console's Members section's query and forms (docs/product-rules.md#members): one schema each,
 * shared by the pages, their actions and the tests. The concierge acting is never named by a form.
 */
const tierSlugs = membershipTiers.map((tier) => tier.slug) as [MembershipTier["slug"], ...MembershipTier["slug"][]];

export const memberStatuses = ["invited", "active", "suspended"] as const;
export const duesStatuses = ["active", "past_due", "lapsed"] as const;
export const staffRoleChoices = ["member", "door", "concierge"] as const;

/** ?q=&tier=&status=&dues=&locker=has|none&page=; anything else is ignored. */
export const memberListQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  tier: z.enum(tierSlugs).optional().catch(undefined),
  status: z.enum(memberStatuses).optional().catch(undefined),
  dues: z.enum(duesStatuses).optional().catch(undefined),
  locker: z.enum(["has", "none"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
});

/** A destructive action's confirmation step, asked for with ?confirm= (works without JavaScript). */
export const confirmableActions = ["suspend", "remove-photo", "role"] as const;
/** What the photo upload (/concierge/members/:id/photo) answers with, in ?photo= of its redirect back. */
export const photoOutcomes = ["added", "missing", "too-large", "heic", "format", "not-found"] as const;
export type PhotoOutcomeName = (typeof photoOutcomes)[number];
export const memberPageQuery = z.object({
  confirm: z.enum(confirmableActions).optional().catch(undefined),
  role: z.enum(staffRoleChoices).optional().catch(undefined),
  photo: z.enum(photoOutcomes).optional().catch(undefined),
});

const confirmed = z.literal("yes", { error: "Confirm first." });

/** Every action of the member page, told apart by the submit button's `intent`. */
export const memberActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suspend"), confirmed }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("resend-link") }),
  z.object({ intent: z.literal("change-tier"), formKey: formKeyField, tier: z.enum(tierSlugs, { error: "Choose a membership tier." }) }),
  z.object({ intent: z.literal("remove-photo"), confirmed }),
  z.object({ intent: z.literal("role"), role: z.enum(staffRoleChoices, { error: "Choose a role." }), confirmed }),
  z.object({
    intent: z.literal("note"),
    formKey: formKeyField,
    note: z
      .string({ error: "Write the note." })
      .trim()
      .min(1, "Write the note.")
      .max(2000, "Keep the note under 2,000 characters.")
      .refine(isMultiLineText, "Invalid characters in the note."),
  }),
]);

export type MemberAction = z.output<typeof memberActionForm>["intent"];
