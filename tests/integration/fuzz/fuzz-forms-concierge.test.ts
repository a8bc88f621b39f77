import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as conciergeOutboxAction } from "#app/features/concierge/routes/outbox.tsx";
import { action as conciergeRequestsAction } from "#app/features/admissions/routes/requests.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { insertInvitationRequest, insertMember } from "#tests/integration/support/concierge-fixtures.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  formBody,
  fuzzParameters,
  FUZZ_TIMEOUT_MS,
  fuzzString,
  readRow,
  routerContext,
  RowTracker,
  substitute,
} from "./fuzz-bodies.ts";

/**
 * Fuzzing of the concierge console's form actions, called as React Router calls them
 * once requireConcierge has put the concierge in the context. Every body gets an ActionResult with a
 * clear message, never an uncaught error (a 500), and a refused body changes nothing: no member,
 * invitation link, email or decision is written, no delivery retried.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function conciergeContext() {
  const concierge = await insertMember({ role: "concierge", name: "Elena Marsh" });
  const member: SignedInMember = { id: concierge.id, email: concierge.email, name: concierge.name, tier: "business", role: "concierge" };
  const execution = actionExecutionContext();
  return { context: routerContext(execution.ctx, member), settle: execution.settle };
}

describe("the concierge's decision action (fuzzed)", () => {
  it(
    "answers every body with an ActionResult, writes an email and a decision only for a decision it reports, and never a member or link",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const { context, settle } = await conciergeContext();
      // Open requests the bodies name through placeholders; a decided one is replaced by a new one.
      const slots = ["__REQUEST_0__", "__REQUEST_1__", "__REQUEST_2__"];
      const open = new Map<string, string>();
      for (const slot of slots) open.set(slot, (await insertInvitationRequest()).id);
      // A request from someone who is already a member: approving it must be refused (declining is fine).
      await insertMember({ email: "already.member@example.com" });
      const clash = (await insertInvitationRequest({ email: " Already.Member@Example.com " })).id;

      const rows = await new RowTracker(() =>
        readRow(
          `SELECT (SELECT COUNT(*) FROM members) AS members, (SELECT COUNT(*) FROM member_invitations) AS links, (SELECT COUNT(*) FROM outbox) AS emails,
                (SELECT COUNT(*) FROM invitation_requests WHERE status = 'new') AS undecided,
                (SELECT COUNT(*) FROM invitation_requests WHERE status IN ('offered', 'waitlisted')) AS approved,
                (SELECT COUNT(*) FROM invitation_requests WHERE status = 'declined') AS declined`,
        ),
      ).start();

      const requestId = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...slots) },
        { weight: 1, arbitrary: fc.constantFrom(...slots).map((slot) => ` ${slot}\n`) },
        { weight: 1, arbitrary: fc.constantFrom(clash, "no-such-request", "x".repeat(101), "' OR 1=1 --") },
      );
      const tier = fc.constantFrom("kickback", "business", "platinum", "gold", "PLATINUM", "");
      const note = fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constantFrom("", "   ", "x".repeat(1000), "x".repeat(1001), "<b>Known</b> to Jordan"),
      );
      const fields = { intent: fc.constantFrom("approve", "decline", "delete", "APPROVE"), requestId, tier, note, applicantNote: note };
      const valid = fc.oneof(
        fc.tuple(requestId, fc.constantFrom("kickback", "business", "platinum"), note).map(([id, chosen, text]): [string, string][] => [
          ["intent", "approve"],
          ["requestId", id],
          ["tier", chosen],
          ["note", text],
        ]),
        fc.tuple(requestId, note, note).map(([id, text, toApplicant]): [string, string][] => [
          ["intent", "decline"],
          ["requestId", id],
          ["note", text],
          ["applicantNote", toApplicant],
        ]),
      );

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), async (generated) => {
          const submission = substitute(generated, Object.fromEntries(open));
          const answer = await answerOf(async () => conciergeRequestsAction(actionArgs("/concierge", submission, context, {})));
          await settle();
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
          expect(outcome.ok).toBe(true);
          expect(["Offer Sent", "Added to the Waitlist", "Request Declined"]).toContain(outcome.toast.title);
          const admitted = outcome.toast.title !== "Request Declined";
          // No member or link until an offer is paid; every decision emails the applicant.
          await rows.expectRows((previous) => ({
            ...previous,
            emails: Number(previous.emails) + 1,
            undecided: Number(previous.undecided) - 1,
            approved: Number(previous.approved) + (admitted ? 1 : 0),
            declined: Number(previous.declined) + (admitted ? 0 : 1),
          }));
          // The decided request leaves its slot to a new one.
          const slot = [...open].find(([, id]) => id === outcome.form)?.[0];
          if (outcome.form === clash) expect(admitted).toBe(false);
          else expect(slot).toBeDefined();
          if (slot) {
            open.set(slot, (await insertInvitationRequest()).id);
            await rows.start();
          }
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});

describe("the concierge's decision note", () => {
  it("refuses < >, controls, U+2028 and bidirectional controls with 'Invalid characters in note', deciding nothing", async () => {
    const { context, settle } = await conciergeContext();
    const requestId = (await insertInvitationRequest()).id;
    const notes = fc.constantFrom(
      "<b>Known</b> to Jordan",
      "Known\u0000",
      "Known \u202Eto Jordan",
      "Known\u2028to Jordan",
      "Known\tto Jordan",
    );
    await fc.assert(
      fc.asyncProperty(notes, fc.constantFrom("approve", "decline"), async (note, intent) => {
        const pairs: [string, string][] = [
          ["intent", intent],
          ["requestId", requestId],
          ["tier", "business"],
          ["note", note],
        ];
        const answer = await answerOf(async () =>
          conciergeRequestsAction(actionArgs("/concierge", { kind: "urlencoded", pairs }, context, {})),
        );
        await settle();
        expect(answer).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { note: "Invalid characters in note" } } });
        expect(await readRow("SELECT status FROM invitation_requests WHERE id = ?", requestId)).toEqual({ status: "new" });
      }),
    );
  });

  it("keeps a note as typed, with its line breaks, quotes and ampersands", async () => {
    const { context, settle } = await conciergeContext();
    const requestId = (await insertInvitationRequest()).id;
    const note = `Known to Jordan & O'Brien's "circle".\r\nCalled on Monday.`;
    const pairs: [string, string][] = [
      ["intent", "decline"],
      ["requestId", requestId],
      ["note", note],
    ];
    const answer = await answerOf(async () =>
      conciergeRequestsAction(actionArgs("/concierge", { kind: "urlencoded", pairs }, context, {})),
    );
    await settle();
    expect(answer.status).toBe(200);
    expect(await readRow("SELECT decision_note FROM invitation_requests WHERE id = ?", requestId)).toEqual({ decision_note: note });
  });
});

describe("the concierge's 'Retry now' action (fuzzed)", () => {
  it(
    "answers every body with an ActionResult, and retries only a failed delivery it reports as sent",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const { context, settle } = await conciergeContext();
      const insertOutbox = async (channel: "email" | "sms", status: string) =>
        String(
          (await env.DB.prepare(
            "INSERT INTO outbox (channel, recipient, subject, body, status, attempts, last_error) VALUES (?, ?, 'Subject', 'Body', ?, 1, 'timeout') RETURNING id",
          )
            .bind(channel, channel === "email" ? "avery@example.com" : "+15035550142", status)
            .first<{ id: number }>())!.id,
        );
      const slots = { __FAILED_EMAIL__: await insertOutbox("email", "failed"), __FAILED_SMS__: await insertOutbox("sms", "failed") };
      const others = [await insertOutbox("email", "sent"), await insertOutbox("email", "pending"), await insertOutbox("sms", "rejected")];
      const rows = await new RowTracker(() =>
        readRow(
          "SELECT COUNT(*) AS messages, group_concat(id || ':' || status || ':' || attempts, ',') AS states FROM (SELECT * FROM outbox ORDER BY id)",
        ),
      ).start();

      const outboxId = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...Object.keys(slots)) },
        { weight: 2, arbitrary: fc.constantFrom(...others) },
        { weight: 1, arbitrary: fc.constantFrom(...Object.keys(slots)).map((slot) => ` ${slot} `) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            "0",
            "-1",
            "1.5",
            "1e3",
            "0x1",
            "0b1",
            "9007199254740993",
            "1e400",
            "NaN",
            "Infinity",
            "",
            " ",
            "1,2",
            "999999999",
          ),
        },
        { weight: 1, arbitrary: fc.integer().map(String) },
        { weight: 1, arbitrary: fuzzString },
      );

      await fc.assert(
        fc.asyncProperty(
          formBody(
            { outboxId },
            outboxId.map((id): [string, string][] => [["outboxId", id]]),
          ),
          async (generated) => {
            const submission = substitute(generated, slots);
            const answer = await answerOf(async () => conciergeOutboxAction(actionArgs("/concierge/outbox", submission, context, {})));
            await settle();
            // A body that is not a form at all: refused with 415 before anything is read or written.
            if (answer.status === 415) {
              expect(answer.thrown).toBe(true);
              return;
            }
            expect([200, 400, 409]).toContain(answer.status);
            if (answer.status !== 200) {
              expectClearActionResult(answer.data);
              await rows.expectUnchanged();
              return;
            }
            expect(answer.data).toMatchObject({ ok: true, toast: { title: "Delivered" } });
            const id = (answer.data as { form: string }).form;
            const { previous, current } = await rows.step();
            // Only the retried message changed: failed, attempt 1 → sent, attempt 2.
            expect(previous.states).toContain(`${id}:failed:1`);
            expect(current.states).toBe(String(previous.states).replace(`${id}:failed:1`, `${id}:sent:2`));
            const slot = Object.entries(slots).find(([, slotId]) => slotId === id)?.[0] as keyof typeof slots | undefined;
            expect(slot).toBeDefined();
            slots[slot!] = await insertOutbox(slot === "__FAILED_SMS__" ? "sms" : "email", "failed");
            await rows.start();
            expectPrototypeUntouched();
          },
        ),
        fuzzParameters,
      );
    },
  );
});
