/** The pipeline's stages in words (docs/product-rules.md#decisions-capacity-and-waitlist). */
export const stageLabels = {
  new: "New",
  "sit-down": "Sit-down booked",
  approved: "Approved",
  declined: "Declined",
  waitlisted: "Waitlisted",
  offered: "Offered",
  paid: "Paid",
  expired: "Offer expired",
} as const;

/** The pipeline's filter: each stage, and 'decided' for every decided one (zod-free, for the page's script). */
export const pipelineStageFilters = [
  "new",
  "sit-down",
  "decided",
  "offered",
  "waitlisted",
  "paid",
  "expired",
  "declined",
  "approved",
] as const;
