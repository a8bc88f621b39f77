import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelGuestVisit, guestHost, hostGuestStatus } from "#worker/features/guests/guest-visits.ts";
import { guestReference } from "#worker/features/guests/guest-reference.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";
import { TEST_SIGNING_KEY } from "#tests/integration/support/invitation-fixtures.ts";
import { countGuestVisits, insertEvent, register, uniqueGuest } from "./guest-fixtures.ts";

/** Registrations decided by one INSERT … SELECT (docs/product-rules.md#guests), each tier's rules, and the quarter's limit across hosts. */
describe("a Kickback member's guests", () => {
  it("has one guest a day on four days a month, the first waived, and four days again the next month", async () => {
    const host = await createMember({ tier: "kickback" });
    for (const day of ["2031-01-05", "2031-01-06", "2031-01-07", "2031-01-08"]) {
      expect(await register(host, { day, guestName: uniqueGuest() })).toMatchObject({
        ok: true,
        visit: { stickFeeWaived: true, eventNightExtra: false },
      });
    }
    expect(await register(host, { day: "2031-01-08", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "day-full" });
    expect(await register(host, { day: "2031-01-09", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "month-full" });
    expect(await hostGuestStatus(env.DB, host.id, "2031-01-01")).toMatchObject({ guestDaysThisMonth: 4 });
    expect(await register(host, { day: "2031-02-01", guestName: uniqueGuest() })).toMatchObject({ ok: true });
    expect(await countGuestVisits(host.id)).toBe(5);
  });

  it("may open only the Kickback Lounge to a guest", async () => {
    const host = await createMember({ tier: "kickback" });
    expect(await register(host, { day: "2031-01-05", guestName: uniqueGuest(), lounge: "business" })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(await countGuestVisits(host.id)).toBe(0);
  });

  it("lets exactly one of two tabs register a guest for the same day", async () => {
    const host = await createMember({ tier: "kickback" });
    const results = await Promise.all([uniqueGuest(), uniqueGuest()].map((guestName) => register(host, { day: "2031-03-03", guestName })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "day-full")).toHaveLength(1);
    expect(await countGuestVisits(host.id)).toBe(1);
  });

  it("lets exactly one registration take the last guest day of the month when several days race", async () => {
    const host = await createMember({ tier: "kickback" });
    for (const day of ["2031-03-01", "2031-03-02", "2031-03-03"])
      expect(await register(host, { day, guestName: uniqueGuest() })).toMatchObject({ ok: true });
    const days = ["2031-03-10", "2031-03-11", "2031-03-12", "2031-03-13", "2031-03-14"];
    const results = await Promise.all(days.map((day) => register(host, { day, guestName: uniqueGuest() })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "month-full")).toHaveLength(4);
    expect(await countGuestVisits(host.id)).toBe(4);
  });

  it("gets the day back when a guest is cancelled", async () => {
    const host = await createMember({ tier: "kickback" });
    const first = await register(host, { day: "2031-04-04", guestName: uniqueGuest() });
    if (!first.ok) throw new Error("first registration refused");
    expect(await register(host, { day: "2031-04-04", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "day-full" });
    const other = await createMember({ tier: "kickback" });
    expect(await cancelGuestVisit(env.DB, { hostId: other.id, visitId: first.visit.id, today: "2031-04-01" })).toBe(false);
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: first.visit.id, today: "2031-04-05" })).toBe(false);
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: first.visit.id, today: "2031-04-01" })).toBe(true);
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: first.visit.id, today: "2031-04-01" })).toBe(false);
    expect(await register(host, { day: "2031-04-04", guestName: uniqueGuest() })).toMatchObject({
      ok: true,
      visit: { stickFeeWaived: true },
    });
    expect(await countGuestVisits(host.id, "cancelled")).toBe(1);
  });
});

