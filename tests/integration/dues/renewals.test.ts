import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "#db/client.ts";
import { invitationRequests } from "#db/schema.ts";
import { workerConfig } from "#worker/config.ts";
import { runDuesCron } from "#worker/features/dues/dues-cron.ts";
import { insertInvitationRequest, testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { DAY_MS, createDuesMember, emailsTo, memberRow, placesTakenIn } from "./dues-fixtures.ts";

/** Renewals and lapses (docs/product-rules.md#billing-renewals-and-lapses), against the real D1. */
const siteUrl = "https://emberandoak.test";
const now = Date.parse("2027-03-01T18:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const services = (caps: ReturnType<typeof workerConfig>["TIER_MEMBER_CAPS"] = {}) => ({
  env,
  config: { ...workerConfig(env), SITE_URL: siteUrl, TIER_MEMBER_CAPS: caps },
  signingKey: testSigningKey(),
});

describe("the dues cron", () => {
  it("lapses a past-due member whose grace has ended, with one email, and leaves one still in grace alone", async () => {
    const ended = await createDuesMember({
      duesStatus: "past_due",
      graceEndsAt: iso(now - 1000),
      subscriptionId: `sub_${crypto.randomUUID()}`,
    });
    const inGrace = await createDuesMember({ duesStatus: "past_due", graceEndsAt: iso(now + DAY_MS) });
    const result = await runDuesCron(services(), now);
    expect(result.lapsed).toContainEqual({ id: ended.id, tier: "business" });
    expect((await memberRow(ended.id)).duesStatus).toBe("lapsed");
    expect((await memberRow(inGrace.id)).duesStatus).toBe("past_due");
    const emails = await emailsTo(ended.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Your Ember & Oak Society membership has lapsed");
    expect(await emailsTo(inGrace.email)).toHaveLength(0);
  });

  it("makes a lounge payer whose paid quarter has ended past due, with 14 days of grace and one email", async () => {
    const ranOut = await createDuesMember({ paidThrough: iso(now - 1000) });
    const stillPaid = await createDuesMember({ paidThrough: iso(now + DAY_MS) });
    const beforeDues = await createDuesMember({ paidThrough: null });
    const bySubscription = await createDuesMember({ paidThrough: iso(now - 1000), subscriptionId: `sub_${crypto.randomUUID()}` });
    const result = await runDuesCron(services(), now);
    expect(result.pastDue).toContain(ranOut.id);
    expect(await memberRow(ranOut.id)).toMatchObject({ duesStatus: "past_due", graceEndsAt: iso(now + 14 * DAY_MS) });
    const [email] = await emailsTo(ranOut.email);
    expect(email!.body).toContain("$897");
    expect(email!.body).toContain("March 15, 2027");
    for (const untouched of [stillPaid, beforeDues, bySubscription]) {
      expect((await memberRow(untouched.id)).duesStatus).toBe("active");
      expect(await emailsTo(untouched.email)).toHaveLength(0);
    }
  });

  it("sends one email per member when runs overlap", async () => {
    const lapsing = await createDuesMember({ duesStatus: "past_due", graceEndsAt: iso(now - 1000) });
    const ranOut = await createDuesMember({ paidThrough: iso(now - 1000) });
    await Promise.all(Array.from({ length: 8 }, () => runDuesCron(services(), now)));
    expect((await memberRow(lapsing.id)).duesStatus).toBe("lapsed");
    expect((await memberRow(ranOut.id)).duesStatus).toBe("past_due");
    expect(await emailsTo(lapsing.email)).toHaveLength(1);
    expect(await emailsTo(ranOut.email)).toHaveLength(1);
  });

  it("offers the lapsed member's place to the head of the tier's waitlist", async () => {
    const lapsing = await createDuesMember({ tier: "platinum", duesStatus: "past_due", graceEndsAt: iso(now - 1000) });
    const waiting = await insertInvitationRequest();
    await getDatabase(env.DB)
      .update(invitationRequests)
      .set({ status: "waitlisted", tier: "platinum", waitlistedAt: iso(now - DAY_MS) })
      .where(eq(invitationRequests.id, waiting.id));
    const full = { platinum: await placesTakenIn("platinum") };
    await runDuesCron(services(full), now);
    const request = await getDatabase(env.DB).select().from(invitationRequests).where(eq(invitationRequests.id, waiting.id)).get();
    expect(request).toMatchObject({ status: "offered", offeredAt: iso(now) });
    expect((await memberRow(lapsing.id)).duesStatus).toBe("lapsed");
  });
});
