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
