import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CERTIFICATE_DAYS,
  CODE_PREFIX,
  FUTURE_SKEW_SECONDS,
  VALID_SECONDS,
  decodeBase64Url,
  encodeBase64Url,
  exportDevicePublicKey,
  generateDeviceKey,
  importClubPublicKey,
  issueCertificate,
  makeCardCode,
  verifyCardCode,
} from "#app/features/card/member-credential.ts";

/**
 * The card's credential (docs/decisions/010-member-card-credential.md): what the door accepts
 * offline and what it refuses, for each way a code can be wrong.
 */
const ECDSA = { name: "ECDSA", namedCurve: "P-256" } as const;
const NOW = 1_800_000_000;
const CARD_ID = "0f8e3c52-2b7a-4d1e-9c6f-5a4b3c2d1e0f";
const MEMBER_ID = "member-7f3a";

let clubPrivate: CryptoKey;
let clubPublic: CryptoKey;
let device: CryptoKeyPair;
let certificate: Uint8Array;

async function clubKeyPair() {
  const pair = (await crypto.subtle.generateKey(ECDSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.publicKey);
  return { privateKey: pair.privateKey, publicKey: await importClubPublicKey(jwk) };
}

async function certify(expiresAt = NOW + CERTIFICATE_DAYS * 86_400, key = clubPrivate, devicePublic = device.publicKey) {
  return issueCertificate(key, {
    cardId: CARD_ID,
    memberId: MEMBER_ID,
    expiresAt,
    devicePublicKey: await exportDevicePublicKey(devicePublic),
  });
}

beforeAll(async () => {
  ({ privateKey: clubPrivate, publicKey: clubPublic } = await clubKeyPair());
  device = await generateDeviceKey();
  certificate = await certify();
});

/** The code's bytes with one bit flipped at `index`. */
function flipped(code: string, index: number): string {
  const bytes = decodeBase64Url(code.slice(CODE_PREFIX.length))!;
  bytes[index]! ^= 0x01;
  return CODE_PREFIX + encodeBase64Url(bytes);
}

describe("a card's code at the door", () => {
  it("round trip: a fresh code verifies, naming the card, the member and the time it was signed", async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW);
    expect(await verifyCardCode(clubPublic, code, NOW + 5)).toEqual({
      ok: true,
      cardId: CARD_ID,
      memberId: MEMBER_ID,
      signedAt: NOW,
      expiresAt: NOW + CERTIFICATE_DAYS * 86_400,
    });
  });

  it("the device key cannot be exported (it never leaves the browser)", async () => {
    expect(device.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("jwk", device.privateKey)).rejects.toThrow();
  });

  it("a tampered certificate (any bit of it) is forged", async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW);
    const certificateLength = certificate.length;
    // Every byte but the version and the member id's length, which make the code unreadable instead.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: certificateLength - 1 }), async (index) => {
        fc.pre(index !== 1 + 16 + 4);
        const verdict = await verifyCardCode(clubPublic, flipped(code, index), NOW);
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("a tampered time is forged: the device signed another moment", async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW);
    const signedAtIndex = certificate.length + 3;
    expect(await verifyCardCode(clubPublic, flipped(code, signedAtIndex), NOW)).toEqual({ ok: false, reason: "forged" });
  });

  it("another device's key cannot sign for this certificate", async () => {
    const other = await generateDeviceKey();
    const code = await makeCardCode(other.privateKey, certificate, NOW);
    expect(await verifyCardCode(clubPublic, code, NOW)).toEqual({ ok: false, reason: "forged" });
  });

  it("a certificate from another club key is forged", async () => {
    const impostor = await clubKeyPair();
    const code = await makeCardCode(device.privateKey, await certify(undefined, impostor.privateKey), NOW);
    expect(await verifyCardCode(clubPublic, code, NOW)).toEqual({ ok: false, reason: "forged" });
    expect((await verifyCardCode(impostor.publicKey, code, NOW)).ok).toBe(true);
  });

  it("an expired certificate is refused", async () => {
    const code = await makeCardCode(device.privateKey, await certify(NOW - 1), NOW - 10);
    expect(await verifyCardCode(clubPublic, code, NOW)).toEqual({ ok: false, reason: "card-expired" });
  });

  it(`a code older than ${VALID_SECONDS} s is refused (a screenshot a minute later), one at the limit is not`, async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW);
    expect((await verifyCardCode(clubPublic, code, NOW + VALID_SECONDS)).ok).toBe(true);
    expect(await verifyCardCode(clubPublic, code, NOW + VALID_SECONDS + 1)).toEqual({ ok: false, reason: "too-old" });
  });

  it(`a code signed more than ${FUTURE_SKEW_SECONDS} s ahead of the door's clock is refused`, async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW + FUTURE_SKEW_SECONDS + 1);
    expect(await verifyCardCode(clubPublic, code, NOW)).toEqual({ ok: false, reason: "from-the-future" });
    const slightlyFast = await makeCardCode(device.privateKey, certificate, NOW + FUTURE_SKEW_SECONDS);
    expect((await verifyCardCode(clubPublic, slightlyFast, NOW)).ok).toBe(true);
  });

  it("unreadable input never throws: it is 'unreadable' or, at worst, 'forged'", async () => {
    for (const text of ["", "EO1.", "EO2.AAAA", "hello", "EO1.!!!!", "EO1.A", `${CODE_PREFIX}${"A".repeat(400)}`]) {
      expect(await verifyCardCode(clubPublic, text, NOW), text).toEqual({ ok: false, reason: "unreadable" });
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400 }), async (text) => {
        const verdict = await verifyCardCode(clubPublic, text, NOW);
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 300 }), async (bytes) => {
        const verdict = await verifyCardCode(clubPublic, CODE_PREFIX + encodeBase64Url(bytes), NOW);
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("a truncated or lengthened code is unreadable", async () => {
    const code = await makeCardCode(device.privateKey, certificate, NOW);
    expect(await verifyCardCode(clubPublic, code.slice(0, -4), NOW)).toEqual({ ok: false, reason: "unreadable" });
    expect(await verifyCardCode(clubPublic, `${code}AAAA`, NOW)).toEqual({ ok: false, reason: "unreadable" });
  });
});
