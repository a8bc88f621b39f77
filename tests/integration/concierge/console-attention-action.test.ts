import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as consoleAction } from "#app/features/concierge/routes/console.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { clearAdmissionTables, insertMember } from "#tests/integration/support/concierge-fixtures.ts";
import { actionArgs, actionExecutionContext, answerOf, routerContext } from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * The console's first-screen action, as React Router calls it once requireConcierge has run:
 * 'Retry' and 'Stop trying' for a delivery that needs attention, answered for the form of that
 * delivery (docs/operators.md#deliveries-that-need-attention).
 */
beforeEach(async () => {
  await clearAdmissionTables();
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function submit(fields: Record<string, string>) {
  const concierge = await insertMember({ role: "concierge", name: "Elena Marsh" });
  const member: SignedInMember = { id: concierge.id, email: concierge.email, name: concierge.name, tier: "business", role: "concierge" };
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, member);
  const answer = await answerOf(async () =>
    consoleAction(actionArgs("/concierge", { kind: "urlencoded", pairs: Object.entries(fields) }, context, {})),
  );
  await execution.settle();
  return answer;
}

async function needingAttention(): Promise<string> {
  const row = await env.DB.prepare(
    "INSERT INTO outbox (channel, recipient, subject, body, status, attempts, last_error) VALUES ('email', 'avery@example.com', 'Subject', 'Body', 'needs_attention', 5, '550') RETURNING id",
  ).first<{ id: number }>();
  return String(row!.id);
}

const status = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM outbox WHERE id = ?").bind(id).first<{ status: string }>())!.status;
const audited = async () =>
  (await env.DB.prepare("SELECT event_type FROM security_events ORDER BY id").all<{ event_type: string }>()).results.map(
    (event) => event.event_type,
  );

describe("the console's first-screen action", () => {
  it("'Retry' sends the message at once and answers 'Delivered' for its form", async () => {
    const id = await needingAttention();
    const answer = await submit({ intent: "retry", outboxId: id });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ form: id, ok: true, toast: { title: "Delivered", description: "The message was sent." } });
    expect(await status(id)).toBe("sent");
    expect(await audited()).toEqual(["delivery_retried"]);
  });

  it("'Stop trying' marks it abandoned and answers 'Stopped'; a second press says it no longer waits", async () => {
    const id = await needingAttention();
    const answer = await submit({ intent: "abandon", outboxId: id });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ form: id, ok: true, toast: { title: "Stopped", description: "This message will not be retried." } });
    expect(await status(id)).toBe("abandoned");
    const again = await submit({ intent: "abandon", outboxId: id });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ form: id, ok: false, error: expect.stringContaining("no longer waiting") });
    expect(await audited()).toEqual(["delivery_abandoned"]);
  });

  it.each<Record<string, string>>([{ intent: "delete", outboxId: "1" }, { intent: "retry", outboxId: "x" }, { outboxId: "1" }])(
    "refuses %o with 400 and changes nothing",
    async (fields) => {
      const id = await needingAttention();
      const answer = await submit(fields);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, error: "Unknown message." });
      expect(await status(id)).toBe("needs_attention");
      expect(await audited()).toEqual([]);
    },
  );
});
