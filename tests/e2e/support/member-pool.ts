import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";

/**
 * The end-to-end suite's members, written into the local D1 BEFORE `wrangler dev` starts
 * (`npm run serve:e2e` runs seed-member-pool.ts). Writing into the database while workerd has it
 * open made workerd's own queries fail now and then with SQLITE_BUSY, so nothing writes to it from
 * outside once the server runs. Each test claims a member of the profile it needs (a tier, a
 * balance, a locker); a claim is an exclusively created file, so parallel Playwright workers never
 * share a member.
 */
export interface MemberProfile {
  tier?: "kickback" | "business" | "platinum";
  role?: "member" | "concierge";
  points?: number;
  /** The member holds a locker of their tier's class (a real assignment of the inventory). */
  locker?: boolean;
  /** A suspended member (seeded active, then suspended): for the paused-membership answer. */
  suspended?: boolean;
}

export interface PoolMember {
  email: string;
  name: string;
  tier: "kickback" | "business" | "platinum";
  role: "member" | "concierge";
  points: number;
  /** The inventory locker they hold (db/schema/lockers.ts), or null. */
  locker: string | null;
  /**
   * A member without a locker declined one of their class: otherwise the cron, which other tests
   * fire, offers every such member a locker and the pool's lockers run out under the tests that
   * need a free one (docs/product-rules.md#lockers).
   */
  declinedLocker: string | null;
  suspended: boolean;
}

export const E2E_PERSIST_DIR = ".wrangler/e2e";
const CLAIMS_DIR = join(E2E_PERSIST_DIR, "member-claims");

/** Profiles the e2e tests ask for, with enough members for every test and one retry each. */
const profiles: (MemberProfile & { count: number })[] = [
  { count: 80 },
  { points: 5000, count: 6 },
  { points: 2000, locker: true, count: 3 },
  { points: 1500, count: 3 },
  { points: 1200, count: 3 },
  { points: 1000, count: 3 },
  { tier: "platinum", locker: true, count: 6 },
  { tier: "kickback", count: 10 },
  { tier: "platinum", count: 6 },
  { suspended: true, count: 3 },
];

function profileKey({ tier = "business", role = "member", points = 0, locker = false, suspended = false }: MemberProfile): string {
  return `${suspended ? "suspended-" : ""}${role}-${tier}-${points}-${locker ? "locker" : "no-locker"}`
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-");
}

function poolEmail(key: string, index: number): string {
  return `e2e-${key}-${index}@members.example`;
}

function poolName(profileIndex: number, index: number): string {
  return `Avery Quill ${profileIndex + 1}-${index}`;
}

/**
 * The pool's lockers, each tier's from its first locker on (the demo member holds business-P-14):
 * "kickback-S-001", "business-P-01", "platinum-C-01"… (migrations/0009's inventory).
 */
const lockerIds = {
  kickback: (index: number) => `kickback-S-${String(index).padStart(3, "0")}`,
  business: (index: number) => `business-P-${String(index).padStart(2, "0")}`,
  platinum: (index: number) => `platinum-C-${String(index).padStart(2, "0")}`,
};

/** Every member of the pool (all active, none with a password: they sign in with emailed codes), for the seed. */
export function poolMembers(): PoolMember[] {
  const lockersGiven = { kickback: 0, business: 0, platinum: 0 };
  return profiles.flatMap((profile, profileIndex) =>
    Array.from({ length: profile.count }, (_, offset) => {
      const tier = profile.tier ?? "business";
      return {
        email: poolEmail(profileKey(profile), offset + 1),
        name: poolName(profileIndex, offset + 1),
        tier,
        role: profile.role ?? "member",
        points: profile.points ?? 0,
        locker: profile.locker ? lockerIds[tier](++lockersGiven[tier]) : null,
        declinedLocker: profile.locker ? null : lockerIds[tier](1),
        suspended: profile.suspended ?? false,
      };
    }),
  );
}

/** A pool member of this profile that no other test has claimed. */
export function claimPoolMember(profile: MemberProfile = {}): { email: string; name: string } {
  const key = profileKey(profile);
  const profileIndex = profiles.findIndex((candidate) => profileKey(candidate) === key);
  const count = profiles[profileIndex]?.count;
  if (count === undefined) throw new Error(`no e2e pool members with the profile ${key}: add it to tests/e2e/support/member-pool.ts`);
  mkdirSync(CLAIMS_DIR, { recursive: true });
  for (let index = 1; index <= count; index++) {
    const email = poolEmail(key, index);
    try {
      closeSync(openSync(join(CLAIMS_DIR, email), "wx"));
    } catch {
      continue;
    }
    return { email, name: poolName(profileIndex, index) };
  }
  throw new Error(`every e2e pool member with the profile ${key} is taken: raise its count in tests/e2e/support/member-pool.ts`);
}