describe("a Business member's guests", () => {
  it("has one guest every day, all month, at the Business or the Kickback Lounge", async () => {
    const host = await createMember({ tier: "business" });
    for (let date = 1; date <= 10; date++) {
      const day = `2031-05-${String(date).padStart(2, "0")}`;
      expect(await register(host, { day, guestName: uniqueGuest(), lounge: date % 2 ? "business" : "kickback" })).toMatchObject({
        ok: true,
        visit: { stickFeeWaived: true },
      });
    }
    expect(await register(host, { day: "2031-05-10", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "day-full" });
    expect(await register(host, { day: "2031-05-11", guestName: uniqueGuest(), lounge: "platinum" })).toEqual({
      ok: false,
      reason: "not-allowed",
    });
  });

  it("keeps twenty registrations at once for one day to one", async () => {
    const host = await createMember({ tier: "business" });
    const results = await Promise.all(Array.from({ length: 20 }, () => register(host, { day: "2031-05-20", guestName: uniqueGuest() })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await countGuestVisits(host.id)).toBe(1);
  });
});

describe("a Platinum member's guests", () => {
  it("has one guest a day, and two extra on a night with a member event at that lounge, the extras not waived", async () => {
    const host = await createMember({ tier: "platinum" });
    // 7 pm in Portland on Friday, February 14 2031 (03:00 UTC on the 15th).
    await insertEvent("platinum", "2031-02-15T03:00:00.000Z");
    const results = [];
    for (let guest = 0; guest < 4; guest++)
      results.push(await register(host, { day: "2031-02-14", guestName: uniqueGuest(), lounge: "platinum" }));
    expect(results.map((result) => result.ok && [result.visit.stickFeeWaived, result.visit.eventNightExtra])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      false,
    ]);
    expect(results[3]).toEqual({ ok: false, reason: "day-full" });
    // The event is at the Platinum Lounge: the Business Lounge that night has no extras, nor the next day.
    expect(await register(host, { day: "2031-02-15", guestName: uniqueGuest(), lounge: "platinum" })).toMatchObject({ ok: true });
    expect(await register(host, { day: "2031-02-15", guestName: uniqueGuest(), lounge: "platinum" })).toEqual({
      ok: false,
      reason: "day-full",
    });
  });

  it("gives exactly three of twenty simultaneous registrations on an event night, one of them waived", async () => {
    const host = await createMember({ tier: "platinum" });
    await insertEvent("platinum", "2031-06-07T02:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => register(host, { day: "2031-06-06", guestName: uniqueGuest(), lounge: "platinum" })),
    );
    const registered = results.flatMap((result) => (result.ok ? [result.visit] : []));
    expect(registered).toHaveLength(3);
    expect(registered.filter((visit) => visit.stickFeeWaived)).toHaveLength(1);
    expect(registered.filter((visit) => visit.eventNightExtra)).toHaveLength(2);
    expect(await countGuestVisits(host.id)).toBe(3);
  });
});

describe("a guest's visits a quarter, across every host", () => {
  it("allows the third (the host is told it is the last) and refuses a fourth, whoever hosts", async () => {
    const [first, second, third] = await Promise.all([createMember(), createMember({ tier: "platinum" }), createMember()]);
    const guest = uniqueGuest("Grace");
    expect(await register(first, { day: "2031-07-01", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: false });
    expect(await register(second, { day: "2031-08-01", guestName: guest.toUpperCase() })).toMatchObject({
      ok: true,
      lastVisitThisQuarter: false,
    });
    expect(await register(first, { day: "2031-09-30", guestName: `  ${guest.replace(" ", "   ")} ` })).toMatchObject({
      ok: true,
      lastVisitThisQuarter: true,
    });
    expect(await register(third, { day: "2031-09-15", guestName: guest })).toEqual({ ok: false, reason: "guest-quarter-limit" });
    // The next quarter starts afresh (October 1, Portland's calendar).
    expect(await register(third, { day: "2031-10-01", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: false });
    expect(await countGuestVisits(third.id)).toBe(1);
  });

  it("knows a guest by their email under another spelling of the name", async () => {
    const [first, second] = await Promise.all([createMember(), createMember()]);
    const email = `${crypto.randomUUID()}@example.com`;
    await register(first, { day: "2031-07-02", guestName: uniqueGuest("Kate"), guestEmail: email });
    await register(second, { day: "2031-07-03", guestName: uniqueGuest("Katherine"), guestEmail: email.toUpperCase() });
    expect(await register(first, { day: "2031-07-04", guestName: uniqueGuest("Katie"), guestEmail: email })).toMatchObject({
      ok: true,
      lastVisitThisQuarter: true,
    });
    expect(await register(second, { day: "2031-07-05", guestName: uniqueGuest("Kathy"), guestEmail: email })).toEqual({
      ok: false,
      reason: "guest-quarter-limit",
    });
  });

  it("lets exactly the quarter's remaining visits through when hosts race for one guest", async () => {
    const hosts = await Promise.all(Array.from({ length: 6 }, () => createMember()));
    const guest = uniqueGuest("Lin");
    const results = await Promise.all(hosts.map((host) => register(host, { day: "2031-11-11", guestName: guest })));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok && result.reason === "guest-quarter-limit")).toHaveLength(3);
  });

  it("does not count a cancelled visit", async () => {
    const host = await createMember();
    const guest = uniqueGuest("Nora");
    const visits = [];
    for (const day of ["2031-04-10", "2031-04-11", "2031-04-12"]) visits.push(await register(host, { day, guestName: guest }));
    const last = visits[2]!;
    if (!last.ok) throw new Error("third visit refused");
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: last.visit.id, today: "2031-04-01" })).toBe(true);
    expect(await register(host, { day: "2031-04-13", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: true });
  });
});

