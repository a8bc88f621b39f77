import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  currentLockerQuarter,
  memberEmail,
  memberName,
  memberPassword,
  memberRole,
  membershipTier,
  OperatorError,
} from "./member-fields.mjs";
import { hashPassword } from "./password-hash.mjs";

/**
 * Members written straight into a LOCAL D1 (the SQLite file wrangler keeps under
 * `<persist-dir>/v3/d1/miniflare-D1DatabaseObject/`), for the local seed and the end-to-end suite.
 *
 * Why node:sqlite and not `wrangler d1 execute`: the two end up in the same place (wrangler's
 * --local opens the same file from a second process) but this takes milliseconds instead of
 * seconds, and is as safe while `wrangler dev` runs on the directory: the database is in WAL
 * mode, SQLite's own file locks order the writers (busy_timeout waits out a lock the Worker
 * holds), and the Worker reads what was written here on its next query. This was tried against
 * a running workerd writing the same file at the same time. Never for a remote database: there is
 * no file to open, which is what keeps this module local-only.
 *
 * @typedef {{
 *   email: string; name: string; tier: string; password: string; role?: string;
 *   points?: number; lockerNumber?: string | null; lockerQuarter?: string | null;
 * }} LocalMemberFields
 */

/**
 * The D1 database file in a persist directory (the one with the members table).
 * @param {string} persistDir
 */
export function localD1File(persistDir) {
  const directory = join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  let names;
  try {
    names = readdirSync(directory);
  } catch {
    throw new OperatorError(
      `no local D1 in ${persistDir}: apply the migrations first (wrangler d1 migrations apply DB --local --persist-to ${persistDir})`,
    );
  }
  const candidates = names
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => join(directory, name))
    .filter((file) => hasMembersTable(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (candidates.length === 0) throw new OperatorError(`the local D1 in ${persistDir} has no members table: apply the migrations first`);
  return /** @type {string} */ (candidates[0]);
}

/** @param {string} file */
function hasMembersTable(file) {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'members'").get() !== undefined;
  } finally {
    database.close();
  }
}

/**
 * @template T
 * @param {string} persistDir
 * @param {(database: DatabaseSync) => T} work
 * @returns {T}
 */
function withLocalD1(persistDir, work) {
  const database = new DatabaseSync(localD1File(persistDir));
  try {
    database.exec("PRAGMA busy_timeout = 10000");
    return work(database);
  } finally {
    database.close();
  }
}

/** @param {LocalMemberFields} fields */
function checkedMember(fields) {
  const points = fields.points ?? 0;
  if (!Number.isSafeInteger(points) || points < 0) throw new OperatorError("points must be a whole number, 0 or more");
  return {
    email: memberEmail(fields.email),
    name: memberName(fields.name),
    tier: membershipTier(fields.tier),
    role: memberRole(fields.role),
    passwordHash: hashPassword(memberPassword(fields.password)),
    points,
    lockerNumber: fields.lockerNumber ?? null,
    lockerQuarter: fields.lockerQuarter ?? null,
  };
}

/**
 * Creates a new ACTIVE member with a password in the local D1 of `persistDir` (for example
 * `.wrangler/e2e` while the end-to-end server runs). Throws if the email is taken.
 * @param {string} persistDir
 * @param {LocalMemberFields} fields
 * @returns {{ id: string; email: string; password: string }}
 */
export function createLocalMember(persistDir, fields) {
  const member = checkedMember(fields);
  const id = randomUUID();
  withLocalD1(persistDir, (database) =>
    database
      .prepare(
        `INSERT INTO members (id, email, name, tier, role, status, password_hash, points_balance, locker_number, locker_quarter)
         VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
      )
      .run(
        id,
        member.email,
        member.name,
        member.tier,
        member.role,
        member.passwordHash,
        member.points,
        member.lockerNumber,
        member.lockerQuarter,
      ),
  );
  return { id, email: member.email, password: fields.password };
}

/**
 * Creates or resets an ACTIVE member by email: on a second run the name, tier, role, password and
 * locker are set again (so the printed password always works); the points balance is left as it
 * is, so demo redemptions survive a restart.
 * @param {string} persistDir
 * @param {LocalMemberFields} fields
 */
export function upsertLocalMember(persistDir, fields) {
  const member = checkedMember(fields);
  withLocalD1(persistDir, (database) =>
    database
      .prepare(
        `INSERT INTO members (id, email, name, tier, role, status, password_hash, points_balance, locker_number, locker_quarter)
         VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET
           name = excluded.name, tier = excluded.tier, role = excluded.role, status = 'active',
           password_hash = excluded.password_hash, locker_number = excluded.locker_number, locker_quarter = excluded.locker_quarter`,
      )
      .run(
        randomUUID(),
        member.email,
        member.name,
        member.tier,
        member.role,
        member.passwordHash,
        member.points,
        member.lockerNumber,
        member.lockerQuarter,
      ),
  );
  return { email: member.email, password: fields.password };
}

/** The two local demo accounts (docs/operators.md). Local only: seed-local.mjs refuses anything else. */
export const demoAccounts = {
  member: {
    email: "member@demo.emberandoak.club",
    password: "ember-demo-member",
    name: "Morgan Vale",
    tier: "business",
    role: "member",
    points: 4200,
    lockerNumber: "B-214",
  },
  concierge: {
    email: "concierge@demo.emberandoak.club",
    password: "ember-demo-concierge",
    name: "Elena Marsh",
    tier: "platinum",
    role: "concierge",
  },
};

/**
 * Creates (or resets) both demo accounts in the local D1 of `persistDir`; the member's locker is
 * held for the current quarter.
 * @param {string} persistDir
 * @param {Date} [now]
 */
export function seedLocalDemoMembers(persistDir, now = new Date()) {
  return {
    member: upsertLocalMember(persistDir, { ...demoAccounts.member, lockerQuarter: currentLockerQuarter(now) }),
    concierge: upsertLocalMember(persistDir, demoAccounts.concierge),
  };
}
