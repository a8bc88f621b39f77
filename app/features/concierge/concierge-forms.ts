import { isMultiLineText } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";
import { membershipTiers, type MembershipTier } from "#app/features/site/site-config.ts";
import { pipelineStageFilters } from "#app/features/admissions/pipeline-stages.ts";

/**
 * The concierge console's forms: one schema per form, shared by the pages, their actions
 * and the tests. The concierge is never named by a form: actions take them from `memberContext`.
 */
const tierSlugs = membershipTiers.map((tier) => tier.slug) as [MembershipTier["slug"], ...MembershipTier["slug"][]];

const requestId = z.string().trim().min(1).max(100);
const note = z
  .string()
  .trim()
  .max(1000, "Keep the note under 1,000 characters.")
  .refine(isMultiLineText, "Invalid characters in note")
  .optional()
  .transform((value) => value || null);

/** The concierge's optional word to a declined applicant, sent in the email (unlike `note`). */
const applicantNote = z
  .string()
  .trim()
  .max(1000, "Keep the note to the applicant under 1,000 characters.")
  .refine(isMultiLineText, "Invalid characters in the note to the applicant")
  .optional()
  .transform((value) => value || null);

/**
 * Approve (into a tier: an offer, or the tier's waitlist when it is full) or decline one request,
 * told apart by the submit button's `intent`.
 */
export const invitationDecisionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), requestId, tier: z.enum(tierSlugs, { error: "Choose a membership tier." }), note }),
  z.object({ intent: z.literal("decline"), requestId, note, applicantNote }),
]);

const outboxId = z.coerce.number().int().positive();

/** The outbox page's 'Retry now'. */
export const retryDeliveryForm = z.object({ outboxId });

/** The first screen's 'Retry' or 'Stop trying' for a delivery that needs attention, told apart by `intent`. */
export const deliveryAttentionForm = z.object({ intent: z.enum(["retry", "abandon"]), outboxId });

/**
 * The query of the applications pipeline: ?stage=new|sit-down|decided|offered|waitlisted|paid|expired|declined|approved&q=…
 * (anything else is ignored).
 */
export const invitationRequestQuery = z.object({
  stage: z.enum(pipelineStageFilters).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});

export const outboxQuery = z.object({
  status: z
    .enum(["pending", "sending", "sent", "failed", "needs_attention", "rejected", "expired", "abandoned"])
    .optional()
    .catch(undefined),
});

export const securityEventQuery = z.object({
  severity: z.enum(["low", "medium", "high"]).optional().catch(undefined),
  type: z.string().trim().max(64).optional().catch(undefined),
});

/** A URL's query as a plain object (the first value of each name). */
export function queryFields(url: URL): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value !== "") fields[name] ??= value;
  return fields;
}
