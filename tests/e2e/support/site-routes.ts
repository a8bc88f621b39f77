/** Every public route (docs/product-rules.md#routes), with the heading and title a visitor sees. */
export const publicRoutes: ReadonlyArray<[path: string, heading: string, title: string]> = [
  ["/", "The inner circle keeps its chairs warm.", "Ember & Oak Society"],
  ["/auth", "Member Login", "Member Login"],
  ["/memberships", "Three tiers. One standard of service.", "Memberships"],
  ["/schedule-sit-down", "Forty-five minutes, one good conversation, no obligation.", "Request a Sit-Down"],
  ["/partners", "A chair kept for you, here and elsewhere.", "Partner Locations"],
  ["/manufacturer-partnership", "For the people who grow, blend and roll the leaf.", "Manufacturer Partnership"],
  ["/blog", "Notes from the humidor room", "Insider Info"],
  ["/blog/field-guide-to-wrappers", "A field guide to wrappers: Connecticut shade to maduro", "A field guide to wrappers"],
  ["/lounges", "Kickback Lounge", "Kickback Lounge, Pearl District"],
  ["/lounges/kickback", "Kickback Lounge", "Kickback Lounge, Pearl District"],
  ["/lounges/business", "Business Lounge", "Business Lounge, Downtown Portland"],
  ["/lounges/platinum", "Platinum Lounge", "Platinum Lounge, Northwest 23rd"],
  ["/compliance", "Private does not mean outside the law.", "Regulatory Compliance"],
  ["/public-health", "Enjoyed with open eyes.", "Public Health"],
  ["/contact", "Contact the Concierge", "Contact the Concierge"],
  ["/member-yards", "Fresh air, a fire and a long cigar.", "Member Yards"],
  ["/gameroom", "Downstairs, the games are older than the club.", "Game Room"],
  ["/rules", "The code we keep.", "Club Rules"],
  ["/accessibility", "Every member, every door.", "Accessibility Statement"],
  ["/terms", "The terms of the house.", "Terms of Membership"],
  ["/privacy", "Discretion is the house rule.", "Privacy Policy"],
  ["/bosses-only", "A circle you are asked into, never one you apply for.", "Bosses Only"],
  ["/cigar-academy", "Learn the leaf, from seed to ash.", "Cigar Academy"],
];

/** The members-only routes (docs/product-rules.md#routes), with their headings once the club rules are accepted. */
export const memberRoutes: ReadonlyArray<[path: string, heading: string | RegExp]> = [
  // The sweeps' members are on their first sign-in.
  ["/members", /^Welcome, /],
  ["/rewards", "Loyalty, kept in good leather."],
  ["/media", "The name, worn well."],
  ["/luxury-vendors", "The people we send our members to."],
];
