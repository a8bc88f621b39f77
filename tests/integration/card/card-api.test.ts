import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { cardDevices, members } from "#db/schema.ts";
import {
  decodeBase64Url,
  encodeBase64Url,
  exportDevicePublicKey,
  generateDeviceKey,
  importClubPublicKey,
  makeCardCode,
  verifyCardCode,
} from "#app/features/card/member-credential.ts";
import { clubCardPublicJwk } from "#worker/features/card/club-card-key.ts";
import { MAX_ACTIVE_CARDS, revokeMemberCard } from "#worker/features/card/card-devices.ts";
import { setMemberStatus } from "#worker/features/members/members.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/** /api/card through the real Worker (docs/product-rules.md#member-card); SITE_URL is http://localhost:8787. */
const origin = "http://localhost:8787";
const chromeOnAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
let clientAddress = "";

beforeEach(() => {
  clientAddress = uniqueClientAddress();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function post(path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(`${origin}/api/card${path}`, {
      method: "POST",
      headers: {
        Origin: origin,
        "Content-Type": "application/json",
        "CF-Connecting-IP": clientAddress,
        "User-Agent": chromeOnAndroid,
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

interface Issued {
  cardId: string;
  certificate: string;
  expiresAt: number;
  member: { name: string; tier: string; hasPhoto: boolean };
  serverTime: number;
}

async function aDevice() {
  const keys = await generateDeviceKey();
  return { keys, publicKey: encodeBase64Url(await exportDevicePublicKey(keys.publicKey)) };
}

async function signedInMember() {
  const member = await createTestMember();
  const { cookie } = await signedInAs(member);
  return { member, cookie };
}

async function certify(cookie: string, publicKey: string) {
  const response = await post("/certify", { publicKey }, cookie);
  return { response, body: await response.json<Issued & { error?: string; reason?: string }>() };
}

const cardsOf = (memberId: string) => getDatabase(env.DB).select().from(cardDevices).where(eq(cardDevices.memberId, memberId));

describe("certifying a device", () => {
  it("issues a certificate the door verifies offline with the club's public key, and records the card", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const { response, body } = await certify(cookie, device.publicKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.member).toEqual({ name: expect.stringMatching(/^Test Member/), tier: "Business", hasPhoto: false });
    const now = Math.floor(Date.now() / 1000);
    expect(body.expiresAt).toBeGreaterThan(now + 29 * 86_400);
    expect(Math.abs(body.serverTime - Date.now())).toBeLessThan(60_000);

    const code = await makeCardCode(device.keys.privateKey, decodeBase64Url(body.certificate)!, now);
    const verdict = await verifyCardCode(await importClubPublicKey(clubCardPublicJwk(env)), code, now);
    expect(verdict).toMatchObject({ ok: true, cardId: body.cardId, memberId: member.id });

    const [row] = await cardsOf(member.id);
    expect(row).toMatchObject({ id: body.cardId, publicKey: device.publicKey, label: "Chrome on Android", revokedAt: null });
  });

  it("the same device asking again keeps its card (renewed, not a second one)", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const first = await certify(cookie, device.publicKey);
    const again = await certify(cookie, device.publicKey);
    expect(again.response.status).toBe(200);
    expect(again.body.cardId).toBe(first.body.cardId);
    expect(await cardsOf(member.id)).toHaveLength(1);
  });

  it(`allows ${MAX_ACTIVE_CARDS} live cards; the next is refused until one is revoked`, async () => {
    const { member, cookie } = await signedInMember();
    const ids: string[] = [];
    for (let index = 0; index < MAX_ACTIVE_CARDS; index += 1) {
      const { response, body } = await certify(cookie, (await aDevice()).publicKey);
      expect(response.status).toBe(200);
      ids.push(body.cardId);
    }
    const refused = await certify(cookie, (await aDevice()).publicKey);
    expect(refused.response.status).toBe(409);
    expect(refused.body.reason).toBe("too-many-cards");
    expect(await cardsOf(member.id)).toHaveLength(MAX_ACTIVE_CARDS);

    expect(await revokeMemberCard(env.DB, member.id, ids[0]!)).toBe(true);
    expect((await certify(cookie, (await aDevice()).publicKey)).response.status).toBe(200);
  });

  it("simultaneous set-ups cannot pass the limit (the insert decides)", async () => {
    const { member, cookie } = await signedInMember();
    const devices = await Promise.all(Array.from({ length: MAX_ACTIVE_CARDS + 3 }, aDevice));
    const answers = await Promise.all(devices.map((device) => post("/certify", { publicKey: device.publicKey }, cookie)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_ACTIVE_CARDS);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await cardsOf(member.id)).toHaveLength(MAX_ACTIVE_CARDS);
  });
});

describe("renewing a card", () => {
  it("gives the same card a fresh certificate while it is live", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const first = await certify(cookie, device.publicKey);
    const renewed = await post("/renew", { cardId: first.body.cardId, publicKey: device.publicKey }, cookie);
    expect(renewed.status).toBe(200);
    const body = await renewed.json<Issued>();
    expect(body.cardId).toBe(first.body.cardId);
    const [row] = await cardsOf(member.id);
    expect(row?.lastRenewedAt).not.toBeNull();
  });

  it("refuses a revoked card with the reason the card page shows", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const { body } = await certify(cookie, device.publicKey);
    await revokeMemberCard(env.DB, member.id, body.cardId);
    const refused = await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ reason: "revoked", error: expect.stringMatching(/^Your card is not active: /) });
  });

  it("refuses another key for the card, and another member's card", async () => {
    const { cookie } = await signedInMember();
    const device = await aDevice();
    const { body } = await certify(cookie, device.publicKey);
    const wrongKey = await post("/renew", { cardId: body.cardId, publicKey: (await aDevice()).publicKey }, cookie);
    expect(wrongKey.status).toBe(404);
    const other = await signedInMember();
    const notTheirs = await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, other.cookie);
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toMatchObject({ reason: "unknown-card" });
  });
});

