import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as paymentsAction } from "#app/features/dues/routes/payments.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  formBody,
  fuzzParameters,
  FUZZ_TIMEOUT_MS,
  readRow,
  routerContext,
  RowTracker,
  substitute,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { createDuesMember } from "./dues-fixtures.ts";

/**
 * Fuzzing of the lounge payments form (/concierge/payments), called as React Router calls it once
 * requireConcierge has put the concierge in the context: every body gets an ActionResult with a
 * clear message, never a 500, and only a payment it reports enters the ledger (one entry, the
 * member's quarter paid).
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the lounge payments action (fuzzed)", () => {
  it("answers every body with an ActionResult and enters a payment only when it reports one", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const concierge = await createDuesMember({ role: "concierge", name: "Elena Marsh" });
    const signedIn: SignedInMember = {
      id: concierge.id,
      email: concierge.email,
      name: concierge.name,
      tier: "business",
      role: "concierge",
    };
    const execution = actionExecutionContext();
    const context = routerContext(execution.ctx, signedIn);
    const payer = await createDuesMember({ paidThrough: "2026-01-01T00:00:00.000Z" });
    const subscriber = await createDuesMember({ subscriptionId: `sub_${crypto.randomUUID()}` });
    const rows = await new RowTracker(() =>
      readRow(
        `SELECT (SELECT COUNT(*) FROM dues_ledger) AS entries, (SELECT COUNT(*) FROM members WHERE dues_status = 'active') AS active`,
      ),
    ).start();

    const payerField = fc.constantFrom(
      "member:__PAYER__",
      `member:${subscriber.id}`,
      "member:nobody",
      "applicant:nobody",
      "__PAYER__",
      "member:",
      "",
    );
    const amount = fc.constantFrom("897.00", "$897", "897", "$1,797.00", "0.00", "-897", "897.5", "1e3", "99999999", "");
    const method = fc.constantFrom("card_terminal", "check", "cash", "stripe", "CASH", "");
    const reference = fc.constantFrom("", "Check 1042", "x".repeat(100), "x".repeat(101), "<b>", "line\nbreak");
    const formKey = fc.oneof(fc.uuid().map(String), fc.constantFrom("", "not-a-uuid", "' OR 1=1 --"));
    const fields = { formKey, payer: payerField, amount, method, reference };
    const valid = fc
      .tuple(fc.uuid(), fc.constantFrom("card_terminal", "check", "cash"), reference)
      .map(([key, chosen, text]): [string, string][] => [
        ["formKey", key],
        ["payer", "member:__PAYER__"],
        ["amount", "897.00"],
        ["method", chosen],
        ["reference", text],
      ]);

    await fc.assert(
      fc.asyncProperty(formBody(fields, valid), async (generated) => {
        const submission = substitute(generated, { __PAYER__: payer.id });
        const answer = await answerOf(async () => paymentsAction(actionArgs("/concierge/payments", submission, context, {})));
        await execution.settle();
        if (answer.status === 415) {
          expect(answer.thrown).toBe(true);
          return;
        }
        expect([200, 400, 404, 409]).toContain(answer.status);
        if (answer.status !== 200) {
          expectClearActionResult(answer.data);
          await rows.expectUnchanged();
          return;
        }
        expect(answer.data).toMatchObject({ ok: true, form: `member:${payer.id}`, toast: { title: "Payment Recorded" } });
        await rows.expectRows((previous) => ({ ...previous, entries: Number(previous.entries) + 1 }));
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
  });
});
