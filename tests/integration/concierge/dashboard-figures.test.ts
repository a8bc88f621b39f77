import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { doorCheckIns, doorGuestCheckIns, duesLedger, invitationRequests, lockerAssignments, members, securityEvents } from "#db/schema.ts";
import { dashboardFigures } from "#worker/features/concierge/dashboard-figures.ts";
import { reportPaths, send, staffAccount } from "./console-reports-app.ts";

/**
 * The dashboard's figures (docs/product-rules.md#dashboard) against the real D1, at a fixed
 * moment: Tuesday November 24, 2026, noon in Portland (PST, UTC-8). This Portland week began
 * Monday November 23 at 08:00 UTC; the oldest of the 12 weeks on Monday September 7 (PDT) at 07:00
 * UTC; the quarter on October 1 (PDT) at 07:00 UTC.
 */
const database = getDatabase(env.DB);
const NOW = Date.parse("2026-11-24T20:00:00Z");
const caps = { TIER_MEMBER_CAPS: { business: 5 } };

beforeEach(async () => {
  await database.batch([
    database.delete(invitationRequests),
    database.delete(members),
    database.delete(lockerAssignments),
    database.delete(doorCheckIns),
    database.delete(doorGuestCheckIns),
    database.delete(duesLedger),
    database.delete(securityEvents),
  ]);
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let rows = 0;
const nextId = () => `row-${++rows}`;

function application(
  createdAt: string,
  status: (typeof invitationRequests.$inferInsert)["status"] = "new",
  tier: "business" | null = null,
) {
  return database.insert(invitationRequests).values({
    id: nextId(),
    name: "Applicant",
    email: `a${rows}@example.com`,
    company: "Co",
    invitedBy: "Someone",
    message: "Hello",
    recaptchaScore: 0.9,
    status,
    tier,
    createdAt,
  });
}

function member(fields: Partial<typeof members.$inferInsert> = {}) {
  const id = nextId();
  return database
    .insert(members)
    .values({ id, email: `${id}@example.com`, name: id, tier: "business", status: "active", ...fields })
    .then(() => id);
}

function checkIn(day: string, guests = 0) {
  const id = nextId();
  return database.batch([
    database.insert(doorCheckIns).values({
      id,
      memberId: "m",
      lounge: "kickback",
      day,
      checkedInAt: `${day}T20:00:00.000Z`,
      method: "card",
      staffMemberId: "s",
    }),
    ...Array.from({ length: Math.max(guests, 1) }, (_, index) =>
      database.insert(doorGuestCheckIns).values({
        id: `${id}-g${index}`,
        checkInId: id,
        guestName: "Guest",
        // One refused on sync when there are no guests: it must not count.
        guestVisitId: guests > 0 ? `${id}-v${index}` : null,
        refusedOnSync: guests > 0 ? null : "over the allowance",
      }),
    ),
  ]);
}

function ledger(kind: "payment" | "refund" | "charge", amountCents: number, occurredAt: string) {
  return database.insert(duesLedger).values({
    memberId: "m",
    kind,
    amountCents,
    description: kind,
    method: "stripe",
    externalId: nextId(),
    occurredAt,
  });
}

describe("the dashboard's figures", () => {
  it("counts applications in Portland weeks (Monday to Sunday), twelve of them, without repeats", async () => {
    await application("2026-11-23T07:59:59.999Z"); // Sunday 11:59 pm in Portland: last week
    await application("2026-11-23T08:00:00.000Z"); // Monday midnight: this week
    await application("2026-11-24T19:00:00.000Z", "declined");
    await application("2026-11-24T19:30:00.000Z", "joined"); // a repeat of an earlier request
    await application("2026-09-07T06:59:59.999Z"); // before the oldest week
    await application("2026-09-07T07:00:00.000Z"); // the oldest week's first moment (PDT)
    await application("2026-11-30T08:00:00.000Z"); // next Monday: the next week, not shown
    const { applicationsPerWeek } = await dashboardFigures(env.DB, caps, NOW);
    expect(applicationsPerWeek).toHaveLength(12);
    expect(applicationsPerWeek[0]).toEqual({ weekOf: "2026-09-07", count: 1 });
    expect(applicationsPerWeek.at(-2)).toEqual({ weekOf: "2026-11-16", count: 1 });
    expect(applicationsPerWeek.at(-1)).toEqual({ weekOf: "2026-11-23", count: 2 });
    expect(applicationsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(4);
  });

  it("counts the places taken in each tier against its cap, TIER_MEMBER_CAPS first", async () => {
    await member();
    await member({ duesStatus: "past_due" });
    await member({ duesStatus: "lapsed" }); // a lapsed member's place is free
    await member({ role: "concierge" }); // staff take no place
    await member({ tier: "kickback", pendingTier: "business" }); // the place kept for a downgrade
    await application("2026-11-20T00:00:00.000Z", "offered", "business"); // an open offer holds one
    const { tiers } = await dashboardFigures(env.DB, caps, NOW);
    expect(tiers).toEqual([
      { tier: "kickback", taken: 1, cap: 250 },
      { tier: "business", taken: 4, cap: 5 },
      { tier: "platinum", taken: 0, cap: 40 },
    ]);
  });

  it("counts lockers held (active, in grace, holding) and offered in each lounge, against the inventory", async () => {
    const [locker1, locker2, locker3, locker4] = (
      await env.DB.prepare("SELECT id FROM lockers WHERE lounge = 'business' ORDER BY id LIMIT 4").all<{ id: string }>()
    ).results.map((row) => row.id);
    const assign = (lockerId: string, status: "active" | "grace" | "holding" | "offered" | "ended", memberId = nextId()) =>
      database.insert(lockerAssignments).values({ id: nextId(), lockerId, memberId, status });
    await assign(locker1!, "active");
    await assign(locker2!, "grace");
    await assign(locker3!, "offered");
    await assign(locker4!, "ended");
    const totals = await env.DB.prepare("SELECT lounge, COUNT(*) AS n FROM lockers GROUP BY lounge").all<{ lounge: string; n: number }>();
    const { lockers } = await dashboardFigures(env.DB, caps, NOW);
    const business = lockers.find((row) => row.lounge === "business");
    expect(business).toEqual({
      lounge: "business",
      total: totals.results.find((row) => row.lounge === "business")!.n,
      held: 2,
      offered: 1,
    });
    expect(lockers.filter((row) => row.lounge !== "business").every((row) => row.held === 0 && row.offered === 0)).toBe(true);
  });

  it("counts check-ins on each of the last 14 Portland evenings, with the guests admitted", async () => {
    await checkIn("2026-11-24", 2);
    await checkIn("2026-11-24");
    await checkIn("2026-11-11"); // 13 days before today: the oldest evening shown
    await checkIn("2026-11-10"); // 14 days before: not shown
    const { checkInsPerEvening } = await dashboardFigures(env.DB, caps, NOW);
    expect(checkInsPerEvening).toHaveLength(14);
    expect(checkInsPerEvening[0]).toEqual({ day: "2026-11-11", members: 1, guests: 0 });
    expect(checkInsPerEvening.at(-1)).toEqual({ day: "2026-11-24", members: 2, guests: 2 });
    expect(checkInsPerEvening.reduce((sum, evening) => sum + evening.members, 0)).toBe(3);
  });

  it("sums the Portland quarter's payments less its refunds, month by month, in cents", async () => {
    await ledger("payment", 99_999, "2026-10-01T06:59:59.999Z"); // September 30 in Portland: last quarter
    await ledger("payment", 125_000, "2026-10-01T07:00:00.000Z"); // October 1 at midnight (PDT)
    await ledger("payment", 50_050, "2026-11-30T23:00:00.000Z"); // still November in Portland
    await ledger("refund", 20_000, "2026-11-02T18:00:00.000Z");
    await ledger("charge", 70_000, "2026-11-02T18:00:00.000Z"); // owed, not collected
    await ledger("payment", 10_000, "2027-01-01T08:00:00.000Z"); // next quarter (PST)
    const { dues } = await dashboardFigures(env.DB, caps, NOW);
    expect(dues).toEqual({
      quarterFirstDay: "2026-10-01",
      paymentsCents: 175_050,
      refundsCents: 20_000,
      months: [
        { monthOf: "2026-10-01", netCents: 125_000 },
        { monthOf: "2026-11-01", netCents: 30_050 },
        { monthOf: "2026-12-01", netCents: 0 },
      ],
    });
  });

  it("shows an empty club as zeros", async () => {
    const figures = await dashboardFigures(env.DB, caps, NOW);
    expect(figures.applicationsPerWeek.every((week) => week.count === 0)).toBe(true);
    expect(figures.checkInsPerEvening.every((evening) => evening.members === 0)).toBe(true);
    expect(figures.dues.paymentsCents).toBe(0);
  });
});

describe("who may open the dashboard, the audit log and the exports", () => {
  it("gives a visitor, a member and a door-only account the 404 at every address, for every method", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const plain = await staffAccount("member");
    const door = await staffAccount("door");
    for (const cookie of ["", plain.cookie, door.cookie]) {
      for (const path of reportPaths) {
        expect((await send(path, cookie)).status, path).toBe(404);
        expect((await send(`${path.split("?")[0]}.data`, cookie)).status, path).toBe(404);
        const post = await send(path, cookie, { method: "POST", headers: { Origin: "http://localhost:8787" }, body: "" });
        expect(post.status, path).toBe(404);
      }
    }
    expect(await database.select().from(securityEvents).all()).not.toContainEqual(expect.objectContaining({ eventType: "sensitive_read" }));
  });

  it("gives a concierge the dashboard, never cached, with its charts named", async () => {
    const concierge = await staffAccount("concierge");
    const page = await send("/concierge/dashboard.data", concierge.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await page.text();
    expect(text).toContain("applications in the last 12 weeks");
    expect(text).toContain("No check-ins in the last 14 evenings.");
  });
});
