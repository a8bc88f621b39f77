/** The four rules of the home page summary (spec §2), shared with /rules. */
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
