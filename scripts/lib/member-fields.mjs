/**
 * Checks of what an operator types, shared by the member scripts and the local seed. The tiers
 * and roles repeat db/schema.ts (scripts run without TypeScript); tests/unit/operator-scripts.test.ts
 * fails if the two lists drift apart.
 */
export const MEMBERSHIP_TIERS = /** @type {const} */ (["kickback", "business", "platinum"]);
export const MEMBER_ROLES = /** @type {const} */ (["member", "concierge"]);
export const MEMBER_STATUSES = /** @type {const} */ (["invited", "active", "suspended"]);

/** @typedef {(typeof MEMBERSHIP_TIERS)[number]} MembershipTier */
/** @typedef {(typeof MEMBER_ROLES)[number]} MemberRole */

/** An operator's mistake: the script prints the message and exits 1. */
export class OperatorError extends Error {
  name = "OperatorError";
}

const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * Trimmed and lower-cased, as the Worker's normalizeEmail does.
 * @param {string | undefined} value
 */
export function memberEmail(value) {
  const email = (value ?? "").trim().toLowerCase();
  if (email.length > 254 || CONTROL_CHARACTERS.test(email) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new OperatorError(`--email must be an email address (got ${JSON.stringify(value ?? "")})`);
  }
  return email;
}

/** @param {string | undefined} value */
export function memberName(value) {
  const name = (value ?? "").trim();
  if (name.length < 2 || name.length > 100 || CONTROL_CHARACTERS.test(name) || /[<>]/.test(name)) {
    throw new OperatorError("--name must be 2 to 100 characters, without line breaks, < or >");
  }
  return name;
}

/**
 * @param {string | undefined} value
 * @returns {MembershipTier}
 */
export function membershipTier(value) {
  const tier = MEMBERSHIP_TIERS.find((candidate) => candidate === value);
  if (!tier) throw new OperatorError(`--tier must be one of ${MEMBERSHIP_TIERS.join(", ")}`);
  return tier;
}

/**
 * @param {string | undefined} value
 * @returns {MemberRole}
 */
export function memberRole(value = "member") {
  const role = MEMBER_ROLES.find((candidate) => candidate === value);
  if (!role) throw new OperatorError(`--role must be one of ${MEMBER_ROLES.join(", ")}`);
  return role;
}

/**
 * The invitation page's rule: 12 to 128 characters.
 * @param {string} value
 */
export function memberPassword(value) {
  if (value.length < 12 || value.length > 128) throw new OperatorError("--password must be 12 to 128 characters");
  return value;
}

/**
 * "2026-Q4": the quarter a locker is held for, in Portland.
 * @param {Date} [now]
 */
export function currentLockerQuarter(now = new Date()) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", year: "numeric", month: "numeric" }).formatToParts(now);
  const year = parts.find((part) => part.type === "year")?.value;
  const month = Number(parts.find((part) => part.type === "month")?.value);
  return `${year}-Q${Math.ceil(month / 3)}`;
}
