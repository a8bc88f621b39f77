import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { requireMember } from "#app/features/sign-in/require-member.server.ts";
import { action as devicesAction } from "#app/features/sign-in/routes/devices.tsx";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import { listMemberSessions, loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
import { createCalendarFeed } from "#worker/features/calendar/calendar-feeds.ts";
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
  readRow,
  routerContext,
  RowTracker,
  substitute,
} from "./fuzz-bodies.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * Fuzzing of the "Sign-in & devices" action, run as React Router runs it: requireMember reads
 * the session from the cookie, the rules step, then the action. Every body gets a redirect or a
 * clear ActionResult, never an uncaught error (a 500), and no body ever reaches another member's
 * sessions, passkeys or calendar feed. Each run signs a fresh member in on two devices with one
 * passkey, so generated bodies that name them (placeholders) keep reaching the success paths.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const addPasskey = (memberId: string, id: string) =>
  env.DB.prepare(
    "INSERT INTO member_passkeys (id, member_id, name, public_key, counter, device_type, backed_up, created_at) VALUES (?, ?, 'Key', 'pk', 0, 'singleDevice', 0, ?)",
  )
    .bind(id, memberId, Date.now())
    .run();

describe("the devices page's action (fuzzed)", () => {
  it("answers every body clearly and never touches another member's sessions or passkeys", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    const other = await createTestMember();
    const othersSession = await signedInAs(other);
    const [othersListed] = await listMemberSessions(env.DB, other.id);
    await addPasskey(other.id, "others-passkey");
    await createCalendarFeed(env.DB, other.id, Date.now());
    const othersRows = await new RowTracker(() =>
      readRow(
        "SELECT (SELECT COUNT(*) FROM member_sessions WHERE member_id = ?1) AS sessions, (SELECT group_concat(id || ':' || name) FROM member_passkeys WHERE member_id = ?1) AS passkeys, (SELECT sessions_valid_after FROM members WHERE id = ?1) AS valid_after, (SELECT token_hash FROM calendar_feeds WHERE member_id = ?1) AS calendar_feed",
        other.id,
      ),
    ).start();
    const execution = actionExecutionContext();
    const context = routerContext(execution.ctx);
    let run = 0;

    const id = fc.oneof(fc.constantFrom("__PHONE__", "__HERE__", "__THEIRS__", "__PASSKEY__", "others-passkey"), fc.uuid(), fuzzString);
    const fields = {
      intent: fc.oneof(
        fc.constantFrom("end-session", "end-every-session", "rename-passkey", "remove-passkey", "stop-calendar-feed"),
        fc.constantFrom("", "End-Session", "end-session ", "sign-out"),
      ),
      sessionId: id,
      passkeyId: id,
      name: fc.oneof(fc.constantFrom("Study iMac", "", " ", "<b>x</b>", "x".repeat(61)), fuzzString),
    };
    const valid = fc
      .tuple(
        fc.constantFrom("end-session", "end-every-session", "rename-passkey", "remove-passkey", "stop-calendar-feed"),
        id,
        fc.constantFrom("Study iMac"),
      )
      .map(([intent, target, name]): [string, string][] =>
        intent === "end-session"
          ? [
              ["intent", intent],
              ["sessionId", target],
            ]
          : intent === "end-every-session" || intent === "stop-calendar-feed"
            ? [["intent", intent]]
            : [["intent", intent], ["passkeyId", target], ...(intent === "rename-passkey" ? [["name", name] as [string, string]] : [])],
      );

    await fc.assert(
      fc.asyncProperty(formBody(fields, valid), async (generated) => {
        run += 1;
        const member = await createTestMember();
        await acceptRules(env.DB, member.id, RULES_VERSION);
        const here = await signedInAs(member, { userAgent: "Mozilla/5.0 (Macintosh) Chrome/131.0 Safari/537.36" });
        await signedInAs(member, { userAgent: "Mozilla/5.0 (iPhone) Version/18.0 Mobile/15E148 Safari/604.1" });
        const listed = await listMemberSessions(env.DB, member.id);
        const phoneId = listed.find((session) => session.device === "Safari on iPhone")!.id;
        const hereId = listed.find((session) => session.device !== "Safari on iPhone")!.id;
        await addPasskey(member.id, `passkey-${run}`);
        if (run % 2 === 0) await createCalendarFeed(env.DB, member.id, Date.now());
        const submission = substitute(generated, {
          __PHONE__: phoneId,
          __HERE__: hereId,
          __THEIRS__: othersListed!.id,
          __PASSKEY__: `passkey-${run}`,
        });

        const args = actionArgs("/members/devices", submission, context, {}, { Cookie: here.cookie });
        let result: unknown;
        const answer = await answerOf(async () => {
          const response = await requireMember(args, async () => {
            await checkClubRulesAcceptance(args, async () => new Response());
            result = await devicesAction(args);
            return new Response();
          });
          return result ?? response;
        });
        await execution.settle();

        if (answer.status === 415) {
          expect(answer.thrown).toBe(true);
        } else {
          expect([200, 303, 400, 404]).toContain(answer.status);
          // A 303 is /auth (this device signed out) or post/redirect/get back to the page with its confirmation.
          if (answer.status === 303) expect(answer.headers.get("Location")).toMatch(/^\/auth$|^\/members\/devices\?done=[a-z-]+(&|$)/);
          else if (answer.status === 200) expect(answer.data).toMatchObject({ ok: true });
          else expectClearActionResult(answer.data);
        }
        await othersRows.expectUnchanged();
        const stillIn = await loadSignedInMember(
          new Request("http://localhost/members", { headers: { Cookie: othersSession.cookie } }),
          env,
        );
        expect(stillIn?.member.id).toBe(other.id);
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
  });
});
