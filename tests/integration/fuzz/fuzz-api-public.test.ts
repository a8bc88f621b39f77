import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { club } from "#app/features/site/site-config.ts";
import { goodSiteverifyAnswer, SITEVERIFY_URL, type SiteverifyAnswer } from "#tests/fakes/siteverify.ts";
import {
  API_ORIGIN,
  byteLength,
  characterCount,
  expectClearJsonError,
  expectPrototypeUntouched,
  expectSameSiteLocation,
  formBody,
  formRequest,
  type FormSubmission,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  isJsonContentType,
  jsonBody,
  own,
  parsedObject,
  plus,
  postApi,
  type RawBody,
  readRow,
  RowTracker,
} from "./fuzz-bodies.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";

/**
 * Fuzzing of the public API endpoints that need no captcha pass: the age gate, the
 * browser's security reports and the captcha verification. Every body gets the answer its content
 * decides (worked out here independently of the Worker's schemas), never a 5xx, and nothing is
 * stored for a refused body.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/age-gate (fuzzed)", () => {
  const AGE_GATE_LIMIT = 4 * 1024;
  const answerCount = () => readRow("SELECT COUNT(*) AS answers FROM age_gate_answers");

  const plausible = {
    answer: fc.constantFrom("yes", "no", "enter", "YES", " yes", "maybe"),
    sessionId: fc.oneof(
      fc.uuid(),
      fc.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
      fc.stringMatching(/^[A-Za-z0-9-]{1,7}$/),
      fc.stringMatching(/^[A-Za-z0-9-]{65,80}$/),
    ),
    returnTo: fc.oneof(
      fc.constantFrom("/", "/rules?x=1", "/members#top", "//evil.example", "/\\evil.example", "https://evil.example/"),
      fc.webPath(),
      fc.webUrl(),
    ),
  };
  const valid = fc
    .record(
      {
        answer: fc.constantFrom("yes", "no", "enter"),
        sessionId: fc.uuid(),
        returnTo: fc.oneof(fc.webPath(), fc.constantFrom("/", "/rules", "//evil.example")),
      },
      { requiredKeys: ["answer"] },
    )
    .map((fields) => Object.entries(fields) as [string, string][]);

  /** What the age gate must answer, from the body and cookie alone (null: only the set of answers is known). */
  function expected(
    submission: FormSubmission,
    answeredYes: boolean,
  ): { status: 200 | 303 | 400 | 409 | 413 | 415; answer?: string } | null {
    if (submission.kind !== "urlencoded") return null;
    const body = new URLSearchParams(submission.pairs.map(([name, value]) => [name, String(value)])).toString();
    if (new TextEncoder().encode(body).byteLength > AGE_GATE_LIMIT) return { status: 413 };
    const fields = Object.fromEntries([...new URLSearchParams(body)].filter(([, value]) => value !== ""));
    const { answer, sessionId, returnTo } = {
      answer: own(fields, "answer"),
      sessionId: own(fields, "sessionId"),
      returnTo: own(fields, "returnTo"),
    };
    const ok =
      (answer === "yes" || answer === "no" || answer === "enter") &&
      (sessionId === undefined || /^[A-Za-z0-9-]{8,64}$/.test(String(sessionId))) &&
      (returnTo === undefined || characterCount(String(returnTo)) <= 2048);
    if (!ok) return { status: 400 };
    return answer === "enter" && !answeredYes ? { status: 409 } : { status: 303, answer: String(answer) };
  }

  it(
    "answers every form body with its redirect or stage, or a clear 4xx, and records only accepted answers",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(answerCount).start();
      await fc.assert(
        fc.asyncProperty(
          formBody(plausible, valid),
          fc.constantFrom(undefined, "application/json", "text/html,application/xhtml+xml", "*/*"),
          fc.boolean(),
          async (submission, accept, answeredYes) => {
            const headers: Record<string, string> = {
              Origin: API_ORIGIN,
              "User-Agent": "FuzzBrowser/1.0",
              "CF-Connecting-IP": uniqueClientAddress(),
            };
            if (accept) headers.Accept = accept;
            if (answeredYes) headers.Cookie = "age_gate=verified";
            const response = await exports.default.fetch(formRequest(`${API_ORIGIN}/api/age-gate`, submission, headers), {
              redirect: "manual",
            });
            expect([200, 303, 400, 409, 413, 415]).toContain(response.status);

            const expectation = expected(submission, answeredYes);
            const success = response.status === 200 || response.status === 303;
            if (expectation) {
              const wantsJson = accept?.includes("application/json") ?? false;
              expect(response.status).toBe(expectation.status === 303 && wantsJson ? 200 : expectation.status);
            }
            if (!success) {
              await expectClearJsonError(response);
              await rows.expectUnchanged();
              return;
            }
            if (response.status === 200) {
              expect(await response.json()).toEqual({ stage: expect.stringMatching(/^(question|intro|passed)$/) });
            } else if (expectation?.answer === "no") {
              expect(response.headers.get("Location")).toBe(club.quitResourcesUrl);
            } else if (response.headers.get("Location") !== club.quitResourcesUrl) {
              expectSameSiteLocation(response.headers.get("Location"), API_ORIGIN);
            }
            if (expectation?.answer) expect(response.headers.get("Set-Cookie") !== null).toBe(expectation.answer !== "no");
            // The audit row is written after the answer (waitUntil): exactly one per accepted answer.
            await rows.expectRows((previous) => plus(previous, { answers: 1 }), { eventually: true });
            expectPrototypeUntouched();
          },
        ),
        fuzzParameters,
      );
    },
  );
});

