import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { cardDevices, memberPasskeys, members } from "#db/schema.ts";
import {
  decodeBase64Url,
  encodeBase64Url,
  exportDevicePublicKey,
  generateDeviceKey,
  importClubPublicKey,
  makeCardCode,
} from "#app/features/card/member-credential.ts";
import { scanVerdict } from "#app/features/door/door-verdict.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { clubCardPublicJwk } from "#worker/features/card/club-card-key.ts";
import { certifyDevice } from "#worker/features/card/card-devices.ts";
import { doorStatusList } from "#worker/features/door/door-status-list.ts";
import { confirmInvitation, replaceInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { setMemberStatus } from "#worker/features/members/members.ts";
import { endEveryMemberSession } from "#worker/features/sign-in/member-session.ts";
import { removeMemberPasskey } from "#worker/features/sign-in/member-passkeys.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";
import migration from "../../../migrations/0014_money_and_access.sql?raw";

/**
 * Ending a member's sessions ends their member cards (docs/product-rules.md#member-card,
 * docs/decisions/010-member-card-credential.md): each way the club ends every session revokes
 * every card in the same batch, and the door's next status list refuses the card's code. Only
 * accounts whose role is member hold a card.
 */
const origin = "http://localhost:8787";
const database = getDatabase(env.DB);
let clientAddress = "";

beforeEach(() => {
  clientAddress = uniqueClientAddress();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function post(path: string, body: unknown, cookie: string): Promise<Response> {
  return exports.default.fetch(
    new Request(`${origin}/api/card${path}`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": clientAddress, Cookie: cookie },
      body: JSON.stringify(body),
    }),
  );
}

/** A phone with its card set up through /api/card/certify, and a code it shows now. */
async function phoneWithCard(cookie: string) {
  const keys = await generateDeviceKey();
  const publicKey = encodeBase64Url(await exportDevicePublicKey(keys.publicKey));
  const response = await post("/certify", { publicKey }, cookie);
  expect(response.status).toBe(200);
  const card = await response.json<{ cardId: string; certificate: string }>();
  const code = () => makeCardCode(keys.privateKey, decodeBase64Url(card.certificate)!, Math.floor(Date.now() / 1000));
  return { cardId: card.cardId, publicKey, code };
}

/** What an online door decides for the code, on the list it fetches next. */
async function atTheDoor(code: string) {
  const list = await doorStatusList(env, portlandDay(new Date()));
  return scanVerdict(await importClubPublicKey(clubCardPublicJwk(env)), list, code, "business", Math.floor(Date.now() / 1000));
}

const liveCards = async (memberId: string) =>
  (await database.select().from(cardDevices).where(eq(cardDevices.memberId, memberId))).filter((card) => card.revokedAt === null);

async function memberWithTwoPhones() {
  const member = await createTestMember();
  const { cookie } = await signedInAs(member);
  const phones = [await phoneWithCard(cookie), await phoneWithCard(cookie)];
  expect(await atTheDoor(await phones[0]!.code())).toMatchObject({ admit: true });
  return { member, cookie, phones };
}

describe("ending every session revokes every member card", () => {
  it("'Sign out of all devices': both phones' cards are revoked and the door's next list refuses their codes", async () => {
    const { member, phones } = await memberWithTwoPhones();
    await endEveryMemberSession(env, member.id);
    expect(await liveCards(member.id)).toEqual([]);
    for (const phone of phones) expect(await atTheDoor(await phone.code())).toMatchObject({ admit: false, reason: "card-revoked" });
  });

  it("removing a passkey revokes the cards too, though the device that removed it stays signed in", async () => {
    const { member, phones } = await memberWithTwoPhones();
    await database.insert(memberPasskeys).values({
      id: `passkey-${member.id}`,
      memberId: member.id,
      name: "Phone",
      publicKey: "k",
      deviceType: "multiDevice",
      backedUp: true,
      createdAt: Date.now(),
    });
    const setCookie = await removeMemberPasskey(
      env,
      new Request(`${origin}/members/devices`),
      { memberId: member.id, method: "code" },
      `passkey-${member.id}`,
    );
    expect(setCookie).toMatch(/ember_session=[^;]+;/);
    expect(await liveCards(member.id)).toEqual([]);
    expect(await atTheDoor(await phones[1]!.code())).toMatchObject({ admit: false, reason: "card-revoked" });
  });

  it("a suspension (the console's and member:set-status's setMemberStatus) revokes them; reactivating brings none back", async () => {
    const { member, phones } = await memberWithTwoPhones();
    expect(await setMemberStatus(env.DB, member.id, "suspended")).toBe(true);
    expect(await liveCards(member.id)).toEqual([]);
    expect(await setMemberStatus(env.DB, member.id, "active")).toBe(true);
    expect(await liveCards(member.id)).toEqual([]);
    expect(await atTheDoor(await phones[0]!.code())).toMatchObject({ admit: false, reason: "card-revoked" });
  });

  it("opening a new invitation link (member:invite-link, 'Resend sign-in link') revokes them with the sessions", async () => {
    const { member, phones } = await memberWithTwoPhones();
    const link = await replaceInvitationLink(env.DB, member.id);
    // Made, the link changes nothing yet: the member may never open it.
    expect(await liveCards(member.id)).toHaveLength(2);
    expect(await confirmInvitation(env.DB, link.token)).toBe(member.id);
    expect(await liveCards(member.id)).toEqual([]);
    expect(await atTheDoor(await phones[1]!.code())).toMatchObject({ admit: false, reason: "card-revoked" });
  });
});

/**
 * The interleaving written out (in workerd two requests rarely land in it by chance): the set-up
 * has read the member and their session, then "Sign out of all devices" runs, then the card's
 * INSERT. The insert itself checks the session, so no card outlives it.
 */
describe("a set-up racing the end of the sessions", () => {
  it("a set-up whose session ended before its card was written makes no card (the insert checks the session)", async () => {
    const member = await createTestMember();
    await signedInAs(member);
    // The request read the member and its session; "Sign out of all devices" lands before the card is written.
    const read = (await database.select().from(members).where(eq(members.id, member.id)))[0]!;
    const { began } = (await env.DB.prepare("SELECT created_at AS began FROM member_sessions WHERE member_id = ?")
      .bind(member.id)
      .first<{ began: number }>())!;
    await endEveryMemberSession(env, member.id, began + 1);
    const keys = await generateDeviceKey();
    const publicKey = encodeBase64Url(await exportDevicePublicKey(keys.publicKey));
    expect(await certifyDevice(env, read, publicKey, null, began)).toMatchObject({ ok: false, reason: "signed-out" });
    expect(await liveCards(member.id)).toEqual([]);
  });
});

describe("only members hold a card", () => {
  it("door and concierge accounts are refused to certify and to renew, with the reason, and get no card", async () => {
    for (const role of ["door", "concierge"] as const) {
      const account = await createTestMember();
      await database.update(members).set({ role }).where(eq(members.id, account.id));
      const { cookie } = await signedInAs(account);
      const keys = await generateDeviceKey();
      const publicKey = encodeBase64Url(await exportDevicePublicKey(keys.publicKey));
      const certified = await post("/certify", { publicKey }, cookie);
      expect(certified.status, role).toBe(403);
      expect(await certified.json()).toEqual({
        reason: "not-a-member",
        error:
          "Member cards are for members: door and concierge accounts do not hold one. Sign in with your member account to use your card.",
      });
      // A card written before the rule: renewing it is refused too.
      const cardId = crypto.randomUUID();
      await database
        .insert(cardDevices)
        .values({ id: cardId, memberId: account.id, publicKey, label: "Phone", expiresAt: "2030-01-01T00:00:00.000Z" });
      const renewed = await post("/renew", { cardId, publicKey }, cookie);
      expect(renewed.status, role).toBe(403);
      expect(await renewed.json()).toMatchObject({ reason: "not-a-member" });
    }
  });

  it("the migration revokes the cards door and concierge accounts hold, and no member's", async () => {
    const member = await createTestMember();
    const staff = await createTestMember({ role: "concierge" });
    const card = (memberId: string) => ({
      id: crypto.randomUUID(),
      memberId,
      publicKey: "k",
      label: "Phone",
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    await database.insert(cardDevices).values([card(member.id), card(staff.id)]);
    // The migration's last statement, the hand-written UPDATE (the tables' statements ran at setup).
    const update = migration.slice(migration.indexOf("UPDATE `card_devices`")).trim();
    await env.DB.prepare(update).run();
    expect(await liveCards(member.id)).toHaveLength(1);
    expect(await liveCards(staff.id)).toEqual([]);
  });
});
