import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { action as eventAction } from "#app/features/calendar/routes/member-event.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import {
  actionArgs,
  actionExecutionContext,
  answerOf,
  expectClearActionResult,
  expectPrototypeUntouched,
  expectSameSiteLocation,
  formBody,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  fuzzString,
  nastyStrings,
  readRow,
  routerContext,
  RowTracker,
  SITE_ORIGIN,
  substitute,
} from "#tests/integration/fuzz/fuzz-bodies.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";
import { acceptedMember, createListing, DAY_MS } from "./member-route-fixtures.ts";

/**
 * The event page's action (/members/events/:id) fuzzed as React Router calls it: every body gets a
 * 303 back to the event, or an ActionResult with a clear message, never an uncaught error (a 500);
 * a refused body changes nothing, and no body touches another member's booking (the bodies carry
 * the other member's booking and guest-visit ids too) or the member's own place at another event.
 */
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function memberContext(member: SignedInMember) {
  const execution = actionExecutionContext();
  const context = routerContext(execution.ctx, member);
  await checkClubRulesAcceptance(
    actionArgs("/members/events/x", { kind: "urlencoded", pairs: [] }, context, {}),
    async () => new Response(),
  );
  return { context, settle: execution.settle };
}

/** The member's live bookings, places and guest visits; everyone else's. */
function rowsOf(memberId: string) {
  return readRow(
    `SELECT (SELECT COUNT(*) FROM calendar_bookings WHERE member_id = ?1 AND status <> 'cancelled') AS bookings,
            (SELECT COALESCE(SUM(guests), 0) FROM calendar_bookings WHERE member_id = ?1 AND status <> 'cancelled') AS guests,
            (SELECT COUNT(*) FROM guest_visits WHERE host_member_id = ?1 AND status = 'expected' AND booking_id IS NOT NULL) AS visits,
            (SELECT COUNT(*) || ':' || COALESCE(SUM(guests), 0) FROM calendar_bookings WHERE member_id <> ?1 AND status <> 'cancelled'
               AND listing_id LIKE 'member-test-%') AS others`,
    memberId,
  );
}

