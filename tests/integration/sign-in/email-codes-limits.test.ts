import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as signInAction } from "#app/features/sign-in/routes/sign-in.tsx";
import { CAPTCHA_NEEDED, CODE_REFUSED, CODE_SENT } from "#app/features/sign-in/sign-in-messages.ts";
import { SIGN_IN_CODE_CAPTCHA_ACTION } from "#app/features/sign-in/sign-in-step.ts";
import { CODE_LIMITS } from "#worker/features/sign-in/email-codes.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import { createTestMember } from "#tests/integration/support/member-fixtures.ts";
import { fakeSiteverify, goodSiteverifyAnswer } from "#tests/fakes/siteverify.ts";
import { actionArgs, actionExecutionContext, answerOf, routerContext } from "#tests/integration/fuzz/fuzz-bodies.ts";
import {
  askForCode,
  checkCode,
  emailedCode,
  newBrowser,
  outboxCount,
  sessionCount,
  wrongCode,
  type CodeBrowser,
} from "./email-codes-support.ts";

/** Emailed codes under load and under attack: limits that hold under concurrency, answers that say nothing. */
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

/** A code request from a new browser (or `browser`, which keeps the cookie the answer sets). */
function ask(email: string, address: string, captchaToken?: string, browser: CodeBrowser = newBrowser()) {
  return askForCode(browser, email, { address, captchaToken });
}

