import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { approveInvitationRequest } from "#worker/features/admissions/admissions.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import {
  type AdmissionsServices,
  placesTakenIn,
  promoteFromWaitlist,
  tierCap,
  waitlistPosition,
} from "#worker/features/admissions/tier-places.ts";
import { workerConfig } from "#worker/config.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import {
  clearApplicationTables,
  countRows,
  insertInvitationRequest,
  insertMember,
  testSigningKey,
} from "#tests/integration/support/concierge-fixtures.ts";

/** Places in the tiers, approvals into them (offer or waitlist) and promotions, against the real D1. */
const siteUrl = "https://emberandoak.test";
const now = Date.parse("2026-11-24T18:00:00.000Z");
let conciergeId = "";

/** What the Worker gives the admissions code, with the tiers' caps set as TIER_MEMBER_CAPS would. */
function services(
  caps: Partial<Record<"kickback" | "business" | "platinum", number>> = {},
  send: (message: { to: string; html: string }) => Promise<void> = async () => {},
): AdmissionsServices {
  const config = { ...workerConfig(env), SITE_URL: siteUrl, TIER_MEMBER_CAPS: caps };
  return { env: { ...env, EMAIL: { send } as unknown as SendEmail }, config, signingKey: testSigningKey() };
}

beforeEach(async () => {
  await clearApplicationTables();
  conciergeId = (await insertMember({ role: "concierge", name: "Elena Marsh" })).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** `count` members of `tier` in the given dues status. */
async function fillTier(tier: string, count: number, duesStatus = "active", role = "member") {
  for (let index = 0; index < count; index += 1)
    await env.DB.prepare(
      "INSERT INTO members (id, email, name, tier, role, status, dues_status) VALUES (?, ?, 'Seated Member', ?, ?, 'active', ?)",
    )
      .bind(crypto.randomUUID(), `${crypto.randomUUID()}@example.com`, tier, role, duesStatus)
      .run();
}

const approve = (requestId: string, tier: "kickback" | "business" | "platinum", caps = {}, at = now) =>
  approveInvitationRequest(services(caps), { requestId, conciergeId, tier, note: null, now: at });

const requestRow = (id: string) =>
  env.DB.prepare("SELECT status, tier, offered_at, offer_expires_at, waitlisted_at, decided_by FROM invitation_requests WHERE id = ?")
    .bind(id)
    .first<Record<string, string | null>>();

const eventsOf = (id: string) =>
  env.DB.prepare("SELECT kind, actor_id, detail FROM application_events WHERE request_id = ? ORDER BY id")
    .bind(id)
    .all()
    .then((result) => result.results);

describe("tierCap", () => {
  it("is site-config's cap unless TIER_MEMBER_CAPS names the tier", () => {
    expect(tierCap({ TIER_MEMBER_CAPS: {} }, "platinum")).toBe(40);
    expect(tierCap({ TIER_MEMBER_CAPS: { platinum: 3 } }, "platinum")).toBe(3);
    expect(tierCap({ TIER_MEMBER_CAPS: { platinum: 3 } }, "business")).toBe(120);
  });
});

describe("places taken in a tier", () => {
  it("counts the tier's members whose dues have not lapsed and its open offers; not concierges, lapsed members or other tiers", async () => {
    await fillTier("platinum", 1, "active");
    await fillTier("platinum", 1, "past_due");
    await fillTier("platinum", 2, "lapsed");
    await fillTier("platinum", 1, "active", "concierge");
    await fillTier("business", 3, "active");
    expect(await placesTakenIn(env.DB, "platinum")).toBe(2);
    const offered = await insertInvitationRequest();
    expect(await approve(offered.id, "platinum", { platinum: 3 })).toMatchObject({ ok: true, decision: "offered" });
    // 1 active + 1 past due + 1 offer = 3: the tier is full.
    expect(await placesTakenIn(env.DB, "platinum")).toBe(3);
    const next = await insertInvitationRequest();
    expect(await approve(next.id, "platinum", { platinum: 3 })).toMatchObject({ ok: true, decision: "waitlisted" });
  });
});

describe("approving into a tier", () => {
  it("offers a place for 7 days when the tier has room: the offer email with the sealed status link, and the event, in the same batch", async () => {
    const request = await insertInvitationRequest({ name: "Avery Hale", email: "Avery.Hale@Example.com" });
    const result = await approve(request.id, "platinum");
    expect(result).toMatchObject({ ok: true, decision: "offered", email: "avery.hale@example.com" });
    if (!result.ok) return;
    expect(await requestRow(request.id)).toEqual({
      status: "offered",
      tier: "platinum",
      offered_at: "2026-11-24T18:00:00.000Z",
      offer_expires_at: "2026-12-01T18:00:00.000Z",
      waitlisted_at: null,
      decided_by: conciergeId,
    });
    expect(await countRows("members", "role = 'member'")).toBe(0);
    const email = (await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(result.outboxId).first<Record<string, string>>())!;
    expect(email).toMatchObject({ recipient: "avery.hale@example.com", subject: "Your membership offer from Ember & Oak Society" });
    const opened = await unsealSecrets(testSigningKey(), email.body!, escapeMarkup);
    expect(opened).toContain("Platinum membership");
    expect(opened).toContain("$2,500"); // the initiation fee
    expect(opened).toContain("$1,797 ($599 a month, billed quarterly)"); // a quarter's dues
    expect(opened).toContain("December 1, 2026");
    const link = /href="([^"]+\/application#[^"]+)"/.exec(opened)?.[1];
    expect(await readApplicationStatusToken(testSigningKey(), link ?? "")).toBe(request.id);
    // The stored email holds the link sealed.
    expect(email.body).not.toContain("/application#");
    expect(await eventsOf(request.id)).toEqual([{ kind: "offered", actor_id: conciergeId, detail: "platinum" }]);
  });

  it("puts the applicant on the waitlist when the tier is full, with the waitlist email and a position", async () => {
    await fillTier("platinum", 2);
    const first = await insertInvitationRequest();
    const second = await insertInvitationRequest();
    expect(await approve(first.id, "platinum", { platinum: 2 })).toMatchObject({ ok: true, decision: "waitlisted" });
    expect(await approve(second.id, "platinum", { platinum: 2 }, now + 1000)).toMatchObject({ ok: true, decision: "waitlisted" });
    expect(await requestRow(first.id)).toMatchObject({
      status: "waitlisted",
      tier: "platinum",
      waitlisted_at: "2026-11-24T18:00:00.000Z",
      offered_at: null,
      offer_expires_at: null,
    });
    expect(await waitlistPosition(env.DB, first.id)).toBe(1);
    expect(await waitlistPosition(env.DB, second.id)).toBe(2);
    const subjects = await env.DB.prepare("SELECT subject FROM outbox ORDER BY id").all<{ subject: string }>();
    expect(subjects.results.map((row) => row.subject)).toEqual([
      "Your place on the Ember & Oak Society waitlist",
      "Your place on the Ember & Oak Society waitlist",
    ]);
    expect(await eventsOf(first.id)).toEqual([{ kind: "waitlisted", actor_id: conciergeId, detail: "platinum" }]);
  });

  it("does not pass those waiting: with a free place but a waitlist, a new approval joins the line", async () => {
    await fillTier("platinum", 1);
    const waiting = await insertInvitationRequest();
    expect(await approve(waiting.id, "platinum", { platinum: 1 })).toMatchObject({ decision: "waitlisted" });
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE role = 'member'").run();
    const later = await insertInvitationRequest();
    expect(await approve(later.id, "platinum", { platinum: 1 }, now + 1000)).toMatchObject({ decision: "waitlisted" });
    expect(await waitlistPosition(env.DB, later.id)).toBe(2);
  });

  it("never overfills a nearly full tier: of 12 approvals at once into 2 free places, 2 are offered and 10 waitlisted", async () => {
    await fillTier("business", 3);
    const requests = await Promise.all(Array.from({ length: 12 }, () => insertInvitationRequest()));
    const results = await Promise.all(requests.map((request) => approve(request.id, "business", { business: 5 })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.decision === "offered")).toHaveLength(2);
    expect(await countRows("invitation_requests", "status = 'offered' AND tier = 'business'")).toBe(2);
    expect(await countRows("invitation_requests", "status = 'waitlisted' AND tier = 'business'")).toBe(10);
    expect(await placesTakenIn(env.DB, "business")).toBe(5);
    // One email and one event per decision, each matching it.
    expect(await countRows("outbox", "subject = 'Your membership offer from Ember & Oak Society'")).toBe(2);
    expect(await countRows("outbox", "subject = 'Your place on the Ember & Oak Society waitlist'")).toBe(10);
    expect(await countRows("application_events", "kind = 'offered'")).toBe(2);
    expect(await countRows("application_events", "kind = 'waitlisted'")).toBe(10);
    const positions = await Promise.all(requests.map((request) => waitlistPosition(env.DB, request.id)));
    expect(positions.filter((position) => position !== null).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("decides one request once when ten approvals of it arrive in the same millisecond: one email, one event", async () => {
    const request = await insertInvitationRequest();
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(request.id, "kickback")));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "already-decided")).toHaveLength(9);
    expect(await countRows("outbox")).toBe(1);
    expect(await countRows("application_events")).toBe(1);
  });
});