describe("the welcome email", () => {
  const outboxOf = (recipient: string) =>
    env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id")
      .bind(recipient)
      .all<{ subject: string; body: string }>();

  it("welcomes a guest with an email, escaped, and invites them to apply only at their last visit of the quarter", async () => {
    const host = await createMember();
    const email = `${crypto.randomUUID()}@example.com`;
    const guest = uniqueGuest("Siobhán");
    const first = await register(host, { day: "2031-01-20", guestName: `${guest} O'Neill`, guestEmail: email });
    expect(first).toMatchObject({ ok: true });
    expect(first.ok && first.outboxId).toEqual(expect.any(Number));
    await register(host, { day: "2031-01-21", guestName: `${guest} O'Neill`, guestEmail: email });
    const third = await register(host, { day: "2031-01-22", guestName: `${guest} O'Neill`, guestEmail: email });
    if (!third.ok) throw new Error("third visit refused");
    const { results } = await outboxOf(email);
    expect(results).toHaveLength(3);
    expect(results[0]!.subject).toBe("You are a guest at Ember & Oak Society");
    expect(results[0]!.body).toContain(`${guest} O&#39;Neill`);
    expect(results.slice(0, 2).every((message) => !message.body.includes("schedule-sit-down"))).toBe(true);
    const reference = await guestReference(TEST_SIGNING_KEY, third.visit.id);
    expect(results[2]!.body).toContain(`http://example.com/schedule-sit-down?guest=${reference}`);
    // No credential: no sign-in, invitation or status link.
    expect(results[2]!.body).not.toMatch(/\/invitation|\/application|\/auth|sealed/);
  });

  it("is not written for a refused registration, nor without an email", async () => {
    const host = await createMember({ tier: "kickback" });
    const email = `${crypto.randomUUID()}@example.com`;
    expect(await register(host, { day: "2031-01-20", guestName: uniqueGuest() })).toMatchObject({ ok: true, outboxId: null });
    expect(await register(host, { day: "2031-01-20", guestName: uniqueGuest(), guestEmail: email })).toEqual({
      ok: false,
      reason: "day-full",
    });
    expect((await outboxOf(email)).results).toHaveLength(0);
  });
});

