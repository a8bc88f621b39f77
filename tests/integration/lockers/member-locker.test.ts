import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "#app/features/lockers/routes/member-locker.tsx";
import { eq } from "drizzle-orm";
import { members } from "#db/schema.ts";
import { memberLockerView } from "#app/features/lockers/locker-view.ts";
import { loadMemberLocker, sendLockerRequest } from "#worker/features/lockers/member-locker.ts";
import { offerLocker } from "#worker/features/lockers/locker-offers.ts";
import {
  answer,
  assignmentsOf,
  clearLockers,
  createLockerMember,
  database,
  DAY_MS,
  fillLockers,
  giveLocker,
  iso,
  liveAssignmentOf,
  lockerPageRequest,
  now,
  requestsOf,
  services,
  waitlistRow,
} from "./locker-fixtures.ts";

/** /members/locker's loader and action (docs/product-rules.md#lockers), called as React Router calls them. */
beforeEach(clearLockers);

describe("the member's locker page", () => {
  it("shows the locker, its lounge, class, capacity, term and status", async () => {
    const member = await createLockerMember({ tier: "platinum", paidThrough: "2027-06-01T18:00:00.000Z" });
    await giveLocker(member.id, "platinum-C-03", "active", { nameplate: "The Hartleys" });
    expect(await loader(await lockerPageRequest(member))).toMatchObject({
      held: {
        number: "C-03",
        loungeName: "Platinum Lounge",
        className: "Cedar-lined locker",
        capacity: "Holds 200 cigars",
        term: "Held through June 1, 2027",
        statusText: "Active",
        nameplate: "The Hartleys",
        hasNameplate: true,
      },
      offer: null,
      waiting: null,
      mayJoin: null,
    });
  });

  it("says a member admitted before dues holds the locker while their membership is active", async () => {
    const member = await createLockerMember({ tier: "kickback", paidThrough: null });
    await giveLocker(member.id, "kickback-S-009");
    expect(await loader(await lockerPageRequest(member))).toMatchObject({
      held: { term: "Held while your membership is active", hasNameplate: false },
    });
  });

  it("shows an offer and its end, accepts it, and declines another", async () => {
    const member = await createLockerMember({ tier: "business" });
    await offerLocker(services(), member.id, Date.now());
    expect(await loader(await lockerPageRequest(member))).toMatchObject({
      held: null,
      offer: { number: "P-01", loungeName: "Business Lounge", className: "Private locker" },
    });
    expect(await answer(async () => action(await lockerPageRequest(member, { intent: "accept" })))).toMatchObject({
      status: 200,
      outcome: { form: "offer", ok: true },
    });
    expect(await liveAssignmentOf(member.id)).toMatchObject([{ status: "active", lockerId: "business-P-01" }]);
    expect(await answer(async () => action(await lockerPageRequest(member, { intent: "decline" })))).toMatchObject({
      status: 409,
      outcome: { form: "offer", ok: false, error: "There is no locker offer waiting for you just now." },
    });
  });

  it("shows the place in line as an ordinal, and lets a member not in line join it", async () => {
    await fillLockers("cedar", 0);
    const waiters = [];
    for (let index = 0; index < 3; index++) {
      const waiter = await createLockerMember({ tier: "platinum" });
      await offerLocker(services(), waiter.id, now);
      waiters.push(waiter);
    }
    expect(await loader(await lockerPageRequest(waiters[2]!))).toMatchObject({
      waiting: { text: "You are 3rd in line for a cedar-lined locker." },
      mayJoin: null,
    });
    const outside = await createLockerMember({ tier: "platinum" });
    expect(await loader(await lockerPageRequest(outside))).toMatchObject({
      waiting: null,
      mayJoin: { text: "You are not on the waitlist for a cedar-lined locker." },
    });
    expect(await answer(async () => action(await lockerPageRequest(outside, { intent: "join-waitlist" })))).toMatchObject({
      status: 200,
      outcome: { form: "waitlist", ok: true, toast: { title: "On the Waitlist" } },
    });
    expect(await waitlistRow(outside.id)).toMatchObject({ lockerClass: "cedar" });
  });

  it("saves a cedar locker's nameplate, refuses bad text without changing it, and refuses a locker without a nameplate", async () => {
    const member = await createLockerMember({ tier: "platinum" });
    await giveLocker(member.id, "platinum-C-04");
    expect(
      await answer(async () => action(await lockerPageRequest(member, { intent: "nameplate", nameplate: "  J. & M. O'Neil-Park  " }))),
    ).toMatchObject({
      status: 200,
      outcome: { form: "nameplate", ok: true },
    });
    expect((await liveAssignmentOf(member.id))[0]!.nameplate).toBe("J. & M. O'Neil-Park");
    for (const [nameplate, message] of [
      ["", "Enter the text for your nameplate."],
      ["x".repeat(41), "Keep the nameplate to 40 characters."],
      ["<b>Bold</b>", "Use letters, digits, spaces and & . ' - only."],
      ["Smith\u202Eevil", "Use letters, digits, spaces and & . ' - only."],
      ["&&&", "Use letters, digits, spaces and & . ' - only."],
    ] as const) {
      expect(await answer(async () => action(await lockerPageRequest(member, { intent: "nameplate", nameplate })))).toMatchObject({
        status: 400,
        outcome: { form: "nameplate", ok: false, fieldErrors: { nameplate: message } },
      });
    }
    expect((await liveAssignmentOf(member.id))[0]!.nameplate).toBe("J. & M. O'Neil-Park");

    const business = await createLockerMember({ tier: "business" });
    await giveLocker(business.id, "business-P-04");
    expect(await answer(async () => action(await lockerPageRequest(business, { intent: "nameplate", nameplate: "Mine" })))).toMatchObject({
      status: 409,
      outcome: { ok: false, error: "Only a cedar-lined locker carries a nameplate." },
    });
    expect((await liveAssignmentOf(business.id))[0]!.nameplate).toBeNull();
  });

  it("sends a request with a note, lists it, and refuses a bad kind or note without writing anything", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await giveLocker(member.id, "kickback-S-020");
    expect(
      await answer(async () =>
        action(await lockerPageRequest(member, { intent: "request", kind: "humidity", note: "The hygrometer reads 58%." })),
      ),
    ).toMatchObject({
      status: 200,
      outcome: { form: "request", ok: true },
    });
    expect(await requestsOf(member.id)).toMatchObject([
      { kind: "humidity", note: "The hygrometer reads 58%.", status: "open", lockerId: "kickback-S-020" },
    ]);
    expect(await loader(await lockerPageRequest(member))).toMatchObject({ requests: [{ kind: "Humidity concern", status: "Open" }] });
    for (const [form, field, message] of [
      [{ kind: "polish" }, "kind", "Choose what you need."],
      [{ kind: "pull", note: "x".repeat(501) }, "note", "Keep the note under 500 characters."],
      [{ kind: "pull", note: "bad \u0000 byte" }, "note", "Invalid characters in note"],
    ] as const) {
      expect(await answer(async () => action(await lockerPageRequest(member, { intent: "request", ...form })))).toMatchObject({
        status: 400,
        outcome: { form: "request", ok: false, fieldErrors: { [field]: message } },
      });
    }
    expect(await requestsOf(member.id)).toHaveLength(1);
  });

  it("keeps a member to 5 open requests, even sent at once", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await giveLocker(member.id, "kickback-S-021");
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => sendLockerRequest(services().env.DB, member.id, { kind: "restock", note: null })),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array(7).fill({ ok: false, reason: "too-many" }));
    expect(await requestsOf(member.id)).toHaveLength(5);
    expect(await answer(async () => action(await lockerPageRequest(member, { intent: "request", kind: "pull" })))).toMatchObject({
      status: 409,
      outcome: { ok: false, error: expect.stringContaining("You have 5 open requests") },
    });
  });

  it("tells a lapsed or suspended waiter their place in line is paused, not their position", async () => {
    await fillLockers("cedar", 0);
    const lapsed = await createLockerMember({ tier: "platinum" });
    await offerLocker(services(), lapsed.id, now);
    const suspended = await createLockerMember({ tier: "platinum" });
    await offerLocker(services(), suspended.id, now);
    await database().update(members).set({ duesStatus: "lapsed" }).where(eq(members.id, lapsed.id));
    expect(await loader(await lockerPageRequest({ ...lapsed, duesStatus: "lapsed" }))).toMatchObject({
      waiting: { text: "Your place in line is paused until your dues are paid." },
    });
    await database().update(members).set({ status: "suspended" }).where(eq(members.id, suspended.id));
    const record = await loadMemberLocker(services().env.DB, suspended.id);
    expect(memberLockerView(record!).waiting).toEqual({ text: "Your place in line is paused while your membership is suspended." });
  });

  it("says who the declined locker goes to only when someone in line was offered it", async () => {
    const member = await createLockerMember({ tier: "business" });
    await offerLocker(services(), member.id, now);
    expect(await answer(async () => action(await lockerPageRequest(member, { intent: "decline" })))).toMatchObject({
      status: 200,
      outcome: { form: "offer", ok: true, toast: { description: "You may join the waitlist again whenever you wish." } },
    });
  });

  it("refuses a request about a locker whose contents are held", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    await giveLocker(member.id, "kickback-S-007", "holding", { holdUntil: iso(now + 60 * DAY_MS) });
    expect(await sendLockerRequest(services().env.DB, member.id, { kind: "pull", note: null })).toEqual({ ok: false, reason: "no-locker" });
    expect(await requestsOf(member.id)).toEqual([]);
  });

  it("refuses a request from a member without a locker", async () => {
    const member = await createLockerMember({ tier: "kickback" });
    expect(await sendLockerRequest(services().env.DB, member.id, { kind: "pull", note: null })).toEqual({ ok: false, reason: "no-locker" });
    expect(await assignmentsOf(member.id)).toEqual([]);
  });
});
