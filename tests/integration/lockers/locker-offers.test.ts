import { describe, expect, it } from "vitest";
import { offerLocker } from "#worker/features/lockers/locker-offers.ts";
import { createLockerMember, emailsTo, fillLockers, liveAssignmentOf, now, services, waitlistRow } from "./locker-fixtures.ts";

describe("offering a locker", () => {
  it("offers a new member the first free locker of their class in their home lounge, with an email", async () => {
    const member = await createLockerMember({ tier: "business" });
    const result = await offerLocker(services(), member.id, now);
    expect(result).toMatchObject({ outcome: "offered", lockerId: "business-P-01" });
    const [offer] = await liveAssignmentOf(member.id);
    expect(offer).toMatchObject({ status: "offered", lockerId: "business-P-01", offerExpiresAt: "2027-03-08T18:00:00.000Z" });
    const [email] = await emailsTo(member.email);
    expect(email!.body).toContain("Private locker P-01 at the Business Lounge");
    expect(email!.body).toContain("March 8, 2027");
  });

  it("puts the loser of a race for the last locker first in line", async () => {
    const [last] = await fillLockers("cedar", 1);
    const first = await createLockerMember({ tier: "platinum" });
    const second = await createLockerMember({ tier: "platinum" });
    const results = await Promise.all([offerLocker(services(), first.id, now), offerLocker(services(), second.id, now)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["offered", "waitlisted"]);
    const loser = results[0]!.outcome === "waitlisted" ? first : second;
    expect(await waitlistRow(loser.id)).toMatchObject({ lockerClass: "cedar" });
    const emails = await emailsTo(loser.email);
    expect(emails[0]!.body).toContain("You are number 1 in line");
    expect(last).toBe("platinum-C-12");
  });
});
