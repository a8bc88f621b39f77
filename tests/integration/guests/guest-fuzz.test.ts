import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as memberGuestsAction } from "#app/features/guests/routes/member-guests.tsx";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  formBody,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  plus,
  readRow,
  routerContext,
  RowTracker,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";

/**
 * Random bodies to /members/guests' action: every one gets an ActionResult with a clear message
 * (never a 500), and only a registration or a cancel it reports changes the member's guests; no
 * body ever changes another member's.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the /members/guests action (fuzzed)", () => {
  it(
    "answers every body with an ActionResult, changing only the member's own guests and only on success",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const [member, other] = await Promise.all([createMember({ tier: "platinum" }), createMember()]);
      await acceptRules(env.DB, member.id, RULES_VERSION);
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx, member);
      await checkClubRulesAcceptance(
        actionArgs("/members/guests", { kind: "urlencoded", pairs: [] }, context, {}),
        async () => new Response(),
      );
      const rows = await new RowTracker(() =>
        readRow(
          `SELECT (SELECT COUNT(*) FROM guest_visits WHERE host_member_id = ?1 AND status = 'expected') AS expected,
                (SELECT COUNT(*) FROM guest_visits WHERE host_member_id <> ?1) AS others`,
          member.id,
        ),
      ).start();

      const today = portlandDay(new Date());
      const day = fc.oneof(
        fc.constant(today),
        fc.constantFrom("2020-01-01", "2099-12-31", "tomorrow", today.replace(/-/g, "/")),
        fuzzString,
      );
      const guestName = fc.oneof(
        fc.constantFrom("Siobhán O'Neill", "José Núñez-Park Jr.", "李小龍", "<script>", "A", "x".repeat(101)),
        fc.stringMatching(/^[A-Z][a-z]{1,10} [A-Z][a-z]{1,10}$/),
        fuzzString,
      );
      const fields = {
        intent: fc.constantFrom("register", "cancel", "REGISTER", "delete"),
        formKey: fc.oneof(fc.uuid().map(String), fc.constantFrom("", "not-a-uuid")),
        day,
        lounge: fc.oneof(fc.constantFrom("kickback", "business", "platinum", "cellar"), fuzzString),
        guestName,
        adult: fc.constantFrom("yes", "no", "on", ""),
        guestEmail: fc.oneof(fc.constantFrom("", "ada@example.com", "not-an-email"), fuzzString),
        visitId: fc.oneof(fc.constant(crypto.randomUUID()), fuzzString),
        hostMemberId: fc.constant(other.id),
      };
      const valid = fc
        .tuple(guestName, fc.constantFrom("kickback", "business", "platinum"), fc.uuid())
        .map(([name, lounge, key]): [string, string][] => [
          ["intent", "register"],
          ["formKey", key],
          ["day", today],
          ["lounge", lounge],
          ["guestName", name],
          ["adult", "yes"],
        ]);

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), async (submission) => {
          const answer = await answerOf(async () => memberGuestsAction(actionArgs("/members/guests", submission, context, {})));
          await execution.settle();
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect([200, 400, 403, 404, 409]).toContain(answer.status);
          if (answer.status !== 200) {
            expectClearActionResult(answer.data);
            await rows.expectUnchanged();
            return;
          }
          const outcome = answer.data as { ok: boolean; toast: { title: string } };
          expect(outcome.ok).toBe(true);
          const change = { "Guest registered": { expected: 1 }, "Guest cancelled": { expected: -1 } }[outcome.toast.title];
          expect(change).toBeDefined();
          await rows.expectRows((previous) => plus(previous, change!));
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
