import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelRsvp, listUpcomingEvents, rsvpToEvent } from "#worker/features/member-area/member-events.ts";
import { countRows, createEvent, createMember } from "#tests/integration/support/member-area-records.ts";

const now = new Date("2029-06-01T00:00:00Z");

async function placesLeft(eventId: string, memberId: string): Promise<number | undefined> {
  return (await listUpcomingEvents(env.DB, memberId, now, 1000)).find((event) => event.id === eventId)?.placesLeft;
}

describe("upcoming member events", () => {
  it("lists only events that have not started, soonest first, with the places left and the member's own RSVP", async () => {
    const member = await createMember();
    const later = await createEvent({ startsAt: "2031-02-01T03:00:00.000Z" });
    const sooner = await createEvent({ startsAt: "2031-01-01T03:00:00.000Z" });
    const past = await createEvent({ startsAt: "2029-05-31T03:00:00.000Z" });
    await rsvpToEvent(env.DB, { eventId: sooner, memberId: member.id, plusOne: true, now });

    const events = await listUpcomingEvents(env.DB, member.id, now, 1000);
    const ids = events.map((event) => event.id);
    expect(ids).not.toContain(past);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    expect(events.map((event) => event.startsAt)).toEqual([...events.map((event) => event.startsAt)].sort());
    expect(events.find((event) => event.id === sooner)).toMatchObject({ capacity: 10, placesLeft: 8, rsvp: { plusOne: true } });
    expect(events.find((event) => event.id === later)).toMatchObject({ placesLeft: 10, rsvp: null });
  });
});

describe("RSVPs", () => {
  it("takes one place, or two with a plus-one", async () => {
    const [alone, withGuest] = await Promise.all([createMember(), createMember()]);
    const eventId = await createEvent({ capacity: 10 });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: alone.id, plusOne: false, now })).toEqual({ ok: true });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: withGuest.id, plusOne: true, now })).toEqual({ ok: true });
    expect(await placesLeft(eventId, alone.id)).toBe(7);
  });

  it("refuses a second RSVP from the same member", async () => {
    const member = await createMember();
    const eventId = await createEvent();
    await rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: false, now });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: true, now })).toEqual({
      ok: false,
      reason: "already-attending",
    });
    expect(await placesLeft(eventId, member.id)).toBe(9);
  });

  it("refuses when the event is full, and a plus-one when only one place is left", async () => {
    const [first, second, third] = await Promise.all([createMember(), createMember(), createMember()]);
    const eventId = await createEvent({ capacity: 3 });
    await rsvpToEvent(env.DB, { eventId, memberId: first.id, plusOne: true, now });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: second.id, plusOne: true, now })).toEqual({
      ok: false,
      reason: "no-room-for-plus-one",
    });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: second.id, plusOne: false, now })).toEqual({ ok: true });
    expect(await rsvpToEvent(env.DB, { eventId, memberId: third.id, plusOne: false, now })).toEqual({ ok: false, reason: "full" });
    expect(await placesLeft(eventId, third.id)).toBe(0);
  });

  it("refuses events that have started or do not exist", async () => {
    const member = await createMember();
    const past = await createEvent({ startsAt: "2029-05-31T03:00:00.000Z" });
    expect(await rsvpToEvent(env.DB, { eventId: past, memberId: member.id, plusOne: false, now })).toEqual({
      ok: false,
      reason: "not-open",
    });
    expect(await rsvpToEvent(env.DB, { eventId: "no-such-event", memberId: member.id, plusOne: false, now })).toEqual({
      ok: false,
      reason: "not-open",
    });
    expect(await countRows("event_rsvps", member.id)).toBe(0);
  });

  it("never goes over capacity when ten members reply at once for five places", async () => {
    const eventId = await createEvent({ capacity: 5 });
    const members = await Promise.all(Array.from({ length: 10 }, () => createMember()));
    const replies = await Promise.all(members.map((member) => rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: false, now })));
    expect(replies.filter((reply) => reply.ok)).toHaveLength(5);
    const taken = await env.DB.prepare("SELECT coalesce(sum(1 + plus_one), 0) AS taken FROM event_rsvps WHERE event_id = ?")
      .bind(eventId)
      .first<{ taken: number }>();
    expect(taken!.taken).toBe(5);
  });

  it("counts plus-ones against capacity when members with guests reply at once", async () => {
    const eventId = await createEvent({ capacity: 7 });
    const members = await Promise.all(Array.from({ length: 10 }, () => createMember()));
    const replies = await Promise.all(members.map((member) => rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: true, now })));
    expect(replies.filter((reply) => reply.ok)).toHaveLength(3);
    const taken = await env.DB.prepare("SELECT coalesce(sum(1 + plus_one), 0) AS taken FROM event_rsvps WHERE event_id = ?")
      .bind(eventId)
      .first<{ taken: number }>();
    expect(taken!.taken).toBe(6);
  });

  it("cancelling gives the places back; there is nothing to cancel twice or after the event started", async () => {
    const member = await createMember();
    const eventId = await createEvent({ capacity: 2 });
    await rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: true, now });
    expect(await cancelRsvp(env.DB, { eventId, memberId: member.id, now })).toBe(true);
    expect(await placesLeft(eventId, member.id)).toBe(2);
    expect(await cancelRsvp(env.DB, { eventId, memberId: member.id, now })).toBe(false);

    await rsvpToEvent(env.DB, { eventId, memberId: member.id, plusOne: false, now });
    expect(await cancelRsvp(env.DB, { eventId, memberId: member.id, now: new Date("2030-01-02T00:00:00Z") })).toBe(false);
    expect(await countRows("event_rsvps", member.id)).toBe(1);
  });
});
