import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "#db/client.ts";
import { contactMessages, outbox } from "#db/schema.ts";
import { storeContactMessage } from "#worker/features/contact/contact-messages.ts";
import { storeInvitationRequest } from "#worker/features/executive-invitation/invitation-requests.ts";
import { CAPPED_EMAILS_PER_DAY } from "#worker/shared/email-cap.ts";
import { clearApplicationTables, countRows, testSigningKey } from "#tests/integration/support/concierge-fixtures.ts";
import { validInvitation } from "#tests/integration/support/invitation-fixtures.ts";

/**
 * The daily cap on email a stranger or an applicant can cause (docs/security.md#forms-and-email),
 * against the real D1: one budget per address across the contact form and invitation requests,
 * held under racing requests, while the messages and requests themselves are all kept.
 */
const database = getDatabase(env.DB);
const HOUR = 3_600_000;
const now = Date.parse("2026-11-24T18:00:00.000Z");
const settings = { conciergeEmail: "concierge@emberandoak.club", siteUrl: "https://emberandoak.test", signingKey: testSigningKey() };

beforeEach(async () => {
  await clearApplicationTables();
  await database.batch([database.delete(contactMessages), database.delete(outbox)]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const contact = (email: string, at = now) =>
  storeContactMessage(env.DB, { name: "Avery Hale", email, message: "Do the lounges host private birthday dinners?" }, null, at);
const invitationRequest = (email: string, at = now) =>
  storeInvitationRequest(env.DB, settings, { ...validInvitation, email }, { checkedBy: "captcha", recaptchaScore: 0.9 }, at);
const cappedTo = (recipient: string) => countRows("outbox", `capped = 1 AND recipient = '${recipient}'`);

describe("the daily email cap per address", () => {
  it("lets exactly five of twenty racing contact messages and invitation requests email one address, keeping every message and request", async () => {
    // The same address as a visitor might type it: any case, stray spaces.
    const spellings = ["avery@example.com", "Avery@Example.com", " AVERY@example.com "];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? contact(spellings[index % 3]!) : invitationRequest(spellings[index % 3]!).then((stored) => stored.acknowledged),
      ),
    );
    const acknowledged = results.filter((result) => result === true || typeof result === "number");
    expect(acknowledged).toHaveLength(CAPPED_EMAILS_PER_DAY);
    expect(await cappedTo("avery@example.com")).toBe(CAPPED_EMAILS_PER_DAY);
    expect(await countRows("outbox", "recipient <> 'concierge@emberandoak.club'")).toBe(CAPPED_EMAILS_PER_DAY);
    // The actions themselves all happened: ten messages, ten requests and the concierge's ten copies.
    expect(await countRows("contact_messages")).toBe(10);
    expect(await countRows("invitation_requests")).toBe(10);
    expect(await countRows("outbox", "recipient = 'concierge@emberandoak.club' AND capped = 0")).toBe(10);
  });

  it("counts each address on its own, and gives one back 24 hours after each", async () => {
    for (let index = 0; index < CAPPED_EMAILS_PER_DAY; index += 1)
      expect(await contact("avery@example.com", now + index * HOUR)).not.toBeNull();
    expect(await contact("avery@example.com", now + 6 * HOUR)).toBeNull();
    expect(await contact("blake@example.com", now + 6 * HOUR)).not.toBeNull();
    // The first email's day has passed at now + 24 h: one more, and only one.
    expect(await contact("avery@example.com", now + 24 * HOUR + 1)).not.toBeNull();
    expect(await contact("avery@example.com", now + 24 * HOUR + 2)).toBeNull();
    expect(await cappedTo("avery@example.com")).toBe(CAPPED_EMAILS_PER_DAY + 1);
  });
});