describe("who may hold a card", () => {
  it("a member whose dues have lapsed is refused, to certify and to renew", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const { body } = await certify(cookie, device.publicKey);
    await getDatabase(env.DB).update(members).set({ duesStatus: "lapsed" }).where(eq(members.id, member.id));
    const renew = await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, cookie);
    expect(renew.status).toBe(403);
    expect(await renew.json()).toMatchObject({
      reason: "lapsed",
      error: expect.stringMatching(/^Your card is not active: your dues have lapsed/),
    });
    expect((await certify(cookie, (await aDevice()).publicKey)).response.status).toBe(403);
    expect(await cardsOf(member.id)).toHaveLength(1);
  });

  it("a suspended member (their sessions ended) and a visitor are refused", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const { body } = await certify(cookie, device.publicKey);
    await setMemberStatus(env.DB, member.id, "suspended");
    expect((await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, cookie)).status).toBe(401);
    expect((await post("/certify", { publicKey: (await aDevice()).publicKey })).status).toBe(401);
  });
});

describe("the limit per member", () => {
  it("answers 429 with Retry-After once a member has certified and renewed 30 times in 15 minutes", async () => {
    const { cookie } = await signedInMember();
    const device = await aDevice();
    const { body } = await certify(cookie, device.publicKey);
    for (let index = 1; index < 30; index += 1) {
      expect((await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, cookie)).status).toBe(200);
    }
    const refused = await post("/renew", { cardId: body.cardId, publicKey: device.publicKey }, cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("bad requests change nothing", () => {
  it("refuses malformed keys and requests with a 400, and writes no card", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    const compressed = encodeBase64Url(new Uint8Array(33).fill(2));
    const notAPoint = encodeBase64Url(new Uint8Array(65).fill(7));
    const offTheCurve = encodeBase64Url(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index)));
    for (const body of [
      {},
      { publicKey: "" },
      { publicKey: compressed },
      { publicKey: notAPoint },
      { publicKey: offTheCurve },
      { publicKey: `${device.publicKey}==` },
      { publicKey: device.publicKey.replace(/.$/, "+") },
      { publicKey: device.publicKey, memberId: "someone-else" },
      { publicKey: 42 },
      "not json",
    ]) {
      const response = await post("/certify", body, cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ cardId: "nope", publicKey: device.publicKey }, { publicKey: device.publicKey }]) {
      expect((await post("/renew", body, cookie)).status).toBe(400);
    }
    expect(await cardsOf(member.id)).toHaveLength(0);
  });

  it("refuses another origin and a body that is not JSON", async () => {
    const { member, cookie } = await signedInMember();
    const device = await aDevice();
    expect((await post("/certify", { publicKey: device.publicKey }, cookie, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/certify", { publicKey: device.publicKey }, cookie, { "Content-Type": "text/plain" })).status).toBe(415);
    expect(await cardsOf(member.id)).toHaveLength(0);
  });
});
