import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { timingSafeEqual } from "#worker/shared/signing.ts";
import { decodeBase64, encodeBase64 } from "#worker/shared/base64.ts";

/**
 * Member passwords (docs/security.md#passwords): PBKDF2-HMAC-SHA256, 600,000 iterations, a
 * 16-byte random salt and a 32-byte key, stored as `pbkdf2-sha256$<iterations>$<salt>$<key>`
 * (standard base64) so the cost can be raised later without locking anyone out.
 *
 * PBKDF2 runs in JavaScript (@noble/hashes), not WebCrypto or node:crypto: Cloudflare's production
 * runtime refuses both above 100,000 iterations (cloudflare/workerd#1346), although local workerd
 * and Node allow it, so a native call would pass every test and fail every sign-in once deployed.
 */
export const PASSWORD_ITERATIONS = 600_000;

const ALGORITHM = "pbkdf2-sha256";
// Bounds on what a stored string may ask for: below is too weak to trust, above is a denial of
// service waiting for a tampered row.
const MIN_ITERATIONS = 100_000;
const MAX_ITERATIONS = 2_000_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

interface StoredPassword {
  iterations: number;
  salt: Uint8Array;
  key: string;
}

/** `iterations` is for tests and future raises only; sign-up and password changes use the default. */
export async function hashPassword(password: string, iterations: number = PASSWORD_ITERATIONS): Promise<string> {
  if (!isAcceptedIterationCount(iterations)) throw new RangeError(`PBKDF2 iterations must be ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `${ALGORITHM}$${iterations}$${encodeBase64(salt)}$${derive(password, salt, iterations)}`;
}

/** False for a wrong password and for any stored string that is not one of ours; never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredPassword(stored);
  if (!parsed) return false;
  return timingSafeEqual(derive(password, parsed.salt, parsed.iterations), parsed.key);
}

/** True when the stored hash is weaker than today's parameters (or unreadable): hash it again after sign-in. */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parseStoredPassword(stored);
  return !parsed || parsed.iterations < PASSWORD_ITERATIONS;
}

// Never matches (its key is all zeros), but costs exactly what a current hash costs.
const NO_PASSWORD = `${ALGORITHM}$${PASSWORD_ITERATIONS}$${encodeBase64(new Uint8Array(SALT_BYTES))}$${encodeBase64(new Uint8Array(KEY_BYTES))}`;

/**
 * The work of one verification when there is no password to check (unknown email, no password
 * set), so the time of the answer does not say whether an account exists. Always false.
 */
export async function spendPasswordWork(password: string): Promise<false> {
  await verifyPassword(password, NO_PASSWORD);
  return false;
}

function derive(password: string, salt: Uint8Array, iterations: number): string {
  // NFKC so the same password typed on different systems (composed or not) gives the same key.
  return encodeBase64(pbkdf2(sha256, password.normalize("NFKC"), salt, { c: iterations, dkLen: KEY_BYTES }));
}

function parseStoredPassword(stored: string): StoredPassword | null {
  const parts = stored.split("$");
  if (parts.length !== 4) return null;
  const [algorithm, iterationsText, saltText, key] = parts as [string, string, string, string];
  if (algorithm !== ALGORITHM || !/^[1-9][0-9]{0,8}$/.test(iterationsText)) return null;
  const iterations = Number(iterationsText);
  const salt = decodeBase64(saltText);
  if (!isAcceptedIterationCount(iterations) || salt?.length !== SALT_BYTES || decodeBase64(key)?.length !== KEY_BYTES) return null;
  return { iterations, salt, key };
}

function isAcceptedIterationCount(iterations: number): boolean {
  return Number.isInteger(iterations) && iterations >= MIN_ITERATIONS && iterations <= MAX_ITERATIONS;
}
