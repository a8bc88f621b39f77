/** The four rules of the home page summary (docs/product-rules.md#site), shared with /rules. */
export const clubRulesSummary = [
  {
    title: "Dress",
    summary: "Smart casual at minimum: collared shirts, no athletic wear, no hats indoors after 6 pm.",
  },
  {
    title: "Respect",
    summary: "Members, guests and staff are treated with courtesy. Keep voices low and phones on silent.",
  },
  {
    title: "Cigar etiquette",
    summary: "Cut and light at the stations, never re-light another member's cigar, and let the ash fall on its own.",
  },
  {
    title: "Zero tolerance",
    summary: "Harassment, violence or illegal activity ends a membership immediately, without refund.",
  },
] as const;

/**
 * The version of the full code of conduct on /rules (effective November 24, 2026: the guest and locker clauses now match what the software enforces) that members
 * accept before entering member areas. Change it whenever the rules change: every member
 * then accepts the new version on their next visit.
 */
export const RULES_VERSION = "2026-11-24";
