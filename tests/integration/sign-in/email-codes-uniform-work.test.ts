import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestSignInCode } from "#worker/features/sign-in/email-codes.ts";
import { createRequestContext } from "#worker/http/request-context.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { outboxCount } from "./email-codes-support.ts";

/**
 * No account enumeration by timing (docs/security.md#emailed-codes): a code request does the same
 * work for a member's email as for a stranger's before it answers, and hands delivery to waitUntil
 * for both. Proved by what runs (the D1 statements, in order, their values aside), not by a clock.
 */
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

/** Asks for a code through a D1 that records every statement prepared and every batch, and a ctx that records the hand-off. */
async function askRecorded(email: string) {
  const ran: string[] = [];
  const recordingDb = {
    prepare: (query: string) => {
      ran.push(query);
      return env.DB.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => {
      ran.push(`batch of ${statements.length}`);
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  const sends: string[] = [];
  const recordingEmail = { send: async (message: { to: string }) => void sends.push(message.to) } as unknown as SendEmail;
  const handedOff: Array<{ ranBefore: string[]; sentBefore: number }> = [];
  const held: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (promise: Promise<unknown>) => {
      handedOff.push({ ranBefore: [...ran], sentBefore: sends.length });
      held.push(promise);
    },
    passThroughOnException: () => {},
  };
  const request = new Request("http://example.com/auth", { method: "POST", headers: { "CF-Connecting-IP": uniqueClientAddress() } });
  const context = createRequestContext({ ...env, DB: recordingDb, EMAIL: recordingEmail }, ctx, request);
  const answer = await requestSignInCode(context, { email });
  const sentAtAnswer = sends.length;
  await Promise.all(held);
  return { answer: answer.status, handedOff, sentAtAnswer, sent: sends };
}

describe("a sign-in code request", () => {
  it("runs the same statements for a member's email as for a stranger's, and delivers only after the answer", async () => {
    const member = await createTestMember();
    const stranger = `nobody.${crypto.randomUUID()}@example.com`;
    const forMember = await askRecorded(member.email);
    const forStranger = await askRecorded(stranger);

    expect(forMember.answer).toBe("sent");
    expect(forStranger.answer).toBe("sent");
    // Each hands its delivery to waitUntil once, after the same statements in the same order
    // (the limits, the code and the conditional email in one batch): nothing asks first whether the email is a member's.
    expect(forMember.handedOff).toHaveLength(1);
    expect(forStranger.handedOff).toHaveLength(1);
    expect(forMember.handedOff[0]!.ranBefore).toEqual(forStranger.handedOff[0]!.ranBefore);
    expect(forMember.handedOff[0]!.ranBefore.at(-1)).toBe("batch of 2");
    // Nothing was sent before the answer; the member's code went out afterwards, the stranger got nothing.
    expect([forMember.handedOff[0]!.sentBefore, forMember.sentAtAnswer]).toEqual([0, 0]);
    expect(forMember.sent).toEqual([member.email]);
    expect(forStranger.sent).toEqual([]);
    expect(await outboxCount(member.email)).toBe(1);
    expect(await outboxCount(stranger)).toBe(0);
  });
});