describe("who may register", () => {
  it("refuses a member whose dues lapsed, or who is suspended, and stores nothing", async () => {
    const [lapsed, suspended] = await Promise.all([createMember(), createMember()]);
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(lapsed.id).run();
    await env.DB.prepare("UPDATE members SET status = 'suspended' WHERE id = ?").bind(suspended.id).run();
    expect(await register(lapsed, { day: "2031-01-20", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "not-allowed" });
    expect(await register(suspended, { day: "2031-01-20", guestName: uniqueGuest() })).toEqual({ ok: false, reason: "not-allowed" });
    expect(await countGuestVisits(lapsed.id)).toBe(0);
    expect(await countGuestVisits(suspended.id)).toBe(0);
  });

  it("refuses the same guest twice on one day as already registered", async () => {
    const host = await createMember({ tier: "platinum" });
    const guest = uniqueGuest();
    await register(host, { day: "2031-01-20", guestName: guest });
    expect(await register(host, { day: "2031-01-20", guestName: guest })).toEqual({ ok: false, reason: "already-registered" });
  });
});

describe("the signed guest reference", () => {
  it("names the visit's host, and nothing for a forged, altered or cancelled one", async () => {
    const host = await createMember();
    const email = `${crypto.randomUUID()}@example.com`;
    const applicant = { email, today: "2031-01-01" };
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest(), guestEmail: email });
    if (!visit.ok) throw new Error("refused");
    const reference = await guestReference(TEST_SIGNING_KEY, visit.visit.id);
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, reference, applicant)).toEqual({ id: host.id, name: host.name });
    expect(
      await guestHost(env.DB, TEST_SIGNING_KEY, `${reference.slice(0, -1)}${reference.endsWith("0") ? "1" : "0"}`, applicant),
    ).toBeNull();
    expect(await guestHost(env.DB, "another-signing-key-of-at-least-32-chars", reference, applicant)).toBeNull();
    const other = await register(host, { day: "2031-01-26", guestName: uniqueGuest(), guestEmail: email });
    if (!other.ok) throw new Error("refused");
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, `${other.visit.id}.${reference.split(".")[1]}`, applicant)).toBeNull();
    await cancelGuestVisit(env.DB, { hostId: host.id, visitId: visit.visit.id, today: "2031-01-01" });
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, reference, applicant)).toBeNull();
  });
});

