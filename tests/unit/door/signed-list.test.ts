import { describe, expect, it } from "vitest";
import type { DoorList } from "#app/features/door/door-list.ts";
import { isListTooOld, LIST_MAX_AGE_HOURS, openDoorList, signDoorList } from "#app/features/door/signed-list.ts";

/** The door's signed status list (docs/security.md#door): opened only with the club's key, unchanged. */
const ECDSA = { name: "ECDSA", namedCurve: "P-256" } as const;
const keys = () => crypto.subtle.generateKey(ECDSA, false, ["sign", "verify"]);

const list = {
  syncedAt: "2026-11-24T03:00:00.000Z",
  day: "2026-11-23",
  members: [
    {
      id: "m1",
      name: "Morgan Vale",
      tier: "business",
      status: "active",
      duesStatus: "active",
      hasPhoto: false,
      guestsToday: 0,
      guestDaysUsedUp: false,
    },
  ],
  revokedCardIds: [],
  expectedGuests: [],
  eventNightLounges: [],
} as unknown as DoorList;

describe("the door's signed status list", () => {
  it("opens with the club's public key as it was signed", async () => {
    const club = await keys();
    expect(await openDoorList(club.publicKey, await signDoorList(club.privateKey, list))).toEqual(list);
  });

  it("refuses a list changed after signing: a suspended member made active", async () => {
    const club = await keys();
    const signed = await signDoorList(club.privateKey, list);
    const changed = { ...signed, list: signed.list.replace('"status":"active"', '"status":"suspended"') };
    expect(changed.list).not.toBe(signed.list);
    expect(await openDoorList(club.publicKey, changed)).toBeNull();
  });

  it("refuses a list signed by another key, a damaged signature, and anything that is not a signed list", async () => {
    const club = await keys();
    const other = await keys();
    const signed = await signDoorList(other.privateKey, list);
    expect(await openDoorList(club.publicKey, signed)).toBeNull();
    const own = await signDoorList(club.privateKey, list);
    expect(await openDoorList(club.publicKey, { ...own, signature: own.signature.slice(1) })).toBeNull();
    expect(await openDoorList(club.publicKey, { ...own, signature: "%%%" })).toBeNull();
    for (const value of [null, "text", 3, { list }, { list: own.list }, { signature: own.signature }]) {
      expect(await openDoorList(club.publicKey, value)).toBeNull();
    }
  });

  it(`is too old to admit by after ${LIST_MAX_AGE_HOURS} hours, or when its time cannot be read`, () => {
    const synced = Date.parse(list.syncedAt);
    expect(isListTooOld(list.syncedAt, synced + LIST_MAX_AGE_HOURS * 3_600_000)).toBe(false);
    expect(isListTooOld(list.syncedAt, synced + LIST_MAX_AGE_HOURS * 3_600_000 + 1)).toBe(true);
    expect(isListTooOld("not a time", synced)).toBe(true);
  });
});