describe("POST /api/security-events (fuzzed)", () => {
  const LIMIT = 4 * 1024;
  const types = ["captcha_unavailable", "captcha_token_failed", "invitation_exception"];
  const eventCount = () => readRow("SELECT COUNT(*) AS events FROM security_events");
  const fields = {
    type: fc.oneof(
      fc.constantFrom(...types),
      fc.constantFrom("client_reported_error", "authn_login_success", "CAPTCHA_UNAVAILABLE"),
      fuzzString,
    ),
    referrer: fc.oneof(fc.webUrl({ withQueryParameters: true }), fuzzString),
    detail: fc.oneof(fc.string({ maxLength: 200 }), fuzzString),
  };
  const valid = fc.record(
    {
      type: fc.constantFrom(...types),
      referrer: fc.webUrl({ withQueryParameters: true, withFragments: true }),
      detail: fc.string({ maxLength: 200 }),
    },
    { requiredKeys: ["type"] },
  );

  function expected(raw: RawBody): 202 | 400 | 413 | 415 {
    if (byteLength(raw) > LIMIT) return 413;
    if (!isJsonContentType(raw.contentType)) return 415;
    const report = parsedObject(raw);
    if (!report) return 400;
    const [type, referrer, detail] = [own(report, "type"), own(report, "referrer"), own(report, "detail")];
    const ok =
      typeof type === "string" &&
      types.includes(type) &&
      (referrer === undefined || (typeof referrer === "string" && characterCount(referrer) <= 2048)) &&
      (detail === undefined || (typeof detail === "string" && characterCount(detail) <= 200));
    return ok ? 202 : 400;
  }

  it(
    "accepts exactly the known reports with 202, refuses everything else with a clear 4xx and logs nothing for it",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(eventCount).start();
      await fc.assert(
        fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (raw) => {
          const response = await postApi("/api/security-events", raw, { Referer: "https://emberandoak.club/?token=secret" });
          expect(response.status).toBe(expected(raw));
          if (raw.kind === "smuggled") expect(response.status).not.toBe(202);
          if (response.status !== 202) {
            await expectClearJsonError(response);
            await rows.expectUnchanged();
            return;
          }
          expect(await response.json()).toEqual({ ok: true });
          await rows.expectRows((previous) => plus(previous, { events: 1 }), { eventually: true });
          const stored = await env.DB.prepare("SELECT event_type, metadata FROM security_events ORDER BY id DESC LIMIT 1").first<{
            event_type: string;
            metadata: string;
          }>();
          // The client chose only one of the known problems; the server named the event.
          expect(["client_reported_error", "invitation_request_error"]).toContain(stored!.event_type);
          expect(stored!.metadata).not.toContain("token=secret");
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});

describe("POST /api/verify-recaptcha (fuzzed)", () => {
  const LIMIT = 8 * 1024;
  /** What the fake Google answers this time: good, refusing, nonsense, failing or unreachable. */
  type Siteverify = { label: string; good: boolean; answer: () => SiteverifyAnswer | Response | Error };
  const googleAnswers: Siteverify[] = [
    { label: "good", good: true, answer: () => goodSiteverifyAnswer() },
    { label: "low score", good: false, answer: () => goodSiteverifyAnswer({ score: 0.1 }) },
    { label: "another action", good: false, answer: () => goodSiteverifyAnswer({ action: "login" }) },
    { label: "another site", good: false, answer: () => goodSiteverifyAnswer({ hostname: "evil.example" }) },
    { label: "stale", good: false, answer: () => goodSiteverifyAnswer({ challenge_ts: new Date(Date.now() - 121_000).toISOString() }) },
    { label: "no date", good: false, answer: () => goodSiteverifyAnswer({ challenge_ts: "not a date" }) },
    { label: "refused", good: false, answer: () => ({ success: false, "error-codes": ["invalid-input-response"] }) },
    { label: "nonsense", good: false, answer: () => ({ success: "true" }) as unknown as SiteverifyAnswer },
    { label: "503", good: false, answer: () => new Response("<html>busy</html>", { status: 503 }) },
    { label: "not JSON", good: false, answer: () => new Response("not json", { status: 200 }) },
    { label: "unreachable", good: false, answer: () => new Error("network down") },
  ];
  const siteverify = fc.oneof(
    { weight: 3, arbitrary: fc.constant(googleAnswers[0]!) },
    { weight: 2, arbitrary: fc.constantFrom(...googleAnswers.slice(1)) },
  );
  let current: Siteverify = googleAnswers[0]!;

  beforeEach(() => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(SITEVERIFY_URL)) return realFetch(input, init);
      const answer = current.answer();
      if (answer instanceof Error) throw answer;
      if (answer instanceof Response) return answer;
      return Response.json(answer);
    });
  });

  const fields = { token: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fuzzString) };
  const valid = fc.record({
    token: fc.oneof(fc.string({ minLength: 1, maxLength: 200 }), fc.constantFrom("good-token", "x".repeat(4096))),
  });

  function expected(raw: RawBody): 200 | 400 | 413 | 415 {
    if (byteLength(raw) > LIMIT) return 413;
    if (!isJsonContentType(raw.contentType)) return 415;
    const body = parsedObject(raw);
    const token = body && own(body, "token");
    return typeof token === "string" && characterCount(token) >= 1 && characterCount(token) <= 4096 ? 200 : 400;
  }

  it("passes a token only when Google does, and answers every other body with a clear 4xx", { timeout: FUZZ_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody(fields, valid, LIMIT), siteverify, async (raw, google) => {
        current = google;
        const response = await postApi("/api/verify-recaptcha", raw);
        expect(response.status).toBe(expected(raw));
        if (response.status !== 200) {
          const body = await expectClearJsonError(response);
          expect(body.captchaPass).toBeUndefined();
          return;
        }
        const body = (await response.json()) as { success: boolean; score: number | null; error?: string; captchaPass?: string };
        expect(body.success).toBe(google.good);
        if (body.success) {
          expect(body.captchaPass).toMatch(/^[A-Za-z0-9+/=]+\.[0-9a-f]{64}$/);
        } else {
          expect(body).toMatchObject({ error: "Security verification failed" });
          expect(body.captchaPass).toBeUndefined();
        }
        expectPrototypeUntouched();
      }),
      fuzzParameters,
    );
  });
});
