import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { members } from "#db/schema.ts";
import { runLockerCron } from "#worker/features/lockers/locker-cron.ts";
import { offerLocker } from "#worker/features/lockers/locker-offers.ts";
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

  it("after a downgrade took effect, offers the smaller class while the member keeps the bigger locker", async () => {
    const member = await createLockerMember({ tier: "business" });
    await giveLocker(member.id, "business-P-05");
    await database().update(members).set({ tier: "kickback" }).where(eq(members.id, member.id));
    await runLockerCron(services(), now);
    expect(await liveAssignmentOf(member.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "active", lockerId: "business-P-05" }),
        expect.objectContaining({ status: "offered", lockerId: "kickback-S-001" }),
      ]),
    );
  });
});
