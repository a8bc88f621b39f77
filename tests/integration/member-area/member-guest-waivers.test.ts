import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { claimGuestWaiver, guestWaiverStatus } from "#worker/features/member-area/guest-waivers.ts";
import { countRows, createMember } from "#tests/integration/support/member-area-records.ts";

// 20:00 in Portland on Saturday, November 21 2026, and 23:59 the same Portland day (07:59 UTC on the 22nd).
const saturdayEvening = new Date("2026-11-22T04:00:00Z");
const saturdayLastMinute = new Date("2026-11-22T07:59:00Z");
const sundayMorning = new Date("2026-11-22T17:00:00Z");

describe("the daily plus-one's stick-fee waiver", () => {
  it("is unused until claimed, then shows today's guest", async () => {
    const member = await createMember();
    expect(await guestWaiverStatus(env.DB, member.id, member.tier, saturdayEvening)).toEqual({
      day: "2026-11-21",
      guestName: null,
      usedThisMonth: 0,
      monthlyLimit: null,
    });
    expect(
      await claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: "Ada Lovelace", now: saturdayEvening }),
    ).toEqual({
      ok: true,
      day: "2026-11-21",
      guestName: "Ada Lovelace",
    });
    expect(await guestWaiverStatus(env.DB, member.id, member.tier, saturdayLastMinute)).toMatchObject({
      guestName: "Ada Lovelace",
      usedThisMonth: 1,
    });
  });

  it("is used at most once a Portland day: a second claim that day is refused and changes nothing", async () => {
    const member = await createMember();
    await claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: "Ada Lovelace", now: saturdayEvening });
    // 07:59 UTC on the 22nd is still the 21st in Portland.
    expect(
      await claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: "Grace Hopper", now: saturdayLastMinute }),
    ).toEqual({
      ok: false,
      reason: "used-today",
    });
    expect(await guestWaiverStatus(env.DB, member.id, member.tier, saturdayEvening)).toMatchObject({ guestName: "Ada Lovelace" });
    expect(await countRows("guest_waivers", member.id)).toBe(1);
  });

  it("comes back the next Portland day", async () => {
    const member = await createMember();
    await claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: "Ada Lovelace", now: saturdayEvening });
    expect(
      await claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: "Grace Hopper", now: sundayMorning }),
    ).toMatchObject({
      ok: true,
      day: "2026-11-22",
    });
  });

  it("lets exactly one of ten simultaneous claims through", async () => {
    const member = await createMember();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, guest) =>
        claimGuestWaiver(env.DB, { memberId: member.id, tier: member.tier, guestName: `Guest ${guest}`, now: saturdayEvening }),
      ),
    );
    expect(claims.filter((claim) => claim.ok)).toHaveLength(1);
    expect(claims.filter((claim) => !claim.ok && claim.reason === "used-today")).toHaveLength(9);
    expect(await countRows("guest_waivers", member.id)).toBe(1);
  });

  it("gives Kickback members four waived days a month, and four again the next month", async () => {
    const member = await createMember({ tier: "kickback" });
    for (const day of ["01", "02", "03", "04"]) {
      expect(
        await claimGuestWaiver(env.DB, {
          memberId: member.id,
          tier: "kickback",
          guestName: "Ada Lovelace",
          now: new Date(`2026-11-${day}T20:00:00Z`),
        }),
      ).toMatchObject({ ok: true });
    }
    expect(
      await claimGuestWaiver(env.DB, {
        memberId: member.id,
        tier: "kickback",
        guestName: "Ada Lovelace",
        now: new Date("2026-11-05T20:00:00Z"),
      }),
    ).toEqual({
      ok: false,
      reason: "monthly-limit-reached",
    });
    expect(await guestWaiverStatus(env.DB, member.id, "kickback", new Date("2026-11-05T20:00:00Z"))).toMatchObject({
      guestName: null,
      usedThisMonth: 4,
      monthlyLimit: 4,
    });
    expect(
      await claimGuestWaiver(env.DB, {
        memberId: member.id,
        tier: "kickback",
        guestName: "Ada Lovelace",
        now: new Date("2026-12-01T20:00:00Z"),
      }),
    ).toMatchObject({ ok: true });
  });

  it("keeps a Kickback member within four days a month even when claims for different days race", async () => {
    const member = await createMember({ tier: "kickback" });
    const days = Array.from({ length: 10 }, (_, index) => new Date(`2026-11-${String(index + 10).padStart(2, "0")}T20:00:00Z`));
    const claims = await Promise.all(
      days.map((now) => claimGuestWaiver(env.DB, { memberId: member.id, tier: "kickback", guestName: "Ada Lovelace", now })),
    );
    expect(claims.filter((claim) => claim.ok)).toHaveLength(4);
    expect(await countRows("guest_waivers", member.id)).toBe(4);
  });

  it("never counts another member's guests", async () => {
    const [first, second] = await Promise.all([createMember(), createMember()]);
    await claimGuestWaiver(env.DB, { memberId: first.id, tier: first.tier, guestName: "Ada Lovelace", now: saturdayEvening });
    expect(
      await claimGuestWaiver(env.DB, { memberId: second.id, tier: second.tier, guestName: "Ada Lovelace", now: saturdayEvening }),
    ).toMatchObject({ ok: true });
  });
});
