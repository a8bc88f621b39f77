import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { addDays } from "#app/features/calendar/meeting-room-hours.ts";
import { action as memberMeetingRoomsAction } from "#app/features/calendar/routes/member-meeting-rooms.tsx";
import { bookMeetingRoom } from "#worker/features/calendar/meeting-rooms.ts";
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
 * Random bodies to /members/meeting-rooms' action: every one gets an ActionResult with a clear
 * message (never a 500), only a booking it reports adds the member's hours (as many as it asked
 * for), and no body ever changes another member's reservation.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the /members/meeting-rooms action (fuzzed)", () => {
  it(
    "answers every body with an ActionResult, booking only the member's own hours and only on success",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const [member, other] = await Promise.all([createMember({ tier: "platinum" }), createMember()]);
      await acceptRules(env.DB, member.id, RULES_VERSION);
      const today = portlandDay(new Date());
      // Another member's reservation, whose id the bodies try to cancel.
      let otherDay = addDays(today, 3);
      if (new Date(`${otherDay}T12:00:00Z`).getUTCDay() === 0) otherDay = addDays(otherDay, 1);
      const otherBooking = await bookMeetingRoom(env.DB, {
        memberId: other.id,
        room: "fir",
        day: otherDay,
        startHour: 21,
        hours: 1,
        now: Date.now(),
      });
      if (!otherBooking.ok) throw new Error("the other member's booking was refused");

      const execution = actionExecutionContext();
      const context = routerContext(execution.ctx, member);
      await checkClubRulesAcceptance(
        actionArgs("/members/meeting-rooms", { kind: "urlencoded", pairs: [] }, context, {}),
        async () => new Response(),
      );
      const rows = await new RowTracker(() =>
        readRow(
          `SELECT (SELECT COUNT(*) FROM meeting_room_bookings WHERE member_id = ?1 AND status = 'booked') AS booked,
                (SELECT COUNT(*) FROM meeting_room_bookings WHERE member_id <> ?1 AND status = 'booked') AS others`,
          member.id,
        ),
      ).start();

      const aheadDay = fc.integer({ min: 1, max: 59 }).map((days) => addDays(today, days));
      const fields = {
        intent: fc.constantFrom("book", "cancel", "BOOK", "delete"),
        formKey: fc.oneof(fc.uuid().map(String), fc.constantFrom("", "not-a-uuid")),
        room: fc.oneof(fc.constantFrom("alder", "fir", "boardroom"), fuzzString),
        day: fc.oneof(aheadDay, fc.constantFrom("2020-01-01", "2099-12-31", "tomorrow", today.replace(/-/g, "/")), fuzzString),
        startHour: fc.oneof(fc.integer({ min: -1, max: 25 }).map(String), fc.constantFrom("9.5", "0x9", " 9", "09"), fuzzString),
        hours: fc.oneof(fc.integer({ min: -1, max: 6 }).map(String), fuzzString),
        reservationId: fc.oneof(fc.constant(otherBooking.reservationId), fc.constant(crypto.randomUUID()), fuzzString),
        memberId: fc.constant(other.id),
      };
      const valid = fc
        .tuple(aheadDay, fc.constantFrom("alder", "fir"), fc.integer({ min: 7, max: 20 }), fc.integer({ min: 1, max: 2 }), fc.uuid())
        .map(([day, room, startHour, hours, key]): [string, string][] => [
          ["intent", "book"],
          ["formKey", key],
          ["room", room],
          ["day", day],
          ["startHour", String(startHour)],
          ["hours", String(hours)],
        ]);

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), async (submission) => {
          const answer = await answerOf(async () =>
            memberMeetingRoomsAction(actionArgs("/members/meeting-rooms", submission, context, {})),
          );
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
          expect(outcome).toMatchObject({ ok: true, toast: { title: "Room booked" } });
          // The form's last "hours" field is the one read (app/lib/form-result.ts, formFields); a raw
          // urlencoded body that was well formed after all (no percent sign to break) holds its fields
          // in its text, not in `pairs`.
          const raw = submission.raw;
          const hours = Number(
            raw
              ? new URLSearchParams(typeof raw.body === "string" ? raw.body : new TextDecoder().decode(raw.body)).getAll("hours").at(-1)
              : submission.pairs
                  .filter(([name, value]) => name === "hours" && typeof value === "string")
                  .map(([, value]) => value)
                  .at(-1),
          );
          expect(hours).toBeGreaterThan(0);
          await rows.expectRows((previous) => plus(previous, { booked: hours }));
          expectPrototypeUntouched();
        }),
        fuzzParameters,
      );
    },
  );
});
