import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { cardDevices, securityEvents } from "#db/schema.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import * as memberArea from "#app/features/member-area/routes/member-area.tsx";
import * as memberCard from "#app/features/card/routes/member-card.tsx";
import * as memberCardPhoto from "#app/features/card/routes/member-card-photo.ts";
import { encodeBase64Url, exportDevicePublicKey, generateDeviceKey } from "#app/features/card/member-credential.ts";
import { createWorkerApp } from "#worker/app.ts";
import { certifyDevice } from "#worker/features/card/card-devices.ts";
import { storeMemberPhoto } from "#worker/features/card/member-photos.ts";
import { findMemberById } from "#worker/features/members/members.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * The card page's form (revoking a card) and the photo route through the real Worker and React
 * Router's request handler with the real route modules (the document itself is proved in Chromium).
 */
type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
const route = (id: string, module: object, path?: string, parentId = "root") => ({ id, parentId, path, module: module as RouteModule });

const build: ServerBuild = {
  entry: { module: { default: (_request, status, headers) => new Response("<!doctype html><p>page</p>", { status, headers }) } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "member-area": route("member-area", memberArea),
    "member-card": route("member-card", memberCard, "members/card", "member-area"),
    "member-card-photo": route("member-card-photo", memberCardPhoto, "members/card/photo"),
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};

const app = createWorkerApp(createRequestHandler(build, "production"));
const origin = "http://localhost:8787";

async function send(path: string, { cookie = "", form }: { cookie?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const context = createExecutionContext();
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const init: RequestInit = form
    ? {
        method: "POST",
        headers: { ...headers, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }
    : { headers };
  const response = await app.fetch(new Request(`${origin}${path}`, { ...init, redirect: "manual" }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

async function memberWithCard() {
  const member = await createTestMember();
  await acceptRules(env.DB, member.id, RULES_VERSION);
  const { cookie } = await signedInAs(member);
  const keys = await generateDeviceKey();
  const row = (await findMemberById(env.DB, member.id))!;
  const outcome = await certifyDevice(
    env,
    row,
    encodeBase64Url(await exportDevicePublicKey(keys.publicKey)),
    "iPhone Safari/605.1",
    Date.now(),
  );
  if (!outcome.ok) throw new Error(outcome.error);
  return { member, cookie, cardId: outcome.card.cardId };
}

const cardRow = async (cardId: string) => (await getDatabase(env.DB).select().from(cardDevices).where(eq(cardDevices.id, cardId)))[0];

describe("the card page's list of cards", () => {
  it("lists the member's cards and revokes one with a plain form (post/redirect/get), audited", async () => {
    const { member, cookie, cardId } = await memberWithCard();
    const page = await send("/members/card.data", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await page.text()).toContain(cardId);

    const revoked = await send("/members/card", { cookie, form: { intent: "revoke-card", cardId } });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("Location")).toBe("/members/card?done=card-revoked");
    expect((await cardRow(cardId))?.revokedAt).not.toBeNull();
    const audited = await getDatabase(env.DB)
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, "card_revoked"), eq(securityEvents.userId, member.id)));
    expect(audited).toHaveLength(1);
  });

  it("another member cannot revoke your card", async () => {
    const { cardId } = await memberWithCard();
    const other = await memberWithCard();
    const refused = await send("/members/card", { cookie: other.cookie, form: { intent: "revoke-card", cardId } });
    expect(refused.status).toBe(404);
    expect((await cardRow(cardId))?.revokedAt).toBeNull();
  });

  it("a malformed form changes nothing; a visitor is sent to sign in", async () => {
    const { cookie, cardId } = await memberWithCard();
    const forms: Record<string, string>[] = [
      { intent: "revoke-card", cardId: "not-a-uuid" },
      { intent: "revoke-everything", cardId },
      { cardId },
    ];
    for (const form of forms) {
      expect((await send("/members/card", { cookie, form })).status).toBe(400);
    }
    const visitor = await send("/members/card", { form: { intent: "revoke-card", cardId } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
    expect((await cardRow(cardId))?.revokedAt).toBeNull();
  });
});

describe("/members/card/photo", () => {
  // A JPEG's structure: start, a JFIF segment, the scan and its data, end.
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 0xff, 0xda, 0, 2, 5, 6, 7, 8, 0xff, 0xd9]);

  it("serves the member their own photo, privately", async () => {
    const { member, cookie } = await memberWithCard();
    expect((await storeMemberPhoto(env, member.id, new File([jpeg], "me.jpg"))).ok).toBe(true);
    const photo = await send("/members/card/photo", { cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
    expect(photo.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(jpeg);
  });

  it("is a 404 for a visitor and for a member without a photo (never someone else's)", async () => {
    const { member } = await memberWithCard();
    await storeMemberPhoto(env, member.id, new File([jpeg], "me.jpg"));
    const visitor = await send("/members/card/photo");
    expect(visitor.status).toBe(404);
    const other = await memberWithCard();
    const theirs = await send("/members/card/photo", { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("Content-Type")).not.toBe("image/jpeg");
  });
});
