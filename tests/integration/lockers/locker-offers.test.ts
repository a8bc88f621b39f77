import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { lockerAssignments, lockerWaitlist, members } from "#db/schema.ts";
import {
  acceptLockerOffer,
  declineLockerOffer,
  offerFreedLocker,
  offerLocker,
  waitlistPositionSql,
} from "#worker/features/lockers/locker-offers.ts";
import { changeMembershipTier } from "#worker/features/dues/tier-changes.ts";
import { activatePaidOffer } from "#worker/features/dues/offer-activation.ts";
import { testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { insertOffer, membersOfRequest } from "#tests/integration/dues/offer-fixtures.ts";
import {
  assignmentsOf,
  clearLockers,
  createLockerMember,
  database,
  DAY_MS,
  emailsTo,
  fillLockers,
  giveLocker,
  iso,
  liveAssignmentOf,
  now,
  offerEnd,
  services,
  waitlistRow,
} from "./locker-fixtures.ts";

/** Offers, the waitlists and their races (docs/product-rules.md#lockers), against the real D1. */
beforeEach(clearLockers);

describe("offering a locker", () => {
  it("offers a new member the first free locker of their class in their home lounge, with an email", async () => {
    const member = await createLockerMember({ tier: "business" });
    const result = await offerLocker(services(), member.id, now);
    expect(result).toMatchObject({ outcome: "offered", lockerId: "business-P-01" });
    const [offer] = await liveAssignmentOf(member.id);
    expect(offer).toMatchObject({ status: "offered", lockerId: "business-P-01", offerExpiresAt: "2027-03-09T07:59:59.999Z" });
    const [email] = await emailsTo(member.email);
    expect(email!.subject).toBe("A locker is waiting for you at Ember & Oak Society");
    expect(email!.body).toContain("Private locker P-01 at the Business Lounge (it holds 75 cigars)");
    expect(email!.body).toContain("by March 8, 2027");
    expect(email!.body).toContain("https://emberandoak.test/members/locker");
  });

  it("offers the new member a locker in the batch that makes them, when their paid offer activates", async () => {
    const offer = await insertOffer({ tier: "platinum" });
    const paid = await activatePaidOffer(env.DB, {
      requestId: offer.id,
      method: "cash",
      externalId: crypto.randomUUID(),
      amountCents: 120_000,
      occurredAt: new Date().toISOString(),
      paidThrough: new Date(Date.now() + 91 * DAY_MS).toISOString(),
      recordedBy: offer.conciergeId,
      siteUrl: "https://emberandoak.test",
      signingKey: testSigningKey(),
    });
    expect(paid).toMatchObject({ ok: true });
    const [member] = await membersOfRequest(offer.id);
    expect(await liveAssignmentOf(member!.id)).toMatchObject([{ status: "offered", lockerId: "platinum-C-01" }]);
    expect((await emailsTo(member!.email)).map((email) => email.subject)).toContain("A locker is waiting for you at Ember & Oak Society");
  });

  it("offers a locker of another lounge the tier opens once the home lounge's are taken", async () => {
    await fillLockers("private", 8);
    const member = await createLockerMember({ tier: "business" });
    expect(await offerLocker(services(), member.id, now)).toMatchObject({ outcome: "offered", lockerId: "kickback-P-25" });
  });

  it("escapes the member's name in the email", async () => {
    const member = await createLockerMember({ tier: "kickback", name: "O'Hara & <Sons>" });
    await offerLocker(services(), member.id, now);
    const [email] = await emailsTo(member.email);
    expect(email!.body).toContain("O&#39;Hara &amp; &lt;Sons&gt;");
    expect(email!.body).toContain("Shared shelf S-001 at the Kickback Lounge");
  });

  it("of two members racing for the last locker of a class, offers it to one and puts the other first in line", async () => {
    const [last] = await fillLockers("cedar", 1);
    const first = await createLockerMember({ tier: "platinum" });
    const second = await createLockerMember({ tier: "platinum" });
    const results = await Promise.all([offerLocker(services(), first.id, now), offerLocker(services(), second.id, now)]);
    expect(results.map((result) => result.outcome).sort()).toEqual(["offered", "waitlisted"]);
    const [winner, loser] = results[0]!.outcome === "offered" ? [first, second] : [second, first];
    expect(await liveAssignmentOf(winner.id)).toMatchObject([{ lockerId: last, status: "offered" }]);
    expect(await liveAssignmentOf(loser.id)).toEqual([]);
    expect(await waitlistRow(loser.id)).toMatchObject({ lockerClass: "cedar" });
    const [email] = await emailsTo(loser.email);
    expect(email!.subject).toBe("Your place in line for a locker at Ember & Oak Society");
    expect(email!.body).toContain("You are number 1 in line");
  });

  it("of twenty members racing for the last locker, offers it to one and lines up the others 1 to 19", async () => {
    await fillLockers("cedar", 1);
    const racers = await Promise.all(Array.from({ length: 20 }, () => createLockerMember({ tier: "platinum" })));
    const results = await Promise.all(racers.map((racer) => offerLocker(services(), racer.id, now)));
    expect(results.filter((result) => result.outcome === "offered")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "waitlisted")).toHaveLength(19);
    const positions: string[] = [];
    for (const racer of racers) {
      const emails = await emailsTo(racer.email);
      expect(emails).toHaveLength(1);
      const position = /You are number (\d+) in line/.exec(emails[0]!.body)?.[1];
      if (position) positions.push(position);
    }
    expect(positions.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
  });

  it("does not pass someone waiting: a new member joins the line behind them", async () => {
    await fillLockers("shelf", 0);
    const waiting = await createLockerMember({ tier: "kickback" });
    expect(await offerLocker(services(), waiting.id, now)).toMatchObject({ outcome: "waitlisted" });
    // A locker frees with nobody offered it yet (a release the next run will offer).
    await database()
      .update(members)
      .set({ status: "suspended" })
      .where(eq(members.id, (await holderOf("kickback-S-048"))!));
    await endHolding("kickback-S-048");
    const newcomer = await createLockerMember({ tier: "kickback" });
    expect(await offerLocker(services(), newcomer.id, now)).toMatchObject({ outcome: "waitlisted" });
    expect(await offerFreedLocker(services(), "kickback-S-048", now)).toBe(waiting.id);
  });

  it("changes nothing for a member who already holds a locker of their class, or who may not hold one", async () => {
    const holder = await createLockerMember({ tier: "kickback" });
    await giveLocker(holder.id, "kickback-S-010");
    expect(await offerLocker(services(), holder.id, now)).toEqual({ outcome: "unchanged" });
    const lapsed = await createLockerMember({ tier: "kickback", duesStatus: "lapsed" });
    expect(await offerLocker(services(), lapsed.id, now)).toEqual({ outcome: "not-eligible" });
    expect(await assignmentsOf(lapsed.id)).toEqual([]);
    expect(await waitlistRow(lapsed.id)).toBeUndefined();
    expect(await emailsTo(holder.email)).toEqual([]);
  });
});

async function holderOf(lockerId: string) {
  const rows = await database().select().from(lockerAssignments).all();
  return rows.find((row) => row.lockerId === lockerId && row.status !== "ended")?.memberId;
}

async function endHolding(lockerId: string) {
  await database()
    .update(lockerAssignments)
    .set({ status: "ended", endedReason: "released" })
    .where(eq(lockerAssignments.lockerId, lockerId));
}

describe("answering an offer", () => {
  it("accepting makes the locker the member's", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    expect(await acceptLockerOffer(services(), member.id, now + DAY_MS)).toEqual({ ok: true, lockerId: "kickback-S-001" });
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "active", startedAt: new Date(now + DAY_MS).toISOString() }]);
  });

  it("refuses to accept an offer past the end of the day it prints, and one that does not exist", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    expect(await acceptLockerOffer(services(), member.id, offerEnd + 1)).toEqual({ ok: false, reason: "expired" });
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "offered" }]);
    const nobody = await createLockerMember({ tier: "kickback" });
    expect(await acceptLockerOffer(services(), nobody.id, now)).toEqual({ ok: false, reason: "no-offer" });
  });

  it("declining offers the locker to the next in line, with their email, and takes them out of the line", async () => {
    const [last] = await fillLockers("cedar", 1);
    const first = await createLockerMember({ tier: "platinum" });
    const next = await createLockerMember({ tier: "platinum" });
    await offerLocker(services(), first.id, now);
    await offerLocker(services(), next.id, now);
    expect(await declineLockerOffer(services(), first.id, now + DAY_MS)).toEqual({ ok: true, lockerId: last, passedOn: true });
    expect(await assignmentsOf(first.id)).toMatchObject([{ status: "ended", endedReason: "declined" }]);
    expect(await waitlistRow(first.id)).toBeUndefined();
    expect(await liveAssignmentOf(next.id)).toMatchObject([{ status: "offered", lockerId: last }]);
    expect(await waitlistRow(next.id)).toBeUndefined();
    const emails = await emailsTo(next.email);
    expect(emails.at(-1)!.body).toContain("Cedar-lined locker C-12 at the Platinum Lounge");
  });

  it("on an upgrade offers the new class; accepting frees the old locker to the next in its line", async () => {
    await fillLockers("shelf", 1);
    const upgrading = await createLockerMember({ tier: "kickback" });
    const waiting = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), upgrading.id, now);
    await acceptLockerOffer(services(), upgrading.id, now);
    expect(await offerLocker(services(), waiting.id, now)).toMatchObject({ outcome: "waitlisted" });
    const context = { env, config: services().config, logSecurityEvent: () => {} };
    expect(await changeMembershipTier(context, null, upgrading.id, "business")).toMatchObject({ ok: true, change: "upgraded" });
    expect(await liveAssignmentOf(upgrading.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "active", lockerId: "kickback-S-048" }),
        expect.objectContaining({ status: "offered", lockerId: "business-P-01" }),
      ]),
    );
    // The tier change offers with the clock's time.
    expect(await acceptLockerOffer(services(), upgrading.id, Date.now())).toEqual({ ok: true, lockerId: "business-P-01" });
    expect(await assignmentsOf(upgrading.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lockerId: "kickback-S-048", status: "ended", endedReason: "replaced" }),
        expect.objectContaining({ lockerId: "business-P-01", status: "active" }),
      ]),
    );
    expect(await liveAssignmentOf(waiting.id)).toMatchObject([{ status: "offered", lockerId: "kickback-S-048" }]);
  });
});