describe("the findings of the guests review", () => {
  it("gives no extras for an event at another lounge", async () => {
    const host = await createMember({ tier: "platinum" });
    // 7 pm in Portland on Tuesday, March 11 2031, at the Business Lounge.
    await insertEvent("business", "2031-03-12T02:00:00.000Z");
    expect(await register(host, { day: "2031-03-11", guestName: uniqueGuest(), lounge: "platinum" })).toMatchObject({ ok: true });
    expect(await register(host, { day: "2031-03-11", guestName: uniqueGuest(), lounge: "platinum" })).toEqual({
      ok: false,
      reason: "day-full",
    });
  });

  it("ends the quarter on March 31 and starts the next on April 1 (Portland days)", async () => {
    const hosts = await Promise.all([createMember(), createMember(), createMember(), createMember()]);
    const guest = uniqueGuest("Mae");
    expect(await register(hosts[0]!, { day: "2031-01-01", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: false });
    expect(await register(hosts[1]!, { day: "2031-02-15", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: false });
    expect(await register(hosts[2]!, { day: "2031-03-31", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: true });
    expect(await register(hosts[3]!, { day: "2031-03-30", guestName: guest })).toEqual({ ok: false, reason: "guest-quarter-limit" });
    expect(await register(hosts[3]!, { day: "2031-04-01", guestName: guest })).toMatchObject({ ok: true, lastVisitThisQuarter: false });
  });

  it("refuses to cancel a guest on their day (the visit counts), and allows it the day before", async () => {
    const host = await createMember({ tier: "kickback" });
    const visit = await register(host, { day: "2031-05-05", guestName: uniqueGuest() });
    if (!visit.ok) throw new Error("refused");
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: visit.visit.id, today: "2031-05-05" })).toBe(false);
    expect(await hostGuestStatus(env.DB, host.id, "2031-05-05")).toMatchObject({ guestDaysThisMonth: 1 });
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: visit.visit.id, today: "2031-05-04" })).toBe(true);
  });

  it("waives the plus-one again when the waived guest is cancelled, and makes an extra only beyond the day's guests", async () => {
    const host = await createMember({ tier: "platinum" });
    await insertEvent("platinum", "2031-08-09T02:00:00.000Z");
    const day = "2031-08-08";
    const first = await register(host, { day, guestName: uniqueGuest(), lounge: "platinum" });
    const second = await register(host, { day, guestName: uniqueGuest(), lounge: "platinum" });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(second.visit).toMatchObject({ stickFeeWaived: false, eventNightExtra: true });
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: first.visit.id, today: "2031-08-01" })).toBe(true);
    const third = await register(host, { day, guestName: uniqueGuest(), lounge: "platinum" });
    expect(third).toMatchObject({ ok: true, visit: { stickFeeWaived: true, eventNightExtra: false } });
    expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: second.visit.id, today: "2031-08-01" })).toBe(true);
    expect(await register(host, { day, guestName: uniqueGuest(), lounge: "platinum" })).toMatchObject({
      ok: true,
      visit: { stickFeeWaived: false, eventNightExtra: true },
    });
  });

  it("tells exactly one of two racing hosts that a guest without an email is on their last visit", async () => {
    for (let round = 0; round < 3; round++) {
      const hosts = await Promise.all([createMember(), createMember(), createMember()]);
      const guest = uniqueGuest("Ida");
      expect(await register(hosts[0]!, { day: "2031-10-02", guestName: guest })).toMatchObject({ ok: true });
      const results = await Promise.all(hosts.slice(1).map((host) => register(host, { day: "2031-10-03", guestName: guest })));
      expect(results.map((result) => result.ok)).toEqual([true, true]);
      expect(results.filter((result) => result.ok && result.lastVisitThisQuarter)).toHaveLength(1);
    }
  });

  it("refuses a host's eleventh registration in 24 hours, cancelled ones counted, before telling anything of the guest", async () => {
    const host = await createMember({ tier: "business" });
    const email = `${crypto.randomUUID()}@example.com`;
    for (let date = 1; date <= 10; date++) {
      const visit = await register(host, { day: `2031-12-${String(date).padStart(2, "0")}`, guestName: uniqueGuest() });
      if (!visit.ok) throw new Error("refused");
      expect(await cancelGuestVisit(env.DB, { hostId: host.id, visitId: visit.visit.id, today: "2031-11-30" })).toBe(true);
    }
    // A guest who has used the quarter's visits with other hosts: the refusal does not say so.
    const guest = uniqueGuest("Vera");
    for (const day of ["2031-10-05", "2031-10-06", "2031-10-07"]) await register(await createMember(), { day, guestName: guest });
    expect(await register(host, { day: "2031-12-20", guestName: guest, guestEmail: email })).toEqual({
      ok: false,
      reason: "too-many-registrations",
    });
    expect(await register(host, { day: "2031-12-21", guestName: uniqueGuest(), guestEmail: email })).toEqual({
      ok: false,
      reason: "too-many-registrations",
    });
    const outbox = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE recipient = ?").bind(email).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
    expect(await countGuestVisits(host.id, "cancelled")).toBe(10);
  });

  it("lets exactly ten of fifteen racing registrations of one host through", async () => {
    const host = await createMember({ tier: "business" });
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        register(host, { day: `2031-12-${String(index + 1).padStart(2, "0")}`, guestName: uniqueGuest() }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    expect(results.filter((result) => !result.ok && result.reason === "too-many-registrations")).toHaveLength(5);
  });
});

describe("the signed guest reference, bound to the guest", () => {
  const reference = async (visitId: string) => guestReference(TEST_SIGNING_KEY, visitId);

  it("names the host only for the guest's own email, a host in good standing, and a visit of the last 90 days", async () => {
    const host = await createMember();
    const email = `${crypto.randomUUID()}@example.com`;
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest(), guestEmail: email });
    if (!visit.ok) throw new Error("refused");
    const signed = await reference(visit.visit.id);
    const named = { id: host.id, name: host.name };
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, signed, { email: ` ${email.toUpperCase()} `, today: "2031-01-20" })).toEqual(named);
    expect(
      await guestHost(env.DB, TEST_SIGNING_KEY, signed, { email: `${crypto.randomUUID()}@example.com`, today: "2031-01-20" }),
    ).toBeNull();
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, signed, { email, today: "2031-04-25" })).toEqual(named);
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, signed, { email, today: "2031-04-26" })).toBeNull();
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(host.id).run();
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, signed, { email, today: "2031-01-20" })).toBeNull();
  });

  it("names nobody for a guest registered without an email", async () => {
    const host = await createMember();
    const visit = await register(host, { day: "2031-01-25", guestName: uniqueGuest() });
    if (!visit.ok) throw new Error("refused");
    expect(await guestHost(env.DB, TEST_SIGNING_KEY, await reference(visit.visit.id), { email: "", today: "2031-01-20" })).toBeNull();
  });
});
