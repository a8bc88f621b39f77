import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordConciergeDecision } from "#worker/features/admissions/concierge-decisions.ts";
import { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
import { activatePaidOffer } from "#worker/features/dues/offer-activation.ts";
import { findOpenInvitation, tokenFromInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { deliverOutboxMessage } from "#worker/shared/outbox.ts";
import { emailSender } from "#worker/shared/send-email.ts";
import { clearAdmissionTables, insertInvitationRequest, insertMember } from "#tests/integration/support/concierge-fixtures.ts";

/**
 * "A copy of the database opens no account" (docs/security.md#credentials-at-rest), for the
 * credential a paid offer issues: after the invitation email is stored (and even when its delivery
 * fails and it waits in the outbox for the cron), nothing in any table of D1 opens the new
 * member's invitation; the email that actually leaves does.
 */
beforeEach(async () => {
  await clearAdmissionTables();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Every text value of every table, as a stolen copy of the database would hold it. */
async function everyStoredText(): Promise<string[]> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{
    name: string;
  }>();
  const texts: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) for (const value of Object.values(row)) if (typeof value === "string") texts.push(value);
  }
  return texts;
}

/** Everything in a text shaped like an invitation token (43 base64url characters), wherever it sits. */
const tokenCandidates = (text: string) => [...text.matchAll(/[A-Za-z0-9_-]{43}/g)].map(([candidate]) => candidate);

/**
 * An applicant admitted the whole way: the concierge's approval (an offer, its email sent), then the
 * offer paid (offer-activation.ts), whose welcome email carries the invitation link and goes out
 * through `send`.
 */
async function approveWith(send: (message: { to: string; html: string }) => Promise<void>, name = "Avery Hale") {
  const concierge = await insertMember({ role: "concierge" });
  const request = await insertInvitationRequest({ name, email: "avery@example.com" });
  const context = createExecutionContext();
  const offer = await recordConciergeDecision(
    createRequestContext(
      { ...env, EMAIL: { send: async () => {} } as unknown as SendEmail },
      context,
      new Request("https://emberandoak.test/concierge"),
    ),
    concierge.id,
    { intent: "approve", requestId: request.id, tier: "business", note: null },
  );
  await waitOnExecutionContext(context);
  if (!offer.ok) return offer;
  const paid = await activatePaidOffer(env.DB, {
    requestId: request.id,
    method: "cash",
    externalId: `recorded-${request.id}`,
    amountCents: 189_700,
    occurredAt: new Date().toISOString(),
    paidThrough: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    recordedBy: concierge.id,
    siteUrl: "https://emberandoak.test",
    signingKey: "test-signing-key-with-at-least-32-characters",
  });
  if (!paid.ok) return paid;
  const delivery = await deliverOutboxMessage(
    env.DB,
    paid.outboxId,
    emailSender({ send } as unknown as SendEmail, "invitations@emberandoak.club", "test-signing-key-with-at-least-32-characters"),
  );
  return { ok: true, delivery };
}

describe("the invitation email of a paid offer, in a copy of the database", () => {
  it("opens no account while it waits to be delivered; the email the member receives does", async () => {
    const failing = vi.fn(async () => {
      throw new Error("Email Service unavailable");
    });
    expect(await approveWith(failing)).toMatchObject({ ok: true, delivery: "failed" });

    const stored = await everyStoredText();
    expect(stored.join("\n")).toContain("Welcome to Ember & Oak Society");
    for (const candidate of stored.flatMap(tokenCandidates)) expect(await findOpenInvitation(env.DB, candidate)).toBeNull();
    // Nor does it hold the applicant's status link (the offer email seals it too).
    const statusLinks = stored.flatMap((text) => [...text.matchAll(/application#([0-9a-f-]{36}\.[0-9a-f]+)/g)].map(([, token]) => token!));
    for (const token of statusLinks)
      expect(await readApplicationStatusToken("test-signing-key-with-at-least-32-characters", token)).toBeNull();
    const { body: offerBody } = (await env.DB.prepare("SELECT body FROM outbox WHERE subject LIKE 'Your membership offer%'").first<{
      body: string;
    }>())!;
    expect(offerBody).toContain("&sealed:");
    expect(offerBody).not.toContain("/application#");

    // The retry (here by hand, as the cron does) sends the real link, which opens the invitation.
    const sent: Array<{ to: string; html: string }> = [];
    const { id } = (await env.DB.prepare("SELECT id FROM outbox WHERE subject LIKE 'Welcome%'").first<{ id: number }>())!;
    const sender = emailSender(
      { send: async (message: { to: string; html: string }) => void sent.push(message) } as unknown as SendEmail,
      "invitations@emberandoak.club",
      "test-signing-key-with-at-least-32-characters",
    );
    expect(await deliverOutboxMessage(env.DB, id, sender)).toBe("sent");
    const link = /href="([^"]+)"/.exec(sent[0]!.html)?.[1] ?? "";
    expect(new URL(link).pathname).toBe("/invitation");
    const token = tokenFromInvitationLink(link);
    expect(token).not.toBeNull();
    expect(await findOpenInvitation(env.DB, token!)).toMatchObject({ memberName: "Avery Hale" });

    // Once sent, the copy still opens nothing.
    for (const candidate of (await everyStoredText()).flatMap(tokenCandidates))
      expect(await findOpenInvitation(env.DB, candidate)).toBeNull();
  });

  it("waits for a person, not retried, when its seal cannot be opened (the signing key was rotated)", async () => {
    expect(await approveWith(async () => {})).toMatchObject({ ok: true, delivery: "sent" });
    await env.DB.prepare("UPDATE outbox SET status = 'pending' WHERE subject LIKE 'Welcome%'").run();
    const { id } = (await env.DB.prepare("SELECT id FROM outbox WHERE subject LIKE 'Welcome%'").first<{ id: number }>())!;
    const send = vi.fn(async () => {});
    const rotated = emailSender(
      { send } as unknown as SendEmail,
      "invitations@emberandoak.club",
      "another-signing-key-of-at-least-32-characters",
    );
    expect(await deliverOutboxMessage(env.DB, id, rotated)).toBe("needs_attention");
    expect(send).not.toHaveBeenCalled();
    expect(await env.DB.prepare("SELECT status, last_error, next_attempt_at FROM outbox WHERE id = ?").bind(id).first()).toEqual({
      status: "needs_attention",
      last_error: "a sealed secret in this message cannot be opened with the current APP_SIGNING_KEY",
      next_attempt_at: null,
    });
  });

  it("cannot be made undeliverable by an applicant who types a marker into their name", async () => {
    const forged = "Avery &sealed:AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA==; Hale";
    const sent: Array<{ to: string; html: string }> = [];
    expect(await approveWith(async (message) => void sent.push(message), forged)).toMatchObject({ ok: true, delivery: "sent" });
    // The name arrives as the applicant typed it (escaped), and the real link arrives opened.
    expect(sent[0]!.html).toContain("Avery &amp;sealed:AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA==; Hale");
    const token = tokenFromInvitationLink(/href="([^"]+)"/.exec(sent[0]!.html)?.[1] ?? "");
    expect(await findOpenInvitation(env.DB, token!)).toMatchObject({ memberName: forged });
  });
});
