import { beforeAll, describe, expect, it } from "vitest";
import {
  exportDevicePublicKey,
  generateDeviceKey,
  importClubPublicKey,
  issueCertificate,
  makeCardCode,
} from "#app/features/card/member-credential.ts";
import { guestsLeftToday, type DoorList, type DoorListMember } from "#app/features/door/door-list.ts";
import { chooseDecoder } from "#app/features/door/door-scanner.ts";
import { memberVerdict, refusalWords, scanVerdict, searchMembers, type RefusalReason } from "#app/features/door/door-verdict.ts";

/**
 * The door's verdict on the device (docs/product-rules.md#door): the card's code, then the status
 * list, each refusal with its words; the guests left today; which QR decoder a browser gets.
 */
const NOW = 1_800_000_000;
const CARD_ID = "0f8e3c52-2b7a-4d1e-9c6f-5a4b3c2d1e0f";

const standing = (fields: Partial<DoorListMember> = {}): DoorListMember => ({
  id: "member-1",
  name: "Ada Lovelace",
  tier: "business",
  status: "active",
  duesStatus: "active",
  hasPhoto: false,
  guestsToday: 0,
  guestDaysUsedUp: false,
  ...fields,
});
const listOf = (members: DoorListMember[], revokedCardIds: string[] = []): DoorList => ({
  syncedAt: new Date(NOW * 1000).toISOString(),
  day: "2027-01-15",
  members,
  revokedCardIds,
  expectedGuests: [],
  eventNightLounges: [],
});

let clubPublic: CryptoKey;
let code: (signedAt: number, expiresAt?: number, memberId?: string) => Promise<string>;

beforeAll(async () => {
  const club = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  clubPublic = await importClubPublicKey(await crypto.subtle.exportKey("jwk", club.publicKey));
  const device = await generateDeviceKey();
  code = async (signedAt, expiresAt = NOW + 86_400, memberId = "member-1") =>
    makeCardCode(
      device.privateKey,
      await issueCertificate(club.privateKey, {
        cardId: CARD_ID,
        memberId,
        expiresAt,
        devicePublicKey: await exportDevicePublicKey(device.publicKey),
      }),
      signedAt,
    );
});

describe("a scanned card", () => {
  it("admits a member in good standing from a live code, with the card's id", async () => {
    const verdict = await scanVerdict(clubPublic, listOf([standing()]), await code(NOW - 5), "business", NOW);
    expect(verdict).toMatchObject({ admit: true, cardId: CARD_ID, method: "card", member: { name: "Ada Lovelace" } });
  });

  const refusals: [string, () => Promise<string>, DoorListMember[], string[], RefusalReason][] = [
    ["a code taken more than a minute ago", () => code(NOW - 61), [standing()], [], "too-old"],
    ["an expired certificate", () => code(NOW, NOW - 1), [standing()], [], "card-expired"],
    ["a revoked card", () => code(NOW), [standing()], [CARD_ID], "card-revoked"],
    ["a suspended member", () => code(NOW), [standing({ status: "suspended" })], [], "suspended"],
    ["lapsed dues", () => code(NOW), [standing({ duesStatus: "lapsed" })], [], "dues-lapsed"],
    ["a member not on the list yet", () => code(NOW, NOW + 86_400, "member-new"), [standing()], [], "not-on-list"],
    ["a code that is not a card's", async () => "EO1.bm90IGEgY2FyZA", [standing()], [], "forged"],
  ];
  it.each(refusals)("refuses %s", async (_case, make, members, revoked, reason) => {
    const verdict = await scanVerdict(clubPublic, listOf(members, revoked), await make(), "business", NOW);
    expect(verdict).toMatchObject({ admit: false, reason });
  });

  it("refuses a code whose signature was tampered with as forged", async () => {
    const live = await code(NOW);
    const tampered = live.slice(0, -3) + (live.endsWith("A") ? "BBB" : "AAA");
    expect(await scanVerdict(clubPublic, listOf([standing()]), tampered, "business", NOW)).toMatchObject({
      admit: false,
      reason: "forged",
    });
  });

  it("says each refusal in the door's words", () => {
    expect(refusalWords["too-old"]).toBe("Code too old — taken more than a minute ago");
    expect(refusalWords["dues-lapsed"]).toBe("Dues lapsed");
  });
});

describe("a member found by name", () => {
  it("is checked against the list and the lounge the door stands at", () => {
    const list = listOf([standing({ tier: "kickback" })]);
    expect(memberVerdict(list, "member-1", "kickback", { method: "search", cardId: null })).toMatchObject({
      admit: true,
      method: "search",
    });
    expect(memberVerdict(list, "member-1", "platinum", { method: "search", cardId: null })).toMatchObject({
      admit: false,
      reason: "wrong-lounge",
    });
    expect(searchMembers(list, "ada love").map((member) => member.id)).toEqual(["member-1"]);
    expect(searchMembers(list, "grace")).toEqual([]);
  });
});

describe("guests left today", () => {
  it("follows the tier's guests a day, event nights and the month's guest days", () => {
    expect(guestsLeftToday(standing(), "business", false)).toBe(1);
    expect(guestsLeftToday(standing({ guestsToday: 1 }), "business", false)).toBe(0);
    expect(guestsLeftToday(standing({ tier: "platinum" }), "platinum", true)).toBe(3);
    expect(guestsLeftToday(standing({ tier: "kickback", guestDaysUsedUp: true }), "kickback", false)).toBe(0);
    expect(guestsLeftToday(standing({ tier: "kickback" }), "platinum", false)).toBe(0);
  });
});

describe("the QR decoder", () => {
  const detector = (formats: string[] | Error) => ({
    BarcodeDetector: class {
      static getSupportedFormats() {
        return formats instanceof Error ? Promise.reject(formats) : Promise.resolve(formats);
      }
    },
  });

  it("is the browser's BarcodeDetector only where it reads QR codes, else jsqr", async () => {
    expect(await chooseDecoder(detector(["qr_code", "ean_13"]))).toBe("barcode-detector");
    expect(await chooseDecoder(detector(["ean_13"]))).toBe("jsqr");
    expect(await chooseDecoder(detector(new Error("no camera formats")))).toBe("jsqr");
    expect(await chooseDecoder({})).toBe("jsqr");
  });
});
