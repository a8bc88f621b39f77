import { randomUUID } from "node:crypto";
import { mkdirSync, openSync, closeSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../../../scripts/lib/local-members.mjs";
import { currentLockerQuarter } from "../../../scripts/lib/member-fields.mjs";
import { hashPassword } from "../../../scripts/lib/password-hash.mjs";

/**
 * The end-to-end suite's members, written into the local D1 BEFORE `wrangler dev` starts
 * (`npm run serve:e2e`). Writing into the SQLite file while workerd has it open made workerd's own
 * queries fail now and then with SQLITE_BUSY, so nothing writes to it from outside once the
 * server runs. Each test claims a member of the profile it needs (a tier, a balance, a locker);
 * a claim is an exclusively created file, so parallel Playwright workers never share a member.
 *
 * @typedef {{ tier?: "kickback" | "business" | "platinum"; role?: "member" | "concierge"; points?: number; lockerNumber?: string | null }} MemberProfile
 */
export const E2E_PERSIST_DIR = ".wrangler/e2e";
export const POOL_PASSWORD = "e2e-pool-member-password";
const CLAIMS_DIR = join(E2E_PERSIST_DIR, "member-claims");

/** Profiles the e2e tests ask for, with enough members for every test and one retry each. */
const profiles = /** @type {(MemberProfile & { count: number })[]} */ ([
  { count: 30 },
  { points: 5000, count: 6 },
  { points: 2000, lockerNumber: "B-12", count: 3 },
  { points: 1500, count: 3 },
  { points: 1200, count: 3 },
  { points: 1000, count: 3 },
  { tier: "platinum", lockerNumber: "P-7", count: 3 },
  { tier: "kickback", count: 6 },
]);

/** @param {MemberProfile} profile */
function profileKey({ tier = "business", role = "member", points = 0, lockerNumber = null }) {
  return `${role}-${tier}-${points}-${lockerNumber ?? "no-locker"}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
}

/** @param {string} key @param {number} index */
function poolEmail(key, index) {
  return `e2e-${key}-${index}@members.example`;
}

/** Creates every pool member. Run once, on a fresh local D1, before the server starts. */
export function seedMemberPool(persistDir = E2E_PERSIST_DIR) {
  const passwordHash = hashPassword(POOL_PASSWORD);
  const database = new DatabaseSync(localD1File(persistDir));
  try {
    const insert = database.prepare(
      `INSERT OR IGNORE INTO members (id, email, name, tier, role, status, password_hash, points_balance, locker_number, locker_quarter)
       VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
    );
    let created = 0;
    profiles.forEach((profile, profileIndex) => {
      const key = profileKey(profile);
      for (let index = 1; index <= profile.count; index++) {
        const name = `Avery Quill ${profileIndex + 1}-${index}`;
        insert.run(
          randomUUID(),
          poolEmail(key, index),
          name,
          profile.tier ?? "business",
          profile.role ?? "member",
          passwordHash,
          profile.points ?? 0,
          profile.lockerNumber ?? null,
          profile.lockerNumber ? currentLockerQuarter() : null,
        );
        created += 1;
      }
    });
    return created;
  } finally {
    database.close();
  }
}

/**
 * A pool member of this profile that no other test has claimed.
 * @param {MemberProfile} profile
 * @returns {{ email: string; name: string; password: string }}
 */
export function claimPoolMember(profile = {}) {
  const key = profileKey(profile);
  const profileIndex = profiles.findIndex((candidate) => profileKey(candidate) === key);
  if (profileIndex === -1) throw new Error(`no e2e pool members with the profile ${key}: add it to tests/e2e/member-pool.mjs`);
  mkdirSync(CLAIMS_DIR, { recursive: true });
  for (let index = 1; index <= profiles[profileIndex].count; index++) {
    const email = poolEmail(key, index);
    try {
      closeSync(openSync(join(CLAIMS_DIR, email), "wx"));
    } catch {
      continue;
    }
    return { email, name: `Avery Quill ${profileIndex + 1}-${index}`, password: POOL_PASSWORD };
  }
  throw new Error(`every e2e pool member with the profile ${key} is taken: raise its count in tests/e2e/member-pool.mjs`);
}