describe("emailed code limits", () => {
  it("gives exactly one session to ten concurrent checks of the right code", async () => {
    const member = await createTestMember();
    const browser = newBrowser();
    await ask(member.email, uniqueClientAddress(), undefined, browser);
    const code = await emailedCode(member.email);
    const results = await Promise.all(
      Array.from({ length: 10 }, async () => (await checkCode(browser, member.email, code, { address: uniqueClientAddress() })).status),
    );
    expect(results.filter((status) => status === "signed_in")).toHaveLength(1);
    expect(results.filter((status) => status === "refused")).toHaveLength(9);
    expect(await sessionCount(member.id)).toBe(1);
  });

  it("lets exactly the per-(email, network) limit of concurrent requests through", async () => {
    const member = await createTestMember();
    const address = uniqueClientAddress();
    const results = await Promise.all(Array.from({ length: 12 }, () => ask(member.email, address)));
    expect(results.filter((result) => result.status === "sent")).toHaveLength(CODE_LIMITS.requestsPerEmailAndNetwork.max);
    expect(results.filter((result) => result.status === "rate_limited")).toHaveLength(12 - CODE_LIMITS.requestsPerEmailAndNetwork.max);
    // Another network still gets a code for the same member.
    expect(await ask(member.email, uniqueClientAddress())).toEqual({ status: "sent" });
  });

  it("lets exactly the per-network limit of concurrent requests through, whatever the emails", async () => {
    const address = uniqueClientAddress();
    const extra = 5;
    const results = await Promise.all(
      Array.from({ length: CODE_LIMITS.requestsPerNetwork.max + extra }, (_, index) =>
        ask(`guest${index}.${crypto.randomUUID()}@example.com`, address),
      ),
    );
    expect(results.filter((result) => result.status === "sent")).toHaveLength(CODE_LIMITS.requestsPerNetwork.max);
    expect(results.filter((result) => result.status === "rate_limited")).toHaveLength(extra);
  });

  it("fits a lounge's Wi-Fi on an event night: forty members behind one address each ask twice and sign in", async () => {
    const address = uniqueClientAddress();
    const members = await Promise.all(Array.from({ length: 40 }, async () => ({ ...(await createTestMember()), browser: newBrowser() })));
    for (const member of members) {
      expect(await ask(member.email, address, undefined, member.browser)).toEqual({ status: "sent" });
      expect(await ask(member.email, address, undefined, member.browser)).toEqual({ status: "sent" });
    }
    for (const member of members) {
      expect((await checkCode(member.browser, member.email, await emailedCode(member.email), { address })).status).toBe("signed_in");
    }
  });

  it("asks for a captcha above an email's overall ceiling instead of refusing, and a verified captcha gets the code", async () => {
    const member = await createTestMember();
    const ceiling = CODE_LIMITS.requestsPerEmail.max;
    // A stranger spreads requests over networks, staying under each (email, network) limit.
    for (let sent = 0; sent < ceiling;) {
      const address = uniqueClientAddress();
      for (let i = 0; i < CODE_LIMITS.requestsPerEmailAndNetwork.max && sent < ceiling; i++, sent++) {
        expect(await ask(member.email, address)).toEqual({ status: "sent" });
      }
    }
    const before = await outboxCount(member.email);
    expect(await ask(member.email, uniqueClientAddress())).toEqual({ status: "captcha_needed" });

    const siteverify = fakeSiteverify(goodSiteverifyAnswer({ action: "executive_invitation" }));
    expect(await ask(member.email, uniqueClientAddress(), "token-for-another-action")).toEqual({ status: "captcha_needed" });
    siteverify.mockRestore();
    fakeSiteverify(goodSiteverifyAnswer({ action: SIGN_IN_CODE_CAPTCHA_ACTION }));
    const browser = newBrowser();
    expect(await ask(member.email, uniqueClientAddress(), "a-good-token", browser)).toEqual({ status: "sent" });
    expect(await outboxCount(member.email)).toBe(before + 1);

    // The member signs in with that code, which clears the ceiling.
    expect((await checkCode(browser, member.email, await emailedCode(member.email))).status).toBe("signed_in");
    vi.restoreAllMocks();
    expect(await ask(member.email, uniqueClientAddress())).toEqual({ status: "sent" });
  });

  it("asks for a captcha once an email has had its ceiling of wrong codes, across browsers and networks; a captcha pass gets the code", async () => {
    const member = await createTestMember();
    const ceiling = CODE_LIMITS.wrongCodesPerEmail.max;
    // A stranger guesses with several browsers, CODE_MAX_TRIES (5) wrong codes each, from a new network each time.
    for (let wrong = 0; wrong < ceiling;) {
      const stranger = newBrowser();
      const address = uniqueClientAddress();
      expect(await ask(member.email, address, undefined, stranger)).toEqual({ status: "sent" });
      const code = await emailedCode(member.email);
      for (let i = 0; i < 5 && wrong < ceiling; i++, wrong++)
        expect(await checkCode(stranger, member.email, wrongCode(code), { address })).toEqual({ status: "refused" });
    }
    // Requests so far stay under the per-email request ceiling: only the wrong codes ask for the captcha.
    expect(ceiling / 5).toBeLessThan(CODE_LIMITS.requestsPerEmail.max);
    const before = await outboxCount(member.email);
    const browser = newBrowser();
    expect(await ask(member.email, uniqueClientAddress(), undefined, browser)).toEqual({ status: "captcha_needed" });
    expect(browser.cookie).toBeNull();
    expect(await outboxCount(member.email)).toBe(before);

    fakeSiteverify(goodSiteverifyAnswer({ action: SIGN_IN_CODE_CAPTCHA_ACTION }));
    expect(await ask(member.email, uniqueClientAddress(), "a-good-token", browser)).toEqual({ status: "sent" });
    expect(await outboxCount(member.email)).toBe(before + 1);
    // The member is never refused: the code signs in.
    expect((await checkCode(browser, member.email, await emailedCode(member.email))).status).toBe("signed_in");
  });

  it("does not count a check without a live code for its browser as a wrong code", async () => {
    const member = await createTestMember();
    for (let round = 0; round < CODE_LIMITS.wrongCodesPerEmail.max + 1; round++)
      expect(await checkCode(newBrowser(), member.email, "123456")).toEqual({ status: "refused" });
    expect(await ask(member.email, uniqueClientAddress())).toEqual({ status: "sent" });
  });
});

