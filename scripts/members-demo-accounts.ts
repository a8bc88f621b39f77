/**
 * The LOCAL demo accounts (docs/operators.md), seeded by `npm start` and by the end-to-end
 * server (tests/e2e/concierge signs in as the concierge). They have no password: they sign in
 * with an emailed code (README, "Local demo accounts"). Data only, so the e2e specs can read it
 * without loading the Worker's modules.
 */
export const demoAccounts = {
  member: {
    email: "member@demo.emberandoak.club",
    name: "Morgan Vale",
    tier: "business",
    role: "member",
    pointsBalance: 4200,
    /** Private locker P-14 of the Business Lounge (db/schema/lockers.ts). */
    locker: "business-P-14",
  },
  concierge: {
    email: "concierge@demo.emberandoak.club",
    name: "Elena Marsh",
    tier: "platinum",
    role: "concierge",
  },
  /** Door staff (docs/product-rules.md#door): the door page, and nothing of the console. */
  door: {
    email: "door@demo.emberandoak.club",
    name: "Theo Barrett",
    tier: "business",
    role: "door",
  },
} as const;
