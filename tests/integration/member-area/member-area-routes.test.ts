import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext, memberContext } from "#app/context.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as acceptRulesAction } from "#app/features/member-area/routes/accept-club-rules.tsx";
import { loader as luxuryVendorsLoader } from "#app/features/member-area/routes/luxury-vendors.tsx";
import { loader as mediaDownloadLoader } from "#app/features/member-area/routes/media-download.tsx";
import { loader as mediaLoader } from "#app/features/member-area/routes/media.tsx";
import { loader as memberAreaLoader } from "#app/features/member-area/routes/member-area.tsx";
import { loader as membersLoader } from "#app/features/member-area/routes/members.tsx";
import { action as rewardsAction, loader as rewardsLoader } from "#app/features/member-area/routes/rewards.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { countRows, createMember, pointsOf } from "#tests/integration/support/member-area-records.ts";
import { signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * The member-area routes' loaders and actions, called as React Router calls them: after
 * requireMember has put the member in the context (the layout's first middleware, proved by the
 * e2e suite) and checkClubRulesAcceptance has run. The pages themselves are proved in Chromium.
 */
type RouteArgs<Params> = { request: Request; url: URL; pattern: string; params: Params; context: RouterContextProvider };

async function memberAreaRequest<Params extends Record<string, string> = Record<string, string>>(
  member: SignedInMember,
  path: string,
  init: { form?: Record<string, string>; params?: Params } = {},
): Promise<RouteArgs<Params>> {
  const request = new Request(`http://localhost${path}`, init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, member);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: init.params ?? ({} as Params), context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** What an action answered: its data and status, or the Response it threw. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; outcome?: ActionResult; location?: string | null }> {
  try {
    const result = (await run()) as DataWithResponseInit<ActionResult>;
    return { status: result.init?.status ?? 200, outcome: result.data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

async function acceptedMember(overrides: Parameters<typeof createMember>[0] = {}): Promise<SignedInMember> {
  const member = await createMember(overrides);
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

describe("the club rules step", () => {
  it("shows instead of every member page, whose loaders return no member data, until the rules are accepted", async () => {
    const member = await createMember({ points: 5000, locker: "business-P-12" });
    expect(memberAreaLoader(await memberAreaRequest(member, "/rewards"))).toEqual({ rulesAccepted: false, rulesVersion: RULES_VERSION });
    expect(await membersLoader(await memberAreaRequest(member, "/members"))).toBeNull();
    expect(await rewardsLoader(await memberAreaRequest(member, "/rewards"))).toBeNull();
    expect(mediaLoader(await memberAreaRequest(member, "/media"))).toBeNull();
    expect(await luxuryVendorsLoader(await memberAreaRequest(member, "/luxury-vendors"))).toBeNull();
  });

  it("records the current version and returns the member to the page they asked for, which then shows", async () => {
    const member = await createMember({ points: 5000 });
    const response = (await acceptRulesAction(
      await memberAreaRequest(member, "/members/accept-rules", { form: { rulesVersion: RULES_VERSION, redirectTo: "/rewards?from=menu" } }),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/rewards?from=menu");
    expect(await countRows("rules_acceptances", member.id)).toBe(1);
    expect(memberAreaLoader(await memberAreaRequest(member, "/rewards"))).toMatchObject({ rulesAccepted: true });
    expect(await rewardsLoader(await memberAreaRequest(member, "/rewards"))).toMatchObject({ balance: 5000 });
  });

  it("accepts nothing for a version other than the current one, and redirects only within the site", async () => {
    const member = await createMember();
    const stale = (await acceptRulesAction(
      await memberAreaRequest(member, "/members/accept-rules", { form: { rulesVersion: "2020-01", redirectTo: "//evil.example/members" } }),
    )) as Response;
    expect(stale.headers.get("Location")).toBe("/");
    expect(await countRows("rules_acceptances", member.id)).toBe(0);
  });

  it("sends a member who has not accepted the rules back to the page from any action, changing nothing", async () => {
    const member = await createMember({ points: 5000 });
    const redeemed = await answer(async () =>
      rewardsAction(await memberAreaRequest(member, "/rewards", { form: { itemId: "double-guillotine-cutter" } })),
    );
    expect(redeemed).toMatchObject({ status: 303, location: "/rewards" });
    expect(await pointsOf(member.id)).toBe(5000);
  });
});

describe("the /members page", () => {
  it("loads the tier name, the locker with its term, the guest allowance and the next bookings (none yet)", async () => {
    const member = await acceptedMember({ tier: "platinum", locker: "platinum-C-07", paidThrough: "2026-12-31T20:00:00.000Z" });
    const page = await membersLoader(await memberAreaRequest(member, "/members"));
    expect(page).toMatchObject({
      greeting: `Welcome, ${member.name}.`,
      tierName: "Platinum",
      locker: { title: "Locker C-07", detail: "Cedar-lined locker, Platinum Lounge. Held through December 31, 2026." },
      guests: { allowance: "A guest every day, and two extra guests on event nights.", next: null },
      bookings: [],
      meetingRooms: true,
    });
  });

  it("has no locker for a member without one, and says they are not on the waitlist", async () => {
    const member = await acceptedMember();
    expect(await membersLoader(await memberAreaRequest(member, "/members"))).toMatchObject({
      locker: { title: "No locker yet", detail: "You are not on the waitlist for a private locker." },
    });
  });
});

describe("the /members greeting", () => {
  it("says 'Welcome' on a member's first sign-in and 'Welcome back' once they have signed in before", async () => {
    const member = await createMember();
    await signedInAs(member);
    await acceptRules(env.DB, member.id, RULES_VERSION);
    expect(await membersLoader(await memberAreaRequest(member, "/members"))).toMatchObject({ greeting: `Welcome, ${member.name}.` });
    await signedInAs(member);
    expect(await membersLoader(await memberAreaRequest(member, "/members"))).toMatchObject({ greeting: `Welcome back, ${member.name}.` });
  });

  it("says 'Welcome back' to a member whose earlier sessions are gone: they accepted the rules before this one began", async () => {
    const member = await acceptedMember();
    await signedInAs(member, { now: Date.now() + 40 * 24 * 60 * 60 * 1000 });
    expect(await membersLoader(await memberAreaRequest(member, "/members"))).toMatchObject({ greeting: `Welcome back, ${member.name}.` });
  });
});

describe("the /rewards page", () => {
  it("with ?redeem=, confirms an item the balance covers: the item and the balance before and after", async () => {
    const member = await acceptedMember({ points: 3000 });
    expect(await rewardsLoader(await memberAreaRequest(member, "/rewards?redeem=double-guillotine-cutter"))).toMatchObject({
      balance: 3000,
      confirmation: {
        item: { id: "double-guillotine-cutter", name: "Double-guillotine cutter", pointsCost: 1200 },
        balanceBefore: 3000,
        balanceAfter: 1800,
      },
    });
    expect(await pointsOf(member.id)).toBe(3000);
  });

  it.each([
    ["an item the balance cannot cover", "/rewards?redeem=double-guillotine-cutter"],
    ["an item not in the catalogue", "/rewards?redeem=gold-plated-lighter"],
    ["no item", "/rewards"],
  ])("asks nothing for %s", async (_case, path) => {
    const member = await acceptedMember({ points: 100 });
    expect(await rewardsLoader(await memberAreaRequest(member, path))).toMatchObject({ confirmation: null });
  });

  it("redeems for the signed-in member only and shows the new balance and the redemption", async () => {
    const [member, other] = await Promise.all([acceptedMember({ points: 3000 }), acceptedMember({ points: 3000 })]);
    const result = await answer(async () =>
      rewardsAction(await memberAreaRequest(member, "/rewards", { form: { itemId: "double-guillotine-cutter", memberId: other.id } })),
    );
    expect(result).toMatchObject({
      status: 200,
      outcome: { form: "reward:double-guillotine-cutter", ok: true, toast: { title: "Reward redeemed" } },
    });
    expect(await pointsOf(other.id)).toBe(3000);
    expect(await rewardsLoader(await memberAreaRequest(member, "/rewards"))).toMatchObject({
      balance: 1800,
      redemptions: [{ itemName: "Double-guillotine cutter", points: 1200 }],
    });
  });

  it("answers 409 and its message when the points are not enough", async () => {
    const member = await acceptedMember({ points: 100 });
    const result = await answer(async () =>
      rewardsAction(await memberAreaRequest(member, "/rewards", { form: { itemId: "double-guillotine-cutter" } })),
    );
    expect(result).toMatchObject({ status: 409, outcome: { ok: false, error: "You do not have enough points for this reward." } });
    expect(await pointsOf(member.id)).toBe(100);
  });

  it("answers 400 to a form without an item", async () => {
    const member = await acceptedMember({ points: 5000 });
    const result = await answer(async () => rewardsAction(await memberAreaRequest(member, "/rewards", { form: { itemId: " " } })));
    expect(result.status).toBe(400);
    expect(await pointsOf(member.id)).toBe(5000);
  });
});

describe("media kit downloads", () => {
  it("serves the logo pack as a private, uncached ZIP attachment of the SVG marks", async () => {
    const member = await acceptedMember();
    const response = mediaDownloadLoader(
      await memberAreaRequest(member, "/media/downloads/ember-and-oak-logo-pack.zip", { params: { file: "ember-and-oak-logo-pack.zip" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ember-and-oak-logo-pack.zip"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "ember-and-oak-logo-pack/README.txt",
      "ember-and-oak-logo-pack/crest.svg",
      "ember-and-oak-logo-pack/oak-leaf-mark-brass.svg",
      "ember-and-oak-logo-pack/oak-leaf-mark-cream.svg",
      "ember-and-oak-logo-pack/oak-leaf-mark-night.svg",
    ]);
    expect(strFromU8(files["ember-and-oak-logo-pack/crest.svg"]!)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("serves the fact sheet as a Markdown attachment", async () => {
    const member = await acceptedMember();
    const response = mediaDownloadLoader(
      await memberAreaRequest(member, "/media/downloads/ember-and-oak-media-kit.md", { params: { file: "ember-and-oak-media-kit.md" } }),
    );
    expect(response.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ember-and-oak-media-kit.md"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toContain("# Ember & Oak Society: media kit fact sheet");
  });

  it("answers 404 for a file the kit does not have", async () => {
    const member = await acceptedMember();
    const response = mediaDownloadLoader(
      await memberAreaRequest(member, "/media/downloads/secrets.txt", { params: { file: "secrets.txt" } }),
    );
    expect(response.status).toBe(404);
  });

  it("sends a member who has not accepted the rules to /media, which shows the rules step", async () => {
    const member = await createMember();
    const args = await memberAreaRequest(member, "/media/downloads/ember-and-oak-media-kit.md", {
      params: { file: "ember-and-oak-media-kit.md" },
    });
    const result = await answer(async () => mediaDownloadLoader(args));
    expect(result).toMatchObject({ status: 302, location: "/media" });
  });
});
