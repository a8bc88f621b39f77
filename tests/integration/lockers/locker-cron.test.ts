import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { lockerAssignments, lockerWaitlist, members } from "#db/schema.ts";
import { memberLockerView } from "#app/features/lockers/locker-view.ts";
import { runLockerCron } from "#worker/features/lockers/locker-cron.ts";
import { loadMemberLocker } from "#worker/features/lockers/member-locker.ts";
import { acceptLockerOffer, declineLockerOffer, offerLocker } from "#worker/features/lockers/locker-offers.ts";
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

/** The lockers' cron steps (docs/product-rules.md#lockers), driven with the trigger's time. */
beforeEach(clearLockers);

const setDues = (memberId: string, duesStatus: "active" | "lapsed") =>
  database().update(members).set({ duesStatus }).where(eq(members.id, memberId));

describe("the lapse workflow", () => {
  it("gives 7 days' grace, then holds the contents 60 days, then releases the locker to the next in line, emailing each step", async () => {
    const [last] = await fillLockers("cedar", 1);
    const holder = await createLockerMember({ tier: "platinum" });
    await giveLocker(holder.id, last!);
    const waiting = await createLockerMember({ tier: "platinum" });
    expect(await offerLocker(services(), waiting.id, now)).toMatchObject({ outcome: "waitlisted" });
    await setDues(holder.id, "lapsed");

    await runLockerCron(services(), now);
    expect(await liveAssignmentOf(holder.id)).toMatchObject([{ status: "grace", graceEndsAt: iso(now + 7 * DAY_MS) }]);
    expect((await emailsTo(holder.email)).at(-1)!.body).toContain("stays yours until March 8, 2027");

    await runLockerCron(services(), now + 7 * DAY_MS - 1000);
    expect(await liveAssignmentOf(holder.id)).toMatchObject([{ status: "grace" }]);

    await runLockerCron(services(), now + 7 * DAY_MS);
    expect(await liveAssignmentOf(holder.id)).toMatchObject([{ status: "holding", holdUntil: iso(now + 67 * DAY_MS) }]);
    expect((await emailsTo(holder.email)).at(-1)!.body).toContain("holds its contents for you until May 7, 2027");

    await runLockerCron(services(), now + 67 * DAY_MS);
    expect(await assignmentsOf(holder.id)).toMatchObject([{ status: "ended", endedReason: "released" }]);
    expect((await emailsTo(holder.email)).at(-1)!.subject).toBe("Your locker at Ember & Oak Society has been released");
    expect(await emailsTo(holder.email)).toHaveLength(3);
    expect(await liveAssignmentOf(waiting.id)).toMatchObject([{ status: "offered", lockerId: last }]);
    expect((await emailsTo(waiting.email)).at(-1)!.body).toContain("Cedar-lined locker C-12 at the Platinum Lounge");
    expect(await waitlistRow(waiting.id)).toBeUndefined();
  });

  it("gives the locker back, with an email, when the dues are paid during the grace or the holding", async () => {
    const holder = await createLockerMember({ tier: "kickback" });
    await giveLocker(holder.id, "kickback-S-003");
    await setDues(holder.id, "lapsed");
    await runLockerCron(services(), now);
    await runLockerCron(services(), now + 7 * DAY_MS);
    expect(await liveAssignmentOf(holder.id)).toMatchObject([{ status: "holding" }]);
    await setDues(holder.id, "active");
    await runLockerCron(services(), now + 8 * DAY_MS);
    expect(await liveAssignmentOf(holder.id)).toMatchObject([{ status: "active", graceEndsAt: null, holdUntil: null }]);
    expect((await emailsTo(holder.email)).at(-1)!.subject).toBe("Your locker at Ember & Oak Society is yours again");
  });

  it("sends one email per step when two runs overlap", async () => {
    const holder = await createLockerMember({ tier: "kickback" });
    await giveLocker(holder.id, "kickback-S-004");
    await setDues(holder.id, "lapsed");
    await Promise.all([runLockerCron(services(), now), runLockerCron(services(), now)]);
    expect(await emailsTo(holder.email)).toHaveLength(1);
  });
});