describe("the event page's action (fuzzed)", () => {
  let events: { open: string; full: string; closed: string };
  let other: SignedInMember;
  beforeAll(async () => {
    other = await acceptedMember();
    const closedStart = new Date(Date.now() + DAY_MS / 2).toISOString();
    events = {
      open: (await createListing({ capacity: 40 })).id,
      full: (await createListing({ capacity: 1 })).id,
      closed: (await createListing({ startsAt: closedStart, closesAt: new Date(Date.parse(closedStart) - DAY_MS).toISOString() })).id,
    };
    const context = await memberContext(other);
    // The other member holds the full event's place, and a place with a named guest at the open one.
    const rsvps: [string, [string, string][]][] = [
      [
        events.full,
        [
          ["intent", "rsvp"],
          ["formKey", crypto.randomUUID()],
        ],
      ],
      [
        events.open,
        [
          ["intent", "rsvp"],
          ["formKey", crypto.randomUUID()],
          ["guestName1", "Dorothy Parker"],
          ["adult", "yes"],
        ],
      ],
    ];
    for (const [id, pairs] of rsvps) {
      await eventAction(actionArgs(`/members/events/${id}`, { kind: "urlencoded", pairs }, context.context, { id })).catch(
        (thrown: unknown) => {
          if (!(thrown instanceof Response)) throw thrown;
        },
      );
    }
    await context.settle();
  });

  it(
    "answers every body with a 303 back or a clear refusal, changing only the member's own bookings and only on success",
    { timeout: FUZZ_TIMEOUT_MS },
    async () => {
      const [member, newcomer] = [await acceptedMember("platinum"), await createMember({ tier: "platinum" })];
      const signedIn = await memberContext(member);
      const notAccepted = await memberContext(newcomer);
      const rows = await new RowTracker(() => rowsOf(member.id)).start();
      const othersAtStart = rows.rows.others;

      const name = fc.oneof(fc.constantFrom("Ada Lovelace", "Siobhán O'Neill", "Grace Hopper", "", " "), fuzzString);
      const email = fc.oneof(fc.constantFrom("", "ada@example.com", "not-an-email"), fuzzString);
      const id = fc.oneof(
        fc.constantFrom(
          "__OWN_BOOKING__",
          "__OWN_VISIT__",
          "__OWN_BOOKING_ELSEWHERE__",
          "__OTHER_BOOKING__",
          "__OTHER_VISIT__",
          "no-such-id",
          "x".repeat(101),
        ),
        fuzzString,
      );
      const fields = {
        intent: fc.constantFrom("rsvp", "join-waitlist", "add-guest", "remove-guest", "cancel", "RSVP", "delete-event"),
        formKey: fc.oneof(fc.uuid().map(String), fc.constantFrom("", "not-a-uuid")),
        guestName1: name,
        guestEmail1: email,
        guestName2: name,
        guestName3: name,
        guestName: name,
        guestEmail: email,
        adult: fc.constantFrom("yes", "no", "", "on"),
        bookingId: id,
        guestVisitId: id,
        memberId: fc.constant(other.id),
      };
      const valid = fc.oneof(
        // The booking forms carry the page's key (docs/product-rules.md#a-form-is-one-intent).
        fc.uuid().map((key): [string, string][] => [
          ["intent", "rsvp"],
          ["formKey", key],
        ]),
        fc.uuid().map((key): [string, string][] => [
          ["intent", "join-waitlist"],
          ["formKey", key],
        ]),
        fc.constant<[string, string][]>([
          ["intent", "cancel"],
          ["bookingId", "__OWN_BOOKING__"],
        ]),
        fc.constant<[string, string][]>([
          ["intent", "remove-guest"],
          ["bookingId", "__OWN_BOOKING__"],
          ["guestVisitId", "__OWN_VISIT__"],
        ]),
        // Well-formed bodies naming a place that is not the member's at this event.
        fc.constant<[string, string][]>([
          ["intent", "cancel"],
          ["bookingId", "__OWN_BOOKING_ELSEWHERE__"],
        ]),
        fc.constant<[string, string][]>([
          ["intent", "cancel"],
          ["bookingId", "__OTHER_BOOKING__"],
        ]),
        fc.constant<[string, string][]>([
          ["intent", "remove-guest"],
          ["bookingId", "__OTHER_BOOKING__"],
          ["guestVisitId", "__OTHER_VISIT__"],
        ]),
        fc.tuple(name, fc.uuid()).map(([guest, key]): [string, string][] => [
          ["intent", "add-guest"],
          ["formKey", key],
          ["bookingId", "__OWN_BOOKING__"],
          ["guestName", guest],
          ["adult", "yes"],
        ]),
      );
      const event = fc.oneof(fc.constantFrom("open", "full", "closed"), fc.constantFrom(...nastyStrings.slice(0, 5)));

      await fc.assert(
        fc.asyncProperty(formBody(fields, valid), event, fc.nat(9), async (generated, which, chance) => {
          const listingId = Object.hasOwn(events, which) ? events[which as keyof typeof events] : which;
          const own = await env.DB.prepare(
            "SELECT b.id AS booking, (SELECT v.id FROM guest_visits v WHERE v.booking_id = b.id AND v.status = 'expected' LIMIT 1) AS visit FROM calendar_bookings b WHERE b.member_id = ? AND b.listing_id = ? AND b.status <> 'cancelled'",
          )
            .bind(member.id, listingId)
            .first<{ booking: string; visit: string | null }>();
          const theirs = await env.DB.prepare(
            "SELECT b.id AS booking, (SELECT v.id FROM guest_visits v WHERE v.booking_id = b.id AND v.status = 'expected' LIMIT 1) AS visit FROM calendar_bookings b WHERE b.member_id = ? AND b.status <> 'cancelled' ORDER BY b.listing_id = ? DESC LIMIT 1",
          )
            .bind(other.id, listingId)
            .first<{ booking: string; visit: string | null }>();
          // The member's places at the other events: a body on this page must leave them as they are.
          const elsewhere = () =>
            readRow(
              `SELECT (SELECT MIN(id) FROM calendar_bookings WHERE member_id = ?1 AND listing_id <> ?2 AND status <> 'cancelled') AS booking,
                      (SELECT COUNT(*) || ':' || COALESCE(SUM(guests), 0) FROM calendar_bookings
                         WHERE member_id = ?1 AND listing_id <> ?2 AND status <> 'cancelled') AS places`,
              member.id,
              listingId,
            );
          const elsewhereBefore = await elsewhere();
          const submission = substitute(generated, {
            __OWN_BOOKING__: own?.booking ?? "none",
            __OWN_VISIT__: own?.visit ?? "none",
            __OWN_BOOKING_ELSEWHERE__: String(elsewhereBefore.booking ?? "none"),
            __OTHER_BOOKING__: theirs?.booking ?? "none",
            __OTHER_VISIT__: theirs?.visit ?? "none",
          });
          const who = chance > 0 ? signedIn : notAccepted;
          const answer = await answerOf(async () =>
            eventAction(actionArgs(`/members/events/${encodeURIComponent(listingId)}`, submission, who.context, { id: listingId })),
          );
          await who.settle();
          expectPrototypeUntouched();
          if (who === notAccepted) {
            // Until the rules are accepted, every action sends the member back to the page.
            expect(answer).toMatchObject({ status: 303, thrown: true });
            await rows.expectUnchanged();
            return;
          }
          // A body that is not a form at all: refused with 415 before anything is read or written.
          if (answer.status === 415) {
            expect(answer.thrown).toBe(true);
            await rows.expectUnchanged();
            return;
          }
          if (answer.status === 303) {
            const location = answer.headers.get("Location");
            expectSameSiteLocation(location, SITE_ORIGIN);
            expect(location).toMatch(
              /^\/members\/events\/[^?]+\?done=(booked|booked-with-guests|waitlisted|guest-added|guest-removed|cancelled)$/,
            );
            const { previous, current } = await rows.step();
            const done = new URL(location!, SITE_ORIGIN).searchParams.get("done");
            const change = {
              bookings: Number(current.bookings) - Number(previous.bookings),
              guests: Number(current.guests) - Number(previous.guests),
            };
            if (done === "booked" || done === "waitlisted") expect(change).toEqual({ bookings: 1, guests: 0 });
            if (done === "booked-with-guests") expect(change.bookings === 1 && change.guests > 0).toBe(true);
            if (done === "guest-added") expect(change).toEqual({ bookings: 0, guests: 1 });
            if (done === "guest-removed") expect(change).toEqual({ bookings: 0, guests: -1 });
            if (done === "cancelled") expect(change.bookings).toBe(-1);
            // Each named guest is a guest visit of the member's, counted in the booking's places.
            expect(Number(current.visits)).toBeLessThanOrEqual(Number(current.guests));
            expect(current.others).toBe(othersAtStart);
            expect((await elsewhere()).places).toBe(elsewhereBefore.places);
            return;
          }
          expect([400, 403, 404, 409, 429]).toContain(answer.status);
          expectClearActionResult(answer.data);
          await rows.expectUnchanged();
        }),
        fuzzParameters,
      );
    },
  );
});
