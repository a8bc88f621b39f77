import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAPTCHA_NEEDED, CODE_REFUSED, CODE_SENT, SIGN_IN_RATE_LIMITED } from "#app/features/sign-in/sign-in-messages.ts";
import { requestContext } from "#app/context.ts";
import { unsealSecrets } from "#worker/shared/sealed-secrets.ts";
import { action as signInAction } from "#app/features/sign-in/routes/sign-in.tsx";
import { action as signOutAction } from "#app/features/sign-in/routes/sign-out.tsx";
import { action as invitationAction } from "#app/features/admissions/routes/invitation.tsx";
import { newInvitationLink } from "#worker/features/admissions/invitation-links.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { insertMember } from "#tests/integration/support/concierge-fixtures.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectPrototypeUntouched,
  expectSameSiteLocation,
  formBody,
  fuzzParameters,
  FUZZ_TIMEOUT_MS,
  fuzzString,
  nastyStrings,
  readRow,
  routerContext,
  RowTracker,
  SITE_ORIGIN,
  substitute,
} from "./fuzz-bodies.ts";
import { createTestMember, signedInAs } from "#tests/integration/support/member-fixtures.ts";

/**
 * Fuzzing of the signed-out form actions: the /auth code steps, sign-out and the invitation
 * link's form. Every body gets its redirect or a clear refusal, never an uncaught error
 * (a 500); a refused body starts no session and changes no member or link.
 *
 * The /auth property sends every body from ONE client address, so its strict limits
 * (docs/security.md#rate-limits) are reached on the way and their 429s are checked too.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const sessionCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM member_sessions").first<{ n: number }>())!.n;
const redirectTargets = fc.oneof(
  fc.constantFrom("/members", "/rewards?from=menu", ...nastyStrings.filter((value) => value.includes("evil") || value.startsWith("/"))),
  fc.webPath(),
  fc.webUrl(),
);

describe("the /auth code actions (fuzzed)", () => {
  it(
    "answers every body with the code step, a redirect and one new session, or a clear refusal; members change only by a sign-in",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const member = await createTestMember();
      const clientAddress = uniqueClientAddress();
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx);
      // Everything about members but the time a code sign-in confirms an email.
      const members = () =>
        readRow(
          "SELECT COUNT(*) AS members, group_concat(id || ':' || status || ':' || sessions_valid_after, ',') AS members_state FROM members",
        );
      const rows = await new RowTracker(members).start();
      let sessions = await sessionCount();

      const email = fc.oneof(
        fc.constantFrom(member.email, ` ${member.email.toUpperCase()} `, "nobody@example.com", "", " ", "a".repeat(255)),
        fc.emailAddress(),
      );
      const code = fc.oneof(
        fc.constantFrom("__CODE__", " __CODE__ ", "", "000000", "x".repeat(33), "__CODE__0"),
        fc.stringMatching(/^\d{6}$/),
        fuzzString,
      );
      const intent = fc.oneof(fc.constantFrom("request-code", "check-code"), fc.constantFrom("", "Request-Code", "check-code ", "sign-in"));
      const fields = { intent, email, code, redirectTo: redirectTargets, captchaToken: fuzzString };
      const valid = fc
        .tuple(fc.constantFrom("request-code", "check-code"), email, code, fc.option(redirectTargets))
        .map(([chosen, address, secret, target]): [string, string][] => [
          ["intent", chosen],
          ["email", address],
          ...(chosen === "check-code" ? [["code", secret] as [string, string]] : []),
          ...(target === null ? [] : [["redirectTo", target] as [string, string]]),
        ]);
      const refusals = [CODE_REFUSED, SIGN_IN_RATE_LIMITED, CAPTCHA_NEEDED];
      let signedIn = false;
      // One browser sends every body: it keeps the code cookie a request sets and a sign-in clears (docs/security.md#emailed-codes).
      let browserCookie: string | null = null;

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), async (generated) => {
          const [latest] = (
            await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
              .bind(member.email)
              .all<{ body: string }>()
          ).results;
          const opened = latest ? await unsealSecrets(context.get(requestContext).signingKey, latest.body, (secret) => secret) : "";
          const submission = substitute(generated, { __CODE__: /<strong>(\d{6})<\/strong>/.exec(opened)?.[1] ?? "999999" });
          const answer = await answerOf(async () =>
            signInAction(
              actionArgs(
                "/auth",
                submission,
                context,
                {},
                { "CF-Connecting-IP": clientAddress, ...(browserCookie ? { Cookie: browserCookie } : {}) },
              ),
            ),
          );
          await execution.settle();
          // A body that is not a form at all: refused with 415 before anything is read or written.
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect([200, 302, 400, 429]).toContain(answer.status);
          if (answer.status === 302) {
            signedIn = true;
            expect(answer.thrown).toBe(true);
            expectSameSiteLocation(answer.headers.get("Location"), SITE_ORIGIN);
            const [session, cleared] = answer.headers.getSetCookie();
            expect(session).toMatch(/^ember_session=[A-Za-z0-9_-]{43}; /);
            expect(cleared).toMatch(/^ember_code_browser=; Max-Age=0;/);
            browserCookie = null;
          } else if (answer.status === 200) {
            expect(answer.data).toMatchObject({ step: "code", notice: CODE_SENT });
            const [set] = answer.headers.getSetCookie();
            expect(set).toMatch(/^ember_code_browser=[A-Za-z0-9_-]{43}; /);
            // A browser's well-formed value is kept.
            if (browserCookie) expect(set!.split(";")[0]).toBe(browserCookie);
            browserCookie = set!.split(";")[0]!;
          } else {
            const step = answer.data as { step: string; error: string };
            expect(["email", "code"]).toContain(step.step);
            expect(typeof step.error).toBe("string");
            if (answer.status === 429) expect(refusals).toContain(step.error);
            if (answer.status === 429 && step.error === SIGN_IN_RATE_LIMITED)
              expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
          }
          // One new session for a sign-in, none for anything else.
          const expectedSessions = sessions + (answer.status === 302 ? 1 : 0);
          sessions = await sessionCount();
          expect(sessions).toBe(expectedSessions);
          await rows.expectUnchanged();
          expectPrototypeUntouched();
        }),
        // First the member asks for a code and signs in with it, so the success path runs while the limits allow.
        {
          ...fuzzParameters,
          examples: [
            [
              {
                kind: "urlencoded",
                pairs: [
                  ["intent", "request-code"],
                  ["email", ` ${member.email.toUpperCase()}`],
                ],
              },
            ],
            [
              {
                kind: "urlencoded",
                pairs: [
                  ["intent", "check-code"],
                  ["email", member.email],
                  ["code", "__CODE__"],
                  ["redirectTo", "/rewards?from=sign-in"],
                ],
              },
            ],
          ],
        },
      );
      // The examples reached the success path.
      expect(signedIn).toBe(true);
    },
  );
});

describe("the sign-out action (fuzzed)", () => {
  it(
    "always ends the session named by the cookie, clears the cookie and redirects home, whatever the body",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const member = await createTestMember();
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx);
      // A live session the cookie may name; a new one replaces it once a sign-out ended it.
      let live = await signedInAs(member);
      let sessions = await sessionCount();
      const cookieHeader = fc.oneof(
        fc.constant<string | null>(null),
        fc.constant("ember_session=__LIVE__"),
        fc.constant("theme=dark; ember_session=__LIVE__; other=1"),
        fc.constantFrom(
          "ember_session=",
          "ember_session",
          "ember_session=garbage",
          `ember_session=${"A".repeat(43)}`,
          "ember_session=__LIVE__x",
          "=; ;; ==",
        ),
        fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
      );

      await fc.assert(
        fc.asyncProperty(
          formBody({ intent: fc.constant("sign-out"), redirectTo: redirectTargets }),
          cookieHeader,
          async (submission, cookie) => {
            const namesLive = cookie?.includes("ember_session=__LIVE__;") || cookie?.endsWith("ember_session=__LIVE__") || false;
            const headers: Record<string, string> = cookie === null ? {} : { Cookie: cookie.replaceAll("__LIVE__", live.token) };
            const answer = await answerOf(async () => signOutAction(actionArgs("/auth/sign-out", submission, context, {}, headers)));
            await execution.settle();
            expect(answer).toMatchObject({ status: 302, thrown: true });
            expect(answer.headers.get("Location")).toBe("/");
            expect(answer.headers.get("Set-Cookie")).toMatch(/^ember_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
            const after = await sessionCount();
            expect(after).toBe(namesLive ? sessions - 1 : sessions);
            sessions = after;
            if (namesLive) {
              live = await signedInAs(member);
              sessions += 1;
            }
            expectPrototypeUntouched();
          },
        ),
        fuzzParameters,
      );
    },
  );
});

describe("the invitation link's confirm action (fuzzed)", () => {
  it(
    "confirms the email and signs in only through the open link and a valid form, and refuses everything else with 400 or 404",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const invited = await insertMember({ status: "invited", name: "Avery Hale" });
      const link = await newInvitationLink();
      await env.DB.prepare("INSERT INTO member_invitations (token_hash, member_id, expires_at) VALUES (?, ?, ?)")
        .bind(link.tokenHash, invited.id, link.expiresAt)
        .run();
      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx);
      const rows = await new RowTracker(() =>
        readRow(
          "SELECT (SELECT status || ':' || coalesce(email_confirmed_at, '') FROM members WHERE id = ?1) AS member, (SELECT COUNT(*) FROM member_sessions WHERE member_id = ?1) AS sessions, (SELECT COUNT(*) FROM member_invitations WHERE member_id = ?1 AND used_at IS NOT NULL) AS used",
          invited.id,
        ),
      ).start();
      let accepted = false;

      const token = fc.oneof(
        { weight: 3, arbitrary: fc.constant("__OPEN_TOKEN__") },
        { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
        { weight: 1, arbitrary: fc.constantFrom("__OPEN_TOKEN__ ", "__OPEN_TOKEN__/", "", "..%2F..%2Fauth") },
        { weight: 1, arbitrary: fuzzString },
      );
      const fields = { intent: fc.oneof(fc.constant("confirm"), fc.constantFrom("set-password", "Confirm", "confirm ", "")) };
      const valid = fc.constant<[string, string][]>([["intent", "confirm"]]);

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), token, async (submission, generatedToken) => {
          const token = generatedToken.replaceAll("__OPEN_TOKEN__", link.token);
          // The opened link's token comes in its HttpOnly cookie; the action reads nothing of the URL.
          const cookie = { Cookie: `ember_invitation=${encodeURIComponent(token.toWellFormed())}` };
          const answer = await answerOf(async () => invitationAction(actionArgs("/invitation", submission, context, {}, cookie)));
          await execution.settle();
          // A body that is not a form at all: refused with 415 before anything is read or written.
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            return;
          }
          expect([303, 400, 404]).toContain(answer.status);
          if (answer.status === 303) {
            // The link works once: it confirmed the email, activated the member, started one session and was used up.
            expect(accepted).toBe(false);
            accepted = true;
            expect(token).toBe(link.token);
            expect(answer.headers.get("Location")).toBe("/invitation");
            expect(answer.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^ember_session=[A-Za-z0-9_-]{43}; /));
            const { current } = await rows.step();
            expect(current.member).toMatch(/^active:\d{4}-\d\d-\d\dT/);
            expect(current.sessions).toBe(1);
            expect(current.used).toBe(1);
            return;
          }
          const outcome = answer.data as { ok: boolean; error?: string; fieldErrors?: Record<string, string> };
          if (answer.status === 404)
            expect(outcome).toEqual({ ok: false, error: "This invitation link is no longer valid. Ask the concierge for a new one." });
          else {
            expect(outcome.ok).toBe(false);
            expect(outcome.error).toBeUndefined();
            expect(Object.keys(outcome.fieldErrors ?? {}).length).toBeGreaterThan(0);
            for (const message of Object.values(outcome.fieldErrors ?? {})) expect(message.length).toBeGreaterThan(0);
          }
          await rows.expectUnchanged();
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