describe("offers in the cron", () => {
  it("ends an offer after the last millisecond of the Portland day it prints, offers the locker to the next in line, and takes the member out of the line", async () => {
    const [last] = await fillLockers("private", 1);
    const offered = await createLockerMember({ tier: "business" });
    const next = await createLockerMember({ tier: "business" });
    await offerLocker(services(), offered.id, now);
    await offerLocker(services(), next.id, now);

    await runLockerCron(services(), offerEnd);
    expect(await liveAssignmentOf(offered.id)).toMatchObject([{ status: "offered" }]);

    const result = await runLockerCron(services(), offerEnd + 1);
    expect(await assignmentsOf(offered.id)).toMatchObject([{ status: "ended", endedReason: "offer-expired" }]);
    expect(await waitlistRow(offered.id)).toBeUndefined();
    expect(await liveAssignmentOf(next.id)).toMatchObject([{ status: "offered", lockerId: last }]);
    expect(result.offersEnded).toHaveLength(1);
  });

  it("ends the offer to a member whose dues lapsed, and offers the locker to the next in line", async () => {
    const [last] = await fillLockers("private", 1);
    const offered = await createLockerMember({ tier: "business" });
    const next = await createLockerMember({ tier: "business" });
    await offerLocker(services(), offered.id, now);
    await offerLocker(services(), next.id, now);
    await setDues(offered.id, "lapsed");
    await runLockerCron(services(), now);
    expect(await assignmentsOf(offered.id)).toMatchObject([{ status: "ended", endedReason: "membership-ended" }]);
    expect(await liveAssignmentOf(next.id)).toMatchObject([{ status: "offered", lockerId: last }]);
  });

  it("offers a locker to an active member who has none (made by an operator, or before lockers), not to a lapsed one", async () => {
    const without = await createLockerMember({ tier: "kickback" });
    const lapsed = await createLockerMember({ tier: "kickback", duesStatus: "lapsed" });
    const result = await runLockerCron(services(), now);
    expect(result.offered).toContain(without.id);
    expect(await liveAssignmentOf(without.id)).toMatchObject([{ status: "offered", lockerId: "kickback-S-001" }]);
    expect(await liveAssignmentOf(lapsed.id)).toEqual([]);
    await runLockerCron(services(), now);
    expect(await emailsTo(without.email)).toHaveLength(1);
  });

  it("leaves alone a member whom staff gave a locker of another class by hand", async () => {
    const member = await createLockerMember({ tier: "business" });
    await giveLocker(member.id, "kickback-S-004", "active", { assignedBy: "concierge-1" });
    const result = await runLockerCron(services(), now);
    expect(result.offered).not.toContain(member.id);
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "active", lockerId: "kickback-S-004" }]);
  });

  it("after a downgrade took effect, closes the bigger locker (contents held 14 days, the member told) and offers the smaller class", async () => {
    const member = await createLockerMember({ tier: "business" });
    await giveLocker(member.id, "business-P-05");
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, member.id));
    await runLockerCron(services(), now);
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "holding", lockerId: "business-P-05", holdUntil: iso(now + 14 * DAY_MS) }),
        expect.objectContaining({ status: "offered", lockerId: "kickback-S-001" }),
      ]),
    );
    const emails = await emailsTo(member.email);
    expect(emails.map((email) => email.subject)).toContain("Your locker at Ember & Oak Society: released with your change of tier");
    // The locker page says why it is closed.
    const page = memberLockerView((await loadMemberLocker(services().env.DB, member.id))!);
    expect(page.held).toMatchObject({
      status: "holding",
      statusText: "Your tier no longer includes this locker, so it is closed: the concierge holds its contents until March 15, 2027.",
      closedText: "Your locker is closed: your tier no longer includes it.",
    });
    // 14 days on, unclaimed, it goes to the next in line; the member is told.
    await runLockerCron(services(), now + 14 * DAY_MS + 1000);
    expect(await assignmentsOf(member.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ lockerId: "business-P-05", status: "ended", endedReason: "released" })]),
    );
    expect((await emailsTo(member.email)).at(-1)!.body).toContain("The 14 days we held the contents of locker P-05");
  });

  it("gives a downgrade's closed locker back when the member returns to a tier that includes it before the holding ends", async () => {
    const member = await createLockerMember({ tier: "business" });
    await giveLocker(member.id, "business-P-06");
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, member.id));
    await runLockerCron(services(), now);
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: "holding", lockerId: "business-P-06" })]),
    );
    await database().update(members).set({ tier: "business" }).where(eq(members.id, member.id));
    await runLockerCron(services(), now + DAY_MS);
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: "active", lockerId: "business-P-06" })]),
    );
  });
});

