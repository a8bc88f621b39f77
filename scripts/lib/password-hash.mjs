import { pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Member passwords for the operator scripts, in exactly the format of
 * worker/services/auth/password.ts (tests/unit/operator-scripts.test.ts proves each accepts the
 * other's hashes): PBKDF2-HMAC-SHA256, 600,000 iterations, a 16-byte random salt and a 32-byte
 * key, stored as `pbkdf2-sha256$<iterations>$<salt base64>$<key base64>`; the password is
 * NFKC-normalised first. Node's native PBKDF2 is fine here: the 100,000-iteration cap that keeps
 * the Worker on @noble/hashes applies to Cloudflare's runtime only.
 */
export const PASSWORD_ITERATIONS = 600_000;

const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * @param {string} password
 * @param {number} [iterations]
 * @returns {string}
 */
export function hashPassword(password, iterations = PASSWORD_ITERATIONS) {
  if (!Number.isInteger(iterations) || iterations < 100_000 || iterations > 2_000_000)
    throw new RangeError("PBKDF2 iterations must be 100000 to 2000000");
  const salt = randomBytes(SALT_BYTES);
  return `${ALGORITHM}$${iterations}$${salt.toString("base64")}$${derive(password, salt, iterations).toString("base64")}`;
}

/**
 * @param {string} password
 * @param {string} stored
 * @returns {boolean} false for a wrong password and for anything that is not such a hash
 */
export function verifyPassword(password, stored) {
  const [algorithm, iterationsText = "", saltText = "", keyText = "", ...rest] = stored.split("$");
  if (algorithm !== ALGORITHM || rest.length > 0 || !/^[1-9][0-9]{0,8}$/.test(iterationsText)) return false;
  const iterations = Number(iterationsText);
  const salt = Buffer.from(saltText, "base64");
  const key = Buffer.from(keyText, "base64");
  if (iterations < 100_000 || iterations > 2_000_000 || salt.length !== SALT_BYTES || key.length !== KEY_BYTES) return false;
  return timingSafeEqual(derive(password, salt, iterations), key);
}

/**
 * @param {string} password
 * @param {Uint8Array} salt
 * @param {number} iterations
 */
function derive(password, salt, iterations) {
  return pbkdf2Sync(password.normalize("NFKC"), salt, iterations, KEY_BYTES, "sha256");
}
