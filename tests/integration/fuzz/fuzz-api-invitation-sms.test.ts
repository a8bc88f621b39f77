import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { issueCaptchaPass } from "#worker/features/executive-invitation/captcha/captcha-pass.ts";
import { parseUsPhoneNumber } from "#worker/features/sms-invitation/us-phone-number.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
import {
  byteLength,
  characterCount,
  expectClearJsonError,
  expectPrototypeUntouched,
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
import { codeFromOutbox, sendSms } from "#tests/integration/support/sms-requests.ts";

/**
 * Fuzzing of the endpoints that store requests or cost money: the executive invitation
 * and the two SMS endpoints. Every body gets the answer its content decides, never a 5xx, and a
 * refused body stores no request, opt-in or message.
 */
const signingKey = "test-signing-key-with-at-least-32-characters";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Rows a refused body must not add: requests, opt-ins and outbox messages. */
const storedRows = () =>
  readRow(
    "SELECT (SELECT COUNT(*) FROM invitation_requests) AS requests, (SELECT COUNT(*) FROM sms_opt_ins) AS optIns, (SELECT COUNT(*) FROM outbox) AS messages",
  );

describe("POST /api/send-executive-invitation (fuzzed)", () => {
  const LIMIT = 16 * 1024;
  /** Stands for a fresh, valid captcha pass (passes live 120 s, longer than a slow run's start). */
  const FRESH_PASS = "__FRESH_CAPTCHA_PASS__";
  const person = fc.stringMatching(/^[A-Z][a-z]{1,12}( [A-Z][a-z]{1,12})?$/);
  const fields = {
    name: fc.oneof(
      person,
      fc.constantFrom("A", "Avery\r\nBcc: x@example.com", "Siobhán O'Neill", "<b>Avery</b>", "Avery\u0000Hale", "\u0301\u0301\u0301"),
    ),
    email: fc.oneof(
      fc.emailAddress(),
      fc.constantFrom(
        "avery@example.com",
        "nope",
        "a@b",
        " Avery@Example.COM ",
        "o'brien@example.com",
        "a@example.com\r\nBcc: x@example.com",
      ),
    ),
    company: fc.oneof(person, fc.constantFrom("Hale Timber Co", "X", "Hale & Sons", '"Smith & Sons"', "Hale\u2028Timber")),
    invitedBy: fc.oneof(person, fc.constantFrom("Jordan Reyes", "J", "Jordan O'Neill", "Jordan \u202Esreyer")),
    message: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9 .,'"&\n]{10,300}$/),
      fc.constantFrom(
        "too short",
        "<script>alert(1)</script> please",
        "I'd like to join.\r\nThank you.",
        "Call me\u202E back, please.",
        "Tab\tseparated text",
      ),
    ),
    captchaPass: fc.oneof(
      { weight: 3, arbitrary: fc.constant(FRESH_PASS) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "",
          "x.y",
          "a".repeat(1025),
          "eyJ9.00",
          "bm90IGEgcGFzcw==.0000000000000000000000000000000000000000000000000000000000000000",
        ),
      },
      { weight: 1, arbitrary: fuzzString },
    ),
    recaptchaScore: fc.oneof(fc.double(), fc.constantFrom(0.9, 1, -1)),
    website: fc.oneof(fc.constant(""), fc.constant("http://spam.example"), fuzzString),
  };
  const valid = fc.record(
    {
      name: person,
      email: fc.constantFrom("avery@example.com", "jordan.reyes@example.org", "a.b+c@sub.example.co", "o'brien@example.com"),
      company: person,
      invitedBy: person,
      message: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,'"&]{9,200}$/),
      captchaPass: fc.constant(FRESH_PASS),
      recaptchaScore: fc.double({ min: 0, max: 1, noNaN: true }),
      website: fc.constantFrom("", "", "", "http://spam.example"),
    },
    { requiredKeys: ["name", "email", "company", "invitedBy", "message", "captchaPass"] },
  );

  /**
   * The characters no name (and, but for CR and LF, no message) may hold, written out apart from
   * app/lib/plain-text.ts: < >, controls, U+2028/U+2029, bidirectional controls, lone surrogates.
   */
  const refusedInName = /[<>\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
  const refusedInMessage = /[<>\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[^\P{Cc}\r\n]|\p{Cs}/u;
  const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
  function holdsRefusedText(body: Record<string, unknown>): boolean {
    const text = (key: string) => trimmed(own(body, key));
    const names = ["name", "company", "invitedBy"].map(text).filter((value) => typeof value === "string");
    const message = text("message");
    return names.some((value) => refusedInName.test(value)) || (typeof message === "string" && refusedInMessage.test(message));
  }

  /** What the body must get before its fields are looked at: 413, 415, 403, or null (the fields decide: 200 or 400). */
  function expectedBeforeFields(raw: RawBody, pass: string): 403 | 413 | 415 | null {
    if (byteLength(raw) > LIMIT) return 413;
    if (!isJsonContentType(raw.contentType)) return 415;
    const body = parsedObject(raw);
    if (!body) return 403;
    const [captchaPass, score, website] = [own(body, "captchaPass"), own(body, "recaptchaScore"), own(body, "website")];
    const envelopeOk =
      captchaPass === pass &&
      (score === undefined || typeof score === "number") &&
      (website === undefined || (typeof website === "string" && characterCount(website) <= 200));
    return envelopeOk ? null : 403;
  }

  it(
    "stores a request only for a valid pass and valid fields, and answers everything else with a clear 4xx",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(storedRows).start();
      await fc.assert(
        fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (generated) => {
          const pass = await issueCaptchaPass(signingKey, "executive_invitation", 0.8);
          const raw = typeof generated.body === "string" ? { ...generated, body: generated.body.replaceAll(FRESH_PASS, pass) } : generated;
          const response = await postApi("/api/send-executive-invitation", raw);

          const early = expectedBeforeFields(raw, pass);
          if (early !== null) expect(response.status).toBe(early);
          else if (holdsRefusedText(parsedObject(raw)!)) expect(response.status).toBe(400);
          else expect([200, 400]).toContain(response.status);
          if (raw.kind === "smuggled")
            expect(response.status).toBe(byteLength(raw) > LIMIT ? 413 : isJsonContentType(raw.contentType) ? 403 : 415);

          if (response.status !== 200) {
            const body = await expectClearJsonError(response);
            if (response.status === 400) expect(Object.keys(body.fieldErrors as object).length).toBeGreaterThan(0);
            await rows.expectUnchanged();
            return;
          }
          const { data } = (await response.json()) as { data: { id: string; acknowledged: boolean } };
          expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
          const sent = parsedObject(raw)!;
          const website = own(sent, "website");
          const honeypot = typeof website === "string" && website !== "";
          // The concierge's copy and the applicant's acknowledgement, which past the address's five
          // a day is not queued, and the answer says so (docs/security.md#forms-and-email).
          await rows.expectRows((previous) => plus(previous, honeypot ? {} : { requests: 1, messages: data.acknowledged ? 2 : 1 }));
          if (!honeypot) {
            const stored = await env.DB.prepare(
              "SELECT name, email, company, invited_by, message, recaptcha_score FROM invitation_requests WHERE id = ?",
            )
              .bind(data.id)
              .first<Record<string, unknown>>();
            // The score is the pass's, never the browser's claim; every value is stored as typed,
            // trimmed, never rewritten (apostrophes, quotes and ampersands included).
            expect(stored).toEqual({
              name: trimmed(own(sent, "name")),
              email: trimmed(own(sent, "email")),
              company: trimmed(own(sent, "company")),
              invited_by: trimmed(own(sent, "invitedBy")),
              message: trimmed(own(sent, "message")),
              recaptcha_score: 0.8,
            });
          }
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});

/** US numbers in real area codes (libphonenumber decides which are valid). */
const usNumber = fc
  .tuple(
    fc.constantFrom("503", "971", "212", "415", "206", "312", "617", "202", "800", "900", "416", "123"),
    fc.integer({ min: 200, max: 999 }),
    fc.integer({ min: 0, max: 9999 }),
  )
  .map(([area, exchange, line]) => `${area}${exchange}${String(line).padStart(4, "0")}`);

const phoneNumber = fc.oneof(
  { weight: 4, arbitrary: usNumber },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{10}$/) },
  { weight: 1, arbitrary: usNumber.map((digits) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`) },
  { weight: 1, arbitrary: usNumber.map((digits) => `+1${digits}`) },
  { weight: 1, arbitrary: usNumber.map((digits) => digits.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("5035550142", " 5035550142", "5035550142 ", "15035550142", "503555014", "+442071234567", "0000000000"),
  },
  { weight: 1, arbitrary: fuzzString },
);

describe("POST /api/send-sms (fuzzed)", () => {
  const LIMIT = 4 * 1024;
  const fields = {
    phoneNumber,
    type: fc.oneof(fc.constant("invitation"), fc.constantFrom("marketing", "INVITATION", "invitation "), fuzzString),
  };
  const valid = fc.record({ phoneNumber: usNumber, type: fc.constant("invitation") });

  /** 413, 415, 400, or "accepted" (200, or 429 once a number has had its three codes). */
  function expected(raw: RawBody): 400 | 413 | 415 | "accepted" {
    if (byteLength(raw) > LIMIT) return 413;
    if (!isJsonContentType(raw.contentType)) return 415;
    const body = parsedObject(raw);
    const [number, type] = body ? [own(body, "phoneNumber"), own(body, "type")] : [];
    return typeof number === "string" && characterCount(number) <= 32 && type === "invitation" && parseUsPhoneNumber(number)
      ? "accepted"
      : 400;
  }

  it(
    "stores and sends a code only for a valid US number, and answers everything else with a clear 4xx",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(storedRows).start();
      await fc.assert(
        fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (raw) => {
          const response = await postApi("/api/send-sms", raw);
          const expectation = expected(raw);
          if (expectation === "accepted") expect([200, 429]).toContain(response.status);
          else expect(response.status).toBe(expectation);
          if (raw.kind === "smuggled") expect(response.status).not.toBe(200);

          if (response.status !== 200) {
            // Every refusal of send-sms reads {success: false, error}, the guards' 413 and 415 too.
            const body = await expectClearJsonError(response);
            expect(body.success).toBe(false);
            await rows.expectUnchanged();
            return;
          }
          expect(await response.json()).toEqual({ success: true });
          await rows.expectRows((previous) => plus(previous, { optIns: 1, messages: 1 }));
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});

describe("POST /api/verify-sms (fuzzed)", () => {
  const LIMIT = 4 * 1024;
  const realNumber = "5035550199";
  let realCode = "";

  beforeAll(async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    expect((await sendSms(realNumber, { clientAddress: uniqueClientAddress() })).status).toBe(200);
    realCode = await codeFromOutbox("+15035550199");
  });

  const code = fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^\d{6}$/) },
    { weight: 1, arbitrary: fc.constant("__REAL_CODE__") },
    { weight: 1, arbitrary: fc.constantFrom(" 123456 ", "12345", "1234567", "１２３４５６", "12 3456", "123456\n", "0x1E240", "1e5") },
    { weight: 1, arbitrary: fuzzString },
  );
  const fields = { phoneNumber: fc.oneof(phoneNumber, fc.constant(realNumber)), code };
  const valid = fc.record({
    phoneNumber: fc.oneof(usNumber, fc.constant(realNumber)),
    code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constant("__REAL_CODE__")),
  });

  /** 413, 415, 400 (malformed), or "checked" (the code was checked: 200, 400 wrong code, or 429). */
  function expected(raw: RawBody): 400 | 413 | 415 | "checked" {
    if (byteLength(raw) > LIMIT) return 413;
    if (!isJsonContentType(raw.contentType)) return 415;
    const body = parsedObject(raw);
    const [number, submitted] = body ? [own(body, "phoneNumber"), own(body, "code")] : [];
    const wellFormed =
      typeof number === "string" &&
      characterCount(number) <= 32 &&
      typeof submitted === "string" &&
      characterCount(submitted) <= 32 &&
      /^\d{6}$/.test(submitted.trim());
    return wellFormed && parseUsPhoneNumber(number) ? "checked" : 400;
  }

  it(
    "checks only well-formed number and code pairs, sets the cookie only on success, and stores nothing",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(storedRows).start();
      await fc.assert(
        fc.asyncProperty(jsonBody(fields, valid, LIMIT), async (generated) => {
          const raw =
            typeof generated.body === "string" ? { ...generated, body: generated.body.replaceAll("__REAL_CODE__", realCode) } : generated;
          const response = await postApi("/api/verify-sms", raw);
          const expectation = expected(raw);
          if (expectation === "checked") expect([200, 400, 429]).toContain(response.status);
          else expect(response.status).toBe(expectation);

          if (response.status === 200) {
            expect(await response.json()).toEqual({ success: true, message: "Welcome to the Inner Circle!" });
            expect(response.headers.get("Set-Cookie")).not.toBeNull();
          } else {
            // Every refusal of verify-sms reads {success: false, message}, the guards' 413 and 415 too.
            const body = await expectClearJsonError(response, "message");
            expect(body.success).toBe(false);
            expect(response.headers.get("Set-Cookie")).toBeNull();
          }
          await rows.expectUnchanged();
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