describe("downgrades and tier changes in the cron", () => {
  it("offers a downgraded member their class again when the offer runs out (it cannot be declined), until they accept; accepting frees the bigger locker to its line", async () => {
    const member = await createLockerMember({ tier: "business" });
    await giveLocker(member.id, "business-P-05");
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, member.id));
    expect((await runLockerCron(services(), now)).offered).toContain(member.id);
    expect(await declineLockerOffer(services(), member.id, now + 1000)).toEqual({ ok: false, reason: "downsize" });
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: "offered", lockerId: "kickback-S-001" })]),
    );

    // Let run out: offered again on the run that ends it.
    await runLockerCron(services(), offerEnd + 1);
    const later = now + 8 * DAY_MS;
    const [offer] = (await liveAssignmentOf(member.id)).filter((row) => row.status === "offered");
    expect(offer).toBeDefined();

    const waiting = await createLockerMember({ tier: "business" });
    await database()
      .insert(lockerWaitlist)
      .values({ memberId: waiting.id, lockerClass: "private", joinedAt: iso(now) });
    expect(await acceptLockerOffer(services(), member.id, later)).toMatchObject({ ok: true });
    expect(await liveAssignmentOf(waiting.id)).toMatchObject([{ status: "offered", lockerId: "business-P-05" }]);
    expect((await runLockerCron(services(), later + 1000)).offered).not.toContain(member.id);
  });

  it("leaves alone a member who holds a smaller class than their tier's (they declined an upgrade's offer)", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await giveLocker(member.id, "kickback-S-002");
    await database().update(members).set({ tier: "business" }).where(eq(members.id, member.id));
    await runLockerCron(services(), now);
    expect(await declineLockerOffer(services(), member.id, now + 1000)).toMatchObject({ ok: true });
    expect((await runLockerCron(services(), now + 2000)).offered).not.toContain(member.id);
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "active", lockerId: "kickback-S-002" }]);
  });

  it("after a tier change, ends the offer and the place in line of the old class and offers the locker to the next in line", async () => {
    const [last] = await fillLockers("private", 1);
    const changing = await createLockerMember({ tier: "business" });
    const next = await createLockerMember({ tier: "business" });
    await offerLocker(services(), changing.id, now);
    await offerLocker(services(), next.id, now);
    const waiter = await createLockerMember({ tier: "business" });
    await offerLocker(services(), waiter.id, now);
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, changing.id));
    await database().update(members).set({ tier: "platinum" }).where(eq(members.id, waiter.id));
    await runLockerCron(services(), now + 1000);
    expect(await assignmentsOf(changing.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ lockerId: last, status: "ended", endedReason: "replaced" })]),
    );
    expect(await liveAssignmentOf(next.id)).toMatchObject([{ status: "offered", lockerId: last }]);
    expect(await liveAssignmentOf(waiter.id)).toMatchObject([{ status: "offered", lockerId: "platinum-C-01" }]);
    expect(await waitlistRow(waiter.id)).toBeUndefined();
  });

  it("offers a free locker someone may take even when many free lockers come first that nobody in line may take", async () => {
    // A private line with only a member who already holds a private locker: nobody may take those.
    const holder = await createLockerMember({ tier: "business" });
    await giveLocker(holder.id, "business-P-01");
    await database()
      .insert(lockerWaitlist)
      .values({ memberId: holder.id, lockerClass: "private", joinedAt: iso(now - DAY_MS) });
    await fillLockers("cedar", 0);
    const waiting = await createLockerMember({ tier: "platinum" });
    expect(await offerLocker(services(), waiting.id, now)).toMatchObject({ outcome: "waitlisted" });
    await database()
      .update(lockerAssignments)
      .set({ status: "ended", endedReason: "released" })
      .where(eq(lockerAssignments.lockerId, "platinum-C-12"));
    const result = await runLockerCron(services(), now + 1000);
    expect(result.offered).toContain(waiting.id);
    expect(await liveAssignmentOf(waiting.id)).toMatchObject([{ status: "offered", lockerId: "platinum-C-12" }]);
  });
});

describe("overlapping runs", () => {
  it("hold the contents, release the locker and end an offer once each, with one email each", async () => {
    const holding = await createLockerMember({ tier: "kickback" });
    await giveLocker(holding.id, "kickback-S-020", "grace", { graceEndsAt: iso(now - 1000) });
    const released = await createLockerMember({ tier: "kickback" });
    await giveLocker(released.id, "kickback-S-021", "holding", { holdUntil: iso(now - 1000) });
    await database()
      .update(members)
      .set({ duesStatus: "lapsed" })
      .where(inArray(members.id, [holding.id, released.id]));
    const offered = await createLockerMember({ tier: "platinum" });
    await offerLocker(services(), offered.id, now - 9 * DAY_MS);
    const next = await createLockerMember({ tier: "platinum" });
    await database()
      .insert(lockerWaitlist)
      .values({ memberId: next.id, lockerClass: "cedar", joinedAt: iso(now - DAY_MS) });
    const before = (await emailsTo(offered.email)).length;

    const runs = await Promise.all([runLockerCron(services(), now), runLockerCron(services(), now)]);
    expect(runs.flatMap((run) => run.holding)).toHaveLength(1);
    expect(runs.flatMap((run) => run.released)).toHaveLength(1);
    expect(runs.flatMap((run) => run.offersEnded)).toHaveLength(1);
    expect(await emailsTo(holding.email)).toHaveLength(1);
    expect(await emailsTo(released.email)).toHaveLength(1);
    expect(await emailsTo(offered.email)).toHaveLength(before);
    expect(await emailsTo(next.email)).toHaveLength(1);
    expect(await liveAssignmentOf(next.id)).toMatchObject([{ status: "offered", lockerId: "platinum-C-01" }]);
  });
});
