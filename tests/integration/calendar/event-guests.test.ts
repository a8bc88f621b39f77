import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as eventAction } from "#app/features/calendar/routes/member-event.tsx";
import { action as guestsAction, loader as guestsLoader } from "#app/features/guests/routes/member-guests.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { uniqueGuest } from "#tests/integration/guests/guest-fixtures.ts";
import { acceptedMember, answer, createListing, freshForm, routeArgs } from "./member-route-fixtures.ts";

/**
 * An event's guests on /members/guests (docs/product-rules.md#events): they hold places of the
 * member's RSVP, so only the event's page removes them (and promotes from the waitlist).
 */
async function guestsPage(member: SignedInMember) {
  return (await guestsLoader(await routeArgs(member, "/members/guests")))!;
}

function postGuests(member: SignedInMember, form: Record<string, string>) {
  return answer(async () => guestsAction(await routeArgs(member, "/members/guests", { form })));
}

async function liveBooking(listingId: string, memberId: string) {
  return env.DB.prepare("SELECT status, guests FROM calendar_bookings WHERE listing_id = ? AND member_id = ? AND status <> 'cancelled'")
    .bind(listingId, memberId)
    .first<{ status: string; guests: number }>();
}

describe("an event's guest on /members/guests", () => {
  it("shows the guest with the RSVP, without Cancel, and sends a cancel from a stale page to the event's page", async () => {
    const night = await createListing({ capacity: 2, title: "Maduro Evening" });
    const host = await acceptedMember("business");
    const ada = uniqueGuest();
    const rsvp = (member: SignedInMember, form: Record<string, string>) =>
      answer(async () =>
        eventAction(await routeArgs(member, `/members/events/${night.id}`, { form: freshForm(form), params: { id: night.id } })),
      );
    expect(await rsvp(host, { intent: "rsvp", guestName1: ada, adult: "yes" })).toMatchObject({ status: 303 });

    const [visit] = (await guestsPage(host)).upcoming;
    expect(visit).toMatchObject({ guestName: ada, cancellable: false, event: { id: night.id, title: "Maduro Evening" } });
    expect(await postGuests(host, { intent: "cancel", visitId: visit!.id })).toMatchObject({
      status: 409,
      outcome: { ok: false, error: "This guest comes with your RSVP to Maduro Evening: remove them on the event's page." },
    });
    expect(await liveBooking(night.id, host.id)).toEqual({ status: "confirmed", guests: 1 });
    expect((await guestsPage(host)).upcoming).toHaveLength(1);
  });
});
