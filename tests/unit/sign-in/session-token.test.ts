import { describe, expect, it } from "vitest";
import { generateSessionToken, isSessionTokenShape, randomToken } from "#worker/features/sign-in/session-token.ts";

const base64UrlBytes = (token: string) => Buffer.from(token, "base64url");

describe("generateSessionToken", () => {
  it("is 256 random bits as 43 base64url characters, without padding", () => {
    const token = generateSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlBytes(token)).toHaveLength(32);
    expect(isSessionTokenShape(token)).toBe(true);
  });

  it("never repeats", () => {
    const tokens = new Set(Array.from({ length: 2_000 }, generateSessionToken));
    expect(tokens.size).toBe(2_000);
  });

  it("uses the whole base64url alphabet, so no bits are wasted", () => {
    const seen = new Set(Array.from({ length: 500 }, generateSessionToken).join(""));
    expect(seen.size).toBe(64);
  });
});

describe("randomToken", () => {
  it("encodes the requested number of random bytes", () => {
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(base64UrlBytes(randomToken(48))).toHaveLength(48);
  });

  it("refuses fewer than 128 bits and nonsense sizes", () => {
    for (const bytes of [0, 15, 1.5, 1025, Number.NaN]) expect(() => randomToken(bytes)).toThrow(RangeError);
  });
});

describe("isSessionTokenShape", () => {
  it("accepts only 43 base64url characters", () => {
    expect(isSessionTokenShape("a".repeat(43))).toBe(true);
    for (const value of ["", "a".repeat(42), "a".repeat(44), `${"a".repeat(42)}=`, `${"a".repeat(42)}+`, `${"a".repeat(42)}/`]) {
      expect(isSessionTokenShape(value)).toBe(false);
    }
  });
});