describe("waitlistPosition", () => {
  it("is null for a request that is not waiting", async () => {
    const request = await insertInvitationRequest();
    expect(await waitlistPosition(env.DB, request.id)).toBeNull();
    expect(await waitlistPosition(env.DB, crypto.randomUUID())).toBeNull();
  });

  it("counts only the same tier's waitlist", async () => {
    await fillTier("platinum", 1);
    await fillTier("business", 1);
    const platinum = await insertInvitationRequest();
    const business = await insertInvitationRequest();
    await approve(platinum.id, "platinum", { platinum: 1 });
    await approve(business.id, "business", { business: 1 }, now + 1000);
    expect(await waitlistPosition(env.DB, business.id)).toBe(1);
  });
});

describe("promoteFromWaitlist", () => {
  async function waitlistOf(count: number, tier: "platinum" | "business" = "platinum") {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const request = await insertInvitationRequest();
      await approve(request.id, tier, { [tier]: 1 }, now + index * 1000);
      ids.push(request.id);
    }
    return ids;
  }

  it("offers the freed place to the head of the line only, with the offer email and an event, and the line moves up", async () => {
    await fillTier("platinum", 1);
    const [head, next, last] = await waitlistOf(3);
    expect(await promoteFromWaitlist(services({ platinum: 1 }), "platinum", now + 60_000)).toEqual([]);
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE role = 'member'").run();

    const sent: Array<{ to: string; html: string }> = [];
    const promoted = await promoteFromWaitlist(
      services({ platinum: 1 }, async (message: { to: string; html: string }) => void sent.push(message)),
      "platinum",
      now + 60_000,
    );
    expect(promoted).toEqual([head]);
    expect(await requestRow(head!)).toMatchObject({
      status: "offered",
      offered_at: new Date(now + 60_000).toISOString(),
      offer_expires_at: new Date(now + 60_000 + 7 * 86_400_000).toISOString(),
    });
    expect(await waitlistPosition(env.DB, next!)).toBe(1);
    expect(await waitlistPosition(env.DB, last!)).toBe(2);
    expect(await eventsOf(head!)).toEqual([
      { kind: "waitlisted", actor_id: conciergeId, detail: "platinum" },
      { kind: "offered", actor_id: null, detail: "platinum" },
    ]);
    // Delivered at once, the link opened by the sender.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.html).toContain("A place has opened in the Platinum tier");
    expect(sent[0]!.html).toMatch(/\/application#[0-9a-f-]{36}\.[0-9a-f]+/);
  });

  it("offers as many places as are free, in order, when the cap was raised", async () => {
    await fillTier("platinum", 1);
    const [first, second, third] = await waitlistOf(3);
    expect(await promoteFromWaitlist(services({ platinum: 3 }), "platinum", now + 60_000)).toEqual([first, second]);
    expect(await waitlistPosition(env.DB, third!)).toBe(1);
  });

  it("offers one free place once when five promotions run at the same time", async () => {
    await fillTier("platinum", 1);
    await waitlistOf(4);
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE role = 'member'").run();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => promoteFromWaitlist(services({ platinum: 1 }), "platinum", now + 60_000)),
    );
    expect(results.flat()).toHaveLength(1);
    expect(await countRows("invitation_requests", "status = 'offered'")).toBe(1);
    expect(await countRows("invitation_requests", "status = 'waitlisted'")).toBe(3);
    expect(await countRows("outbox", "subject = 'Your membership offer from Ember & Oak Society'")).toBe(1);
    expect(await countRows("application_events", "kind = 'offered'")).toBe(1);
  });
});
