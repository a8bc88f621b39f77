import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as contactAction } from "#app/features/contact/routes/contact.tsx";
import { fakeSiteverify } from "#tests/fakes/siteverify.ts";
import { uniqueClientAddress } from "#tests/integration/support/client-address.ts";
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
  nastyStrings,
  plus,
  readRow,
  routerContext,
  RowTracker,
  submittedFields,
  type FormSubmission,
} from "#tests/integration/fuzz/fuzz-bodies.ts";

/**
 * The contact form's action against random bodies (docs/security.md#contact-form): a redirect to
 * 'sent' or an ActionResult with a clear message, never an uncaught error (a 500); a message and
 * its acknowledgement are stored together only for a 303 that was not the honeypot, and a refused
 * body stores nothing. Each body comes from its own network, so the limits stay out of the way.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  // A token the fuzzer invents is refused at once, as Google would.
  fakeSiteverify({ success: false, "error-codes": ["invalid-input-response"] });
});
afterEach(() => vi.restoreAllMocks());

/**
 * The honeypot field as the action read it: a raw urlencoded body (malformed percent signs and
 * all) is read by the same WHATWG parser as URLSearchParams.
 */
function sentWebsite(submission: FormSubmission): string | null | undefined {
  if (submission.raw?.kind === "raw-urlencoded") {
    const { body } = submission.raw;
    return new URLSearchParams(typeof body === "string" ? body : new TextDecoder().decode(body)).get("website");
  }
  return submittedFields(submission)?.get("website");
}

describe("the contact page's action (fuzzed)", () => {
  it(
    "answers every body clearly, and stores a message with its acknowledgement only when it reports one sent",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const rows = await new RowTracker(() =>
        readRow("SELECT (SELECT COUNT(*) FROM contact_messages) AS messages, (SELECT COUNT(*) FROM outbox) AS emails"),
      ).start();
      const text = fc.oneof(fc.constantFrom(...nastyStrings), fuzzString);
      const fields = {
        name: fc.oneof(fc.constantFrom("Avery Hale", "Siobhán O'Neill"), text),
        email: fc.oneof(fc.constantFrom("avery@example.com", "o'brien@example.com"), text),
        message: fc.oneof(fc.constant("Do the lounges host private birthday dinners?"), text),
        website: fc.oneof(fc.constant(""), text),
        captchaToken: fc.oneof(fc.constant(""), text),
      };
      const valid = fc.constant<[string, string][]>([
        ["name", "Avery Hale"],
        ["email", "avery@example.com"],
        ["message", "Do the lounges host private birthday dinners?"],
      ]);

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), async (submission) => {
          const execution = actionExecutionContext();
          const context = routerContext(execution.ctx);
          const answer = await answerOf(async () =>
            contactAction(actionArgs("/contact", submission, context, {}, { "CF-Connecting-IP": uniqueClientAddress() })),
          );
          await execution.settle();
          // A body that is not a form at all: refused with 415 before anything is read or written.
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            await rows.expectUnchanged();
            return;
          }
          if (answer.status === 303) {
            // Past the address's five acknowledgements a day the message is kept without one (docs/security.md#forms-and-email).
            const acknowledged = answer.headers.get("Location") === "/contact?sent";
            if (!acknowledged) expect(answer.headers.get("Location")).toBe("/contact?sent=quietly");
            const honeypot = sentWebsite(submission);
            await rows.expectRows((previous) => (honeypot ? previous : plus(previous, { messages: 1, emails: acknowledged ? 1 : 0 })));
            return;
          }
          expect([400, 403]).toContain(answer.status);
          expectClearActionResult(answer.data);
          await rows.expectUnchanged();
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