/** Every table's row count except the outbox (which alone may differ) and the security log. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('outbox', 'd1_migrations')",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results)
    counts[name] = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())!.n;
  return counts;
}

/** Posts a form to the /auth action as React Router runs it, waiting for its deferred work. */
async function postToAuth(pairs: [string, string][], headers: Record<string, string> = {}) {
  const execution = actionExecutionContext();
  const answer = await answerOf(async () =>
    signInAction(
      actionArgs(
        "/auth",
        { kind: "urlencoded", pairs },
        routerContext(execution.ctx),
        {},
        { "CF-Connecting-IP": uniqueClientAddress(), ...headers },
      ),
    ),
  );
  await execution.settle();
  return answer;
}

describe("the /auth answer to a code request", () => {
  it("is the same for an active, suspended, invited or unknown email: status, body and rows (only the outbox differs)", async () => {
    const active = await createTestMember();
    const suspended = await createTestMember({ status: "suspended" });
    const invited = await createTestMember({ status: "invited" });
    const emails = [active.email, suspended.email, invited.email, `nobody.${crypto.randomUUID()}@example.com`];
    const answers: unknown[] = [];
    const changes: Record<string, number>[] = [];
    for (const email of emails) {
      const before = await tableCounts();
      const answer = await postToAuth([
        ["intent", "request-code"],
        ["email", email],
      ]);
      const after = await tableCounts();
      changes.push(Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - (before[name] ?? 0)])));
      expect(answer.data).toEqual({ step: "code", email, notice: CODE_SENT });
      // Each browser gets its own random cookie value: the same cookie, but for that value.
      expect(answer.headers.get("Set-Cookie")).toMatch(/^ember_code_browser=[A-Za-z0-9_-]{43}; /);
      const headers = [...answer.headers].map(([name, value]) => [
        name,
        value.replace(/^ember_code_browser=[^;]*/, "ember_code_browser=…"),
      ]);
      answers.push({ status: answer.status, headers, data: { ...(answer.data as object), email: "(the email)" } });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    for (const change of changes) expect(change).toEqual(changes[0]);
    expect(await outboxCount(active.email)).toBe(1);
    expect(await outboxCount(suspended.email)).toBe(1);
    expect(await outboxCount(invited.email)).toBe(0);
  });

  it("answers CAPTCHA_NEEDED above the ceiling, for a member's email and an unknown one alike", async () => {
    const member = await createTestMember();
    const unknown = `nobody.${crypto.randomUUID()}@example.com`;
    for (const email of [member.email, unknown]) {
      for (let round = 0; round < CODE_LIMITS.requestsPerEmail.max / CODE_LIMITS.requestsPerEmailAndNetwork.max; round++) {
        const address = uniqueClientAddress();
        for (let i = 0; i < CODE_LIMITS.requestsPerEmailAndNetwork.max; i++) await ask(email, address);
      }
      const answer = await postToAuth([
        ["intent", "request-code"],
        ["email", email],
      ]);
      expect(answer.status).toBe(429);
      expect(answer.data).toEqual({ step: "email", email, error: CAPTCHA_NEEDED, captcha: true });
    }
  });

  it("shows the paused membership (403) only for the right code of a suspended member; a wrong code reads as for anyone", async () => {
    const suspended = await createTestMember({ status: "suspended" });
    const browser = newBrowser();
    await ask(suspended.email, uniqueClientAddress(), undefined, browser);
    const code = await emailedCode(suspended.email);
    const submit = async (value: string) => {
      const answer = await postToAuth(
        [
          ["intent", "check-code"],
          ["email", suspended.email],
          ["code", value],
        ],
        { Cookie: browser.cookie! },
      );
      return { status: answer.status, data: answer.data };
    };
    expect(await submit(String((Number(code) + 1) % 1_000_000).padStart(6, "0"))).toEqual({
      status: 400,
      data: { step: "code", email: suspended.email, error: CODE_REFUSED },
    });
    expect(await submit(code)).toEqual({ status: 403, data: { step: "paused" } });
    expect(await sessionCount(suspended.id)).toBe(0);
  });
});
