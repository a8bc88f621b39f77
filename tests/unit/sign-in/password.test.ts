import { pbkdf2Sync } from "node:crypto";
import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  PASSWORD_ITERATIONS,
  hashPassword,
  passwordNeedsRehash,
  spendPasswordWork,
  verifyPassword,
} from "#worker/features/sign-in/password.ts";

// The real PBKDF2, watched: tests can see how much work a call asked for.
vi.mock("@noble/hashes/pbkdf2.js", async (importOriginal) => {
  const actual = await importOriginal<{ pbkdf2: typeof pbkdf2 }>();
  return { ...actual, pbkdf2: vi.fn(actual.pbkdf2) };
});

// Most cases hash with the lowest accepted count (100,000) to stay fast; the last group uses the
// real default.
const FAST = 100_000;
const password = "correct horse battery staple";
let stored = "";

beforeAll(async () => {
  stored = await hashPassword(password, FAST);
});

/** The stored string with one of its four `$` fields replaced. */
function withField(index: number, replace: (field: string) => string): string {
  const fields = stored.split("$");
  fields[index] = replace(fields[index]!);
  return fields.join("$");
}

const flipFirstCharacter = (field: string) => (field[0] === "A" ? "B" : "A") + field.slice(1);

describe("hashPassword", () => {
  it("stores the algorithm, the iteration count, a 16-byte salt and a 32-byte key", () => {
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
  });

  it("salts every hash afresh, so one password never hashes the same way twice", async () => {
    expect(await hashPassword(password, FAST)).not.toBe(stored);
  });

  it("refuses iteration counts outside 100,000 to 2,000,000", async () => {
    await expect(hashPassword(password, 99_999)).rejects.toThrow(RangeError);
    await expect(hashPassword(password, 2_000_001)).rejects.toThrow(RangeError);
  });

  it("is standard PBKDF2-HMAC-SHA256: Node's own pbkdf2 gives the same key", () => {
    const [, iterations, salt, key] = stored.split("$");
    expect(pbkdf2Sync(password, Buffer.from(salt!, "base64"), Number(iterations), 32, "sha256").toString("base64")).toBe(key);
  });
});

describe("verifyPassword", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("refuses the right password once the salt or the key has been tampered with", async () => {
    expect(await verifyPassword(password, withField(2, flipFirstCharacter))).toBe(false);
    expect(await verifyPassword(password, withField(3, flipFirstCharacter))).toBe(false);
  });

  it("treats the same text typed in composed or decomposed Unicode as one password", async () => {
    const composed = await hashPassword("caf\u00e9 crème", FAST);
    expect(await verifyPassword("cafe\u0301 cre\u0300me", composed)).toBe(true);
  });

  it.each([
    ["an empty string", ""],
    ["a bare algorithm", "pbkdf2-sha256"],
    ["another algorithm", () => withField(0, () => "pbkdf2-sha512")],
    ["too few iterations", () => withField(1, () => "99999")],
    ["absurdly many iterations", () => withField(1, () => "2000001")],
    ["an iteration count with a sign", () => withField(1, () => "+600000")],
    ["an iteration count in exponent form", () => withField(1, () => "6e5")],
    ["an iteration count with a leading zero", () => withField(1, () => "0600000")],
    ["a fractional iteration count", () => withField(1, () => "600000.5")],
    ["a salt that is not base64", () => withField(2, () => "!!!!!!!!!!!!!!!!!!!!!!==")],
    ["a 15-byte salt", () => withField(2, () => btoa("x".repeat(15)))],
    ["a salt in non-canonical base64", () => withField(2, (salt) => `${salt.slice(0, 21)}B==`)],
    ["a key with whitespace", () => withField(3, (key) => ` ${key}`)],
    ["a 31-byte key", () => withField(3, () => btoa("x".repeat(31)))],
    ["an extra field", () => `${stored}$extra`],
  ])("refuses a stored string with %s, without throwing", async (_case, value) => {
    const malformed = typeof value === "function" ? value() : value;
    await expect(verifyPassword(password, malformed)).resolves.toBe(false);
  });
});

describe("passwordNeedsRehash", () => {
  it("asks for a new hash when the stored cost is below today's or the string is unreadable", () => {
    expect(passwordNeedsRehash(stored)).toBe(true);
    expect(passwordNeedsRehash(withField(1, () => String(PASSWORD_ITERATIONS)))).toBe(false);
    expect(passwordNeedsRehash(withField(1, () => "1000000"))).toBe(false);
    expect(passwordNeedsRehash("not a hash")).toBe(true);
  });
});

// Pure-JavaScript PBKDF2 at 600,000 iterations takes seconds on a busy machine.
describe("the real 600,000-iteration default", { timeout: 120_000 }, () => {
  it("hashes with 600,000 iterations, verifies, and needs no rehash", async () => {
    const real = await hashPassword(password);
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(real.split("$")[1]).toBe("600000");
    expect(await verifyPassword(password, real)).toBe(true);
    expect(passwordNeedsRehash(real)).toBe(false);
  });

  it("spends the work of a real verification when there is no password to check, and never matches", async () => {
    const derivations = vi.mocked(pbkdf2);
    derivations.mockClear();
    expect(await spendPasswordWork(password)).toBe(false);
    expect(derivations).toHaveBeenCalledTimes(1);
    expect(derivations.mock.calls[0]![3]).toMatchObject({ c: PASSWORD_ITERATIONS, dkLen: 32 });
  });
});
