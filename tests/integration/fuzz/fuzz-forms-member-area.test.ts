import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as acceptRulesAction } from "#app/features/member-area/routes/accept-club-rules.tsx";
import { action as rewardsAction } from "#app/features/member-area/routes/rewards.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  characterCount,
  expectClearActionResult,
  expectPrototypeUntouched,
  expectSameSiteLocation,
  formBody,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  nastyStrings,
  plus,
  readRow,
  routerContext,
  RowTracker,
  SITE_ORIGIN,
  submittedFields,
} from "./fuzz-bodies.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";

/**
 * Fuzzing of the member areas' form actions, called as React Router calls them once
 * requireMember has put the member in the context and checkClubRulesAcceptance has run. Every
 * body gets a redirect or an ActionResult with a clear message, never an uncaught error (a 500),
 * and a refused body changes nothing: no acceptance, redemption or points. (The calendar's forms
 * are fuzzed with its tests: tests/integration/calendar/.)
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The member's context as the member-area layout leaves it (rules step checked once). */
async function memberAreaContext(member: SignedInMember) {
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, member);
  const args = actionArgs("/members", { kind: "urlencoded", pairs: [] }, context, {});
  await checkClubRulesAcceptance(args, async () => new Response());
  return { context, settle: execution.settle };
}

async function acceptedMember(overrides: Parameters<typeof createMember>[0] = {}) {
  const member = await createMember(overrides);
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

const redirectTargets = fc.oneof(
  fc.constantFrom(
    "/rewards?from=menu",
    "/members",
    "/media#kit",
    ...nastyStrings.filter((value) => value.includes("evil") || value.startsWith("/")),
  ),
  fc.webPath(),
  fc.webUrl(),
);

describe("the club rules step's action (fuzzed)", () => {
  it("always redirects within the site, and records an acceptance only for the current version", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const member = await createMember();
    const { context, settle } = await memberAreaContext(member);
    const rows = await new RowTracker(() =>
      readRow("SELECT COUNT(*) AS acceptances FROM rules_acceptances WHERE member_id = ?", member.id),
    ).start();

    const fields = {
      rulesVersion: fc.oneof(
        fc.constant(RULES_VERSION),
        fc.constantFrom(` ${RULES_VERSION}\n`, "2020-01", "2026-11 ", "２０２６-１１", RULES_VERSION.repeat(3)),
      ),
      redirectTo: redirectTargets,
    };
    const valid = fc
      .tuple(fc.constantFrom(RULES_VERSION, ` ${RULES_VERSION} `), redirectTargets)
      .map(([version, target]): [string, string][] => [
        ["rulesVersion", version],
        ["redirectTo", target],
      ]);

    await fc.assert(
      fc.asyncProperty(formBody(fields, valid), async (submission) => {
        // Each body starts with no acceptance, so one is visible when made, and a failed run
        // leaves none behind to mislead fast-check's shrinking.
        await env.DB.prepare("DELETE FROM rules_acceptances WHERE member_id = ?").bind(member.id).run();
        await rows.start();
        const answer = await answerOf(() => acceptRulesAction(actionArgs("/members/accept-rules", submission, context, {})));
        await settle();
        // A body that is not a form at all: refused with 415 before anything is read or written.
        if (answer.status === 415) {
          expect(answer.thrown).toBe(true);
          return;
        }
        expect(answer.status).toBe(303);
        const location = answer.headers.get("Location");
        expectSameSiteLocation(location, SITE_ORIGIN);

        const { previous, current } = await rows.step();
        // Every body starts from none (deleted above) and records one acceptance at most.
        expect(Number(previous.acceptances)).toBe(0);
        expect([0, 1]).toContain(Number(current.acceptances));
        const stored = current.acceptances !== previous.acceptances;
        const sent = submittedFields(submission);
        if (sent && submission.kind === "urlencoded") {
          const version = sent.get("rulesVersion");
          const target = sent.get("redirectTo");
          const formOk =
            version !== undefined &&
            characterCount(version.trim()) >= 1 &&
            characterCount(version.trim()) <= 20 &&
            (target === undefined || characterCount(target) <= 2000);
          if (!formOk) expect(location).toBe("/members");
          expect(stored).toBe(formOk && version!.trim() === RULES_VERSION);
        }
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
  });
});

describe("the /rewards page's action (fuzzed)", () => {
  it(
    "answers every body with an ActionResult, and takes points only for a redemption it reports",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      await env.DB.prepare(
        "INSERT OR IGNORE INTO reward_items (id, name, description, points_cost, active) VALUES ('retired-ashtray', 'Retired ashtray', 'No longer offered.', 10, 0)",
      ).run();
      const items = (await env.DB.prepare("SELECT id, points_cost AS cost FROM reward_items").all<{ id: string; cost: number }>()).results;
      const cost = new Map(items.map((item) => [item.id, item.cost]));
      const [member, other, newcomer] = await Promise.all([
        acceptedMember({ points: 100_000 }),
        acceptedMember({ points: 100_000 }),
        createMember({ points: 100_000 }),
      ]);
      const signedIn = await memberAreaContext(member);
      const notAccepted = await memberAreaContext(newcomer);
      const memberRows = () =>
        readRow(
          `SELECT (SELECT points_balance FROM members WHERE id = ?1) AS balance,
                (SELECT COUNT(*) FROM reward_redemptions WHERE member_id = ?1) AS redemptions,
                (SELECT SUM(points_balance) FROM members WHERE id <> ?1) AS othersPoints,
                (SELECT COUNT(*) FROM reward_redemptions WHERE member_id <> ?1) AS othersRedemptions`,
          member.id,
        );
      const rows = await new RowTracker(memberRows).start();

      const itemId = fc.oneof(
        fc.constantFrom(...cost.keys()),
        fc.constantFrom(...cost.keys()).map((id) => `\n${id} `),
        fc.constantFrom(...cost.keys()).map((id) => id.toUpperCase()),
        fc.constantFrom("no-such-item", "x".repeat(101)),
        fuzzString,
      );
      const fields = { itemId, memberId: fc.constant(other.id), points: fc.constantFrom("-100000", "0", "1e9") };
      const valid = itemId.map((id): [string, string][] => [["itemId", id]]);

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), fc.nat(9), async (submission, chance) => {
          const who = chance > 0 ? signedIn : notAccepted;
          const answer = await answerOf(async () => rewardsAction(actionArgs("/rewards", submission, who.context, {})));
          await who.settle();
          if (who === notAccepted) {
            expect(answer).toMatchObject({ status: 303, thrown: true });
            expect(answer.headers.get("Location")).toBe("/rewards");
            await rows.expectUnchanged();
            return;
          }
          // A body that is not a form at all: refused with 415 before anything is read or written.
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
          const outcome = answer.data as { ok: boolean; form: string; toast: { title: string } };
          expect(outcome).toMatchObject({ ok: true, toast: { title: "Reward redeemed" } });
          const redeemed = outcome.form.replace(/^reward:/, "");
          expect(cost.has(redeemed)).toBe(true);
          await rows.expectRows((previous) => plus(previous, { balance: -cost.get(redeemed)!, redemptions: 1 }));
          expect(Number(rows.rows.balance)).toBeGreaterThanOrEqual(0);
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