describe("the offer's end, the tier and races", () => {
  it("runs to the last millisecond of the Portland day the email prints", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    expect((await emailsTo(member.email)).at(-1)!.body).toContain("by March 8, 2027");
    expect(await acceptLockerOffer(services(), member.id, offerEnd)).toEqual({ ok: true, lockerId: "kickback-S-001" });
  });

  it("refuses an offer of a class the member's tier no longer has", async () => {
    const member = await createLockerMember({ tier: "business" });
    await offerLocker(services(), member.id, now);
    // A downgrade took effect at the renewal.
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, member.id));
    expect(await acceptLockerOffer(services(), member.id, now + DAY_MS)).toMatchObject({ ok: false });
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "offered", lockerId: "business-P-01" }]);
  });

  it("on an upgrade while an offer of the old class is open, ends it and offers the new class at once", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    const context = { env, config: services().config, logSecurityEvent: () => {} };
    expect(await changeMembershipTier(context, null, member.id, "business")).toMatchObject({ ok: true, change: "upgraded" });
    expect(await assignmentsOf(member.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lockerId: "kickback-S-001", status: "ended", endedReason: "replaced" }),
        expect.objectContaining({ lockerId: "business-P-01", status: "offered" }),
      ]),
    );
  });

  it("does not count in line, nor wait behind, someone whose tier does not have the class", async () => {
    const stale = await createLockerMember({ tier: "kickback" });
    await database()
      .insert(lockerWaitlist)
      .values({ memberId: stale.id, lockerClass: "private", joinedAt: iso(now - DAY_MS) });
    const member = await createLockerMember({ tier: "business" });
    expect(await offerLocker(services(), member.id, now)).toMatchObject({ outcome: "offered", lockerId: "business-P-01" });
    await fillLockers("cedar", 0);
    const lapsed = await createLockerMember({ tier: "platinum" });
    expect(await offerLocker(services(), lapsed.id, now)).toMatchObject({ outcome: "waitlisted" });
    await database().update(members).set({ duesStatus: "lapsed" }).where(eq(members.id, lapsed.id));
    const waiting = await createLockerMember({ tier: "platinum" });
    expect(await offerLocker(services(), waiting.id, now)).toMatchObject({ outcome: "waitlisted" });
    const [position] = await database()
      .select({ position: waitlistPositionSql(waiting.id) })
      .from(members)
      .where(eq(members.id, waiting.id));
    expect(position!.position).toBe(1);
  });

  it("of an accept racing a staff assignment, refuses the accept instead of failing", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    const [answer] = await Promise.all([
      acceptLockerOffer(services(), member.id, now + DAY_MS),
      giveLocker(member.id, "kickback-S-010", "active", { assignedBy: "concierge-1" }),
    ]);
    expect(answer).toMatchObject({ ok: false });
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: "active", lockerId: "kickback-S-010" })]),
    );
  });

  it("refuses to decline a downgrade's offer, which the cron would only make again; accepting it releases the bigger locker", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await giveLocker(member.id, "platinum-C-02");
    await offerLocker(services(), member.id, now);
    expect(await declineLockerOffer(services(), member.id, now + DAY_MS)).toEqual({ ok: false, reason: "downsize" });
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "active", lockerId: "platinum-C-02" }),
        expect.objectContaining({ status: "offered", lockerId: "kickback-S-001" }),
      ]),
    );
    expect(await acceptLockerOffer(services(), member.id, now + DAY_MS)).toMatchObject({ ok: true });
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "active", lockerId: "kickback-S-001" }]);
  });

  it("of an accept racing a decline, does one of them", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await offerLocker(services(), member.id, now);
    const [accepted, declined] = await Promise.all([
      acceptLockerOffer(services(), member.id, now + DAY_MS),
      declineLockerOffer(services(), member.id, now + DAY_MS),
    ]);
    expect([accepted.ok, declined.ok].filter(Boolean)).toHaveLength(1);
    const rows = await assignmentsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(accepted.ok ? "active" : "ended");
  });
});
