import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as eventAction, loader as eventLoader } from "#app/features/calendar/routes/member-event.tsx";
import { loader as eventsLoader } from "#app/features/calendar/routes/member-events.tsx";
import { loader as eventFileLoader } from "#app/features/calendar/routes/member-event-file.ts";
import { loader as membersLoader } from "#app/features/member-area/routes/members.tsx";
import { loader as membershipsLoader } from "#app/features/site/routes/memberships.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { uniqueGuest } from "#tests/integration/guests/guest-fixtures.ts";
import { acceptedMember, answer, createListing, DAY_MS, freshForm, routeArgs } from "./member-route-fixtures.ts";

/**
 * /members/events, /members/events/:id, the /members card and the /memberships teaser
 * (docs/product-rules.md#members-pages), through their loaders and actions as React Router calls
 * them; the booking rules themselves are the engine's tests (tests/integration/calendar/).
 */
async function eventsOf(member: SignedInMember) {
  return (await eventsLoader(await routeArgs(member, "/members/events")))!.events;
}

async function eventPage(member: SignedInMember, id: string, query = "") {
  return (await eventLoader(await routeArgs(member, `/members/events/${id}${query}`, { params: { id } })))!;
}

function post(member: SignedInMember, id: string, form: Record<string, string>) {
  return answer(async () => eventAction(await routeArgs(member, `/members/events/${id}`, { form: freshForm(form), params: { id } })));
}

async function eventFile(member: SignedInMember, id: string): Promise<Response> {
  return eventFileLoader(await routeArgs(member, `/members/events/${id}.ics`, { params: { id } }));
}

async function guestVisitCount(memberId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM guest_visits WHERE host_member_id = ? AND status = 'expected'")
    .bind(memberId)
    .first<{ n: number }>();
  return row!.n;
}

describe("/members/events", () => {
  it("lists only the events the member's tier includes, with the tiers in words, places and Portland times", async () => {
    const [tasting, dinner] = [await createListing(), await createListing({ category: "master-blender-dinner", lounge: "business" })];
    const [kickback, business] = [await acceptedMember("kickback"), await acceptedMember("business")];

    const kickbackIds = (await eventsOf(kickback)).map((event) => event.id);
    expect(kickbackIds).toContain(tasting.id);
    expect(kickbackIds).not.toContain(dinner.id);

    const events = await eventsOf(business);
    expect(events.find((event) => event.id === dinner.id)).toMatchObject({
      title: dinner.title,
      loungeName: "Business Lounge",
      tiers: "Business and Platinum",
      places: "10 places left",
      own: null,
      when: expect.stringMatching(/ at \d{1,2}:\d{2} (AM|PM) to \d{1,2}:\d{2} (AM|PM) P[SD]T$/),
    });
    expect(events.find((event) => event.id === tasting.id)).toMatchObject({ tiers: "Kickback, Business and Platinum" });
    const starts = events.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it("says whom an event of another tier is for, without a form, and refuses its RSVP in words with 403", async () => {
    const dinner = await createListing({ category: "master-blender-dinner" });
    const kickback = await acceptedMember("kickback");
    const words = "Your membership does not include this event: it is for Business and Platinum members.";
    expect(await eventPage(kickback, dinner.id)).toMatchObject({
      event: { tiers: "Business and Platinum", places: null },
      own: null,
      book: null,
      notice: words,
    });
    expect(await post(kickback, dinner.id, { intent: "rsvp" })).toMatchObject({
      status: 403,
      outcome: { form: "rsvp", ok: false, error: words },
    });
    await expect(eventPage(kickback, "no-such-event")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("does not list an event at a lounge the member's tier does not open; its page says so in words and its RSVP is refused with 403", async () => {
    const atPlatinum = await createListing({ lounge: "platinum" });
    const kickback = await acceptedMember("kickback");
    expect((await eventsOf(kickback)).map((event) => event.id)).not.toContain(atPlatinum.id);
    const words = "This event is at the Platinum Lounge, which your membership does not open: it is for Platinum members.";
    expect(await eventPage(kickback, atPlatinum.id)).toMatchObject({
      event: { tiers: "Platinum", places: null },
      book: null,
      notice: words,
    });
    expect(await post(kickback, atPlatinum.id, { intent: "rsvp" })).toMatchObject({
      status: 403,
      outcome: { form: "rsvp", ok: false, error: words },
    });
    expect(await guestVisitCount(kickback.id)).toBe(0);
    const platinum = await acceptedMember("platinum");
    expect((await eventsOf(platinum)).map((event) => event.id)).toContain(atPlatinum.id);
    expect(await post(platinum, atPlatinum.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
  });

  it("tells a member whose RSVP with guests finds the event full to join the waitlist on their own", async () => {
    const night = await createListing({ capacity: 1 });
    const [first, second] = [await acceptedMember("business"), await acceptedMember("business")];
    expect(await post(first, night.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
    const guest = uniqueGuest();
    expect(await post(second, night.id, { intent: "rsvp", guestName1: guest, guestEmail1: "ada@example.com", adult: "yes" })).toMatchObject(
      {
        status: 409,
        outcome: {
          form: "rsvp",
          ok: false,
          error: "The event is full: join the waitlist on your own, and add your guests once you have a place.",
          // What the member typed comes back, for the page without JavaScript to show it again.
          values: { guestName1: guest, guestEmail1: "ada@example.com" },
        },
      },
    );
    expect(await post(second, night.id, { intent: "rsvp" })).toMatchObject({
      status: 409,
      outcome: { error: "Sorry, this event is full. Join the waitlist and we will email you if a place frees." },
    });
  });

  it("shows a place the member holds at an event their tier no longer includes, to cancel only", async () => {
    const night = await createListing();
    const member = await acceptedMember("business");
    expect(await post(member, night.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
    await env.DB.prepare("UPDATE members SET tier = 'kickback' WHERE id = ?").bind(member.id).run();
    await env.DB.prepare("UPDATE calendar_listings SET category = 'master-blender-dinner' WHERE id = ?").bind(night.id).run();
    const downgraded: SignedInMember = { ...member, tier: "kickback" };
    const page = await eventPage(downgraded, night.id);
    expect(page).toMatchObject({ own: { text: "Booked", mayAddGuest: false, mayChange: true }, book: null });
    expect(await post(downgraded, night.id, { intent: "cancel", bookingId: page.own!.bookingId })).toEqual({
      status: 303,
      location: `/members/events/${night.id}?done=cancelled`,
    });
    expect(await eventPage(downgraded, night.id)).toMatchObject({
      own: null,
      book: null,
      notice: expect.stringContaining("Business and Platinum"),
    });
  });
});

describe("/members/events/:id", () => {
  it("RSVPs a Platinum member with named guests (each a guest visit), then adds, removes and cancels, answering each with a 303 back", async () => {
    const event = await createListing();
    const platinum = await acceptedMember("platinum");
    const page = await eventPage(platinum, event.id);
    expect(page.book).toEqual({ full: false, guestLines: 3, placesLeft: 10 });
    expect(page.event.calendarFile).toBe(`/members/events/${event.id}.ics`);

    const [ada, grace] = [uniqueGuest("Ada"), uniqueGuest("Grace")];
    const rsvp = await post(platinum, event.id, {
      intent: "rsvp",
      guestName1: ada,
      guestEmail1: "",
      guestName2: grace,
      guestEmail2: "grace@example.com",
      guestName3: "",
      adult: "yes",
      memberId: "someone-else",
    });
    expect(rsvp).toEqual({ status: 303, location: `/members/events/${event.id}?done=booked-with-guests` });
    const booked = await eventPage(platinum, event.id, "?done=booked-with-guests");
    expect(booked.confirmation).toMatchObject({ ok: true, toast: { title: "RSVP confirmed" } });
    expect(booked.own).toMatchObject({ text: "Booked, with 2 guests", mayAddGuest: true, mayChange: true });
    expect(booked.own!.guests.map((guest) => guest.name)).toEqual([ada, grace]);
    expect(booked.event.places).toBe("7 places left");
    expect(await guestVisitCount(platinum.id)).toBe(2);

    const dora = uniqueGuest("Dora");
    expect(
      await post(platinum, event.id, { intent: "add-guest", bookingId: booked.own!.bookingId, guestName: dora, adult: "yes" }),
    ).toEqual({
      status: 303,
      location: `/members/events/${event.id}?done=guest-added`,
    });
    const full = await eventPage(platinum, event.id);
    expect(full.own).toMatchObject({ text: "Booked, with 3 guests", mayAddGuest: false });

    const removed = full.own!.guests.find((guest) => guest.name === ada)!;
    expect(
      await post(platinum, event.id, { intent: "remove-guest", bookingId: full.own!.bookingId, guestVisitId: removed.id }),
    ).toMatchObject({ status: 303, location: `/members/events/${event.id}?done=guest-removed` });
    expect((await eventPage(platinum, event.id)).own!.guests.map((guest) => guest.name)).toEqual([grace, dora]);

    expect(await post(platinum, event.id, { intent: "cancel", bookingId: full.own!.bookingId })).toMatchObject({
      status: 303,
      location: `/members/events/${event.id}?done=cancelled`,
    });
    const after = await eventPage(platinum, event.id);
    expect(after.own).toBeNull();
    expect(after.event.places).toBe("10 places left");
    expect(await guestVisitCount(platinum.id)).toBe(0);
    expect(await post(platinum, event.id, { intent: "cancel", bookingId: full.own!.bookingId })).toMatchObject({
      status: 404,
      outcome: { form: "cancel", ok: false, error: "You have no place at this event to cancel." },
    });
  });

  it("books the RSVP of a form once, and adds the guest of a form once, when each is sent again after its success", async () => {
    const event = await createListing();
    const platinum = await acceptedMember("platinum");
    const rsvp = { intent: "rsvp", formKey: crypto.randomUUID(), guestName1: uniqueGuest("Ada"), adult: "yes" };
    expect(await post(platinum, event.id, rsvp)).toMatchObject({ status: 303 });
    expect(await post(platinum, event.id, rsvp)).toEqual({
      status: 409,
      outcome: { form: "rsvp", ok: false, error: "Your RSVP was already sent. Nothing more was done." },
    });
    const booked = (await eventPage(platinum, event.id)).own!;
    expect(booked).toMatchObject({ text: "Booked, with 1 guest" });
    expect(await guestVisitCount(platinum.id)).toBe(1);

    const dora = uniqueGuest("Dora");
    const addGuest = { intent: "add-guest", formKey: crypto.randomUUID(), bookingId: booked.bookingId, guestName: dora, adult: "yes" };
    expect(await post(platinum, event.id, addGuest)).toMatchObject({
      status: 303,
      location: `/members/events/${event.id}?done=guest-added`,
    });
    expect(await post(platinum, event.id, addGuest)).toEqual({
      status: 409,
      outcome: { form: "add-guest", ok: false, error: `${dora} is already on the list for the evening. Nothing more was done.` },
    });
    expect((await eventPage(platinum, event.id)).own).toMatchObject({ text: "Booked, with 2 guests" });
    expect(await guestVisitCount(platinum.id)).toBe(2);
    // The page's confirmation of a guest added is the add-guest form's success: that form is emptied for the next guest.
    expect((await eventPage(platinum, event.id, "?done=guest-added")).confirmation).toMatchObject({ form: "add-guest", ok: true });
  });

  it("holds a Kickback or Business member to one guest, in words", async () => {
    const event = await createListing();
    const business = await acceptedMember("business");
    expect((await eventPage(business, event.id)).book).toMatchObject({ guestLines: 1 });
    expect(
      await post(business, event.id, { intent: "rsvp", guestName1: uniqueGuest(), guestName2: uniqueGuest(), adult: "yes" }),
    ).toMatchObject({ status: 409, outcome: { form: "rsvp", ok: false, error: "Your membership brings up to 1 guest to an event." } });
    expect(await guestVisitCount(business.id)).toBe(0);
  });

  it.each([
    [{ guestName1: "Ada Lovelace" }, { adult: "Please confirm your guests are 21 or older." }],
    [{ guestName1: "<b>Ada</b>", adult: "yes" }, { guestName1: "Please use letters, spaces, hyphens and apostrophes only." }],
    [{ guestEmail1: "ada@example.com", adult: "yes" }, { guestName1: "Please enter your guest's full name." }],
  ])("refuses the RSVP %j with 400 and the field's message, booking nothing", async (fields, fieldErrors) => {
    const event = await createListing();
    const member = await acceptedMember("platinum");
    // The guest lines come back as typed, for the page without JavaScript to show them again.
    const values = Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith("guest")));
    expect(await post(member, event.id, { intent: "rsvp", ...fields })).toEqual({
      status: 400,
      outcome: { form: "rsvp", ok: false, fieldErrors, values },
    });
    expect((await eventPage(member, event.id)).own).toBeNull();
  });

  it("refuses a full event with the waitlist's words, waitlists, and promotes the first in line when a place frees", async () => {
    const event = await createListing({ capacity: 1 });
    const [first, second] = [await acceptedMember(), await acceptedMember()];
    expect(await post(first, event.id, { intent: "rsvp" })).toMatchObject({ status: 303 });

    expect((await eventPage(second, event.id)).book).toMatchObject({ full: true });
    expect((await eventsOf(second)).find((listed) => listed.id === event.id)).toMatchObject({ places: "Full · waitlist open" });
    expect(await post(second, event.id, { intent: "rsvp" })).toMatchObject({
      status: 409,
      outcome: { ok: false, error: "Sorry, this event is full. Join the waitlist and we will email you if a place frees." },
    });
    const waitlist = { intent: "join-waitlist", formKey: crypto.randomUUID() };
    expect(await post(second, event.id, waitlist)).toEqual({
      status: 303,
      location: `/members/events/${event.id}?done=waitlisted`,
    });
    // The same form sent again waitlists nobody more.
    expect(await post(second, event.id, waitlist)).toEqual({
      status: 409,
      outcome: { form: "join-waitlist", ok: false, error: "You already joined the waitlist. Nothing more was done." },
    });
    expect((await eventPage(second, event.id)).own).toMatchObject({ text: "1st on the waitlist", waitlisted: true });
    expect((await eventsOf(second)).find((listed) => listed.id === event.id)).toMatchObject({ own: "1st on the waitlist" });

    const firstPlace = (await eventPage(first, event.id)).own!;
    expect(await post(first, event.id, { intent: "cancel", bookingId: firstPlace.bookingId })).toMatchObject({ status: 303 });
    expect((await eventPage(second, event.id)).own).toMatchObject({ text: "Booked", waitlisted: false });
  });

  it("says RSVPs closed at the cut-off, with no form, and refuses a late RSVP in the same words", async () => {
    const startsAt = new Date(Date.now() + 12 * 60 * 60 * 1000).toISOString();
    const event = await createListing({ startsAt, closesAt: new Date(Date.parse(startsAt) - DAY_MS).toISOString() });
    const member = await acceptedMember();
    const page = await eventPage(member, event.id);
    expect(page.book).toBeNull();
    expect(page.notice).toBe("RSVPs closed 24 hours before the event.");
    expect(await post(member, event.id, { intent: "rsvp" })).toMatchObject({
      status: 409,
      outcome: { error: "RSVPs closed 24 hours before the event." },
    });
  });

  it("ignores a confirmation the page does not know", async () => {
    const event = await createListing();
    const member = await acceptedMember();
    expect((await eventPage(member, event.id, "?done=<script>")).confirmation).toBeNull();
  });
});

describe("/members/events/:id, the member's place", () => {
  it("offers no added guest once no place is left, and refuses one in its own words", async () => {
    const event = await createListing({ capacity: 2 });
    const [member, other] = [await acceptedMember("business"), await acceptedMember("business")];
    expect(await post(member, event.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
    expect(await post(other, event.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
    const page = await eventPage(member, event.id);
    expect(page.own).toMatchObject({ text: "Booked", mayAddGuest: false, mayChange: true });
    expect(
      await post(member, event.id, { intent: "add-guest", bookingId: page.own!.bookingId, guestName: uniqueGuest(), adult: "yes" }),
    ).toMatchObject({ status: 409, outcome: { form: "add-guest", ok: false, error: "No place is left for another guest." } });
    expect(await guestVisitCount(member.id)).toBe(0);
  });

  it("lists a place at an event the tier no longer includes, serves its file, and lets it be cancelled only as a whole", async () => {
    const night = await createListing();
    const member = await acceptedMember("business");
    expect(await post(member, night.id, { intent: "rsvp", guestName1: uniqueGuest(), adult: "yes" })).toMatchObject({ status: 303 });
    await env.DB.prepare("UPDATE members SET tier = 'kickback' WHERE id = ?").bind(member.id).run();
    await env.DB.prepare("UPDATE calendar_listings SET category = 'master-blender-dinner' WHERE id = ?").bind(night.id).run();
    const downgraded: SignedInMember = { ...member, tier: "kickback" };

    expect((await eventsOf(downgraded)).find((event) => event.id === night.id)).toMatchObject({
      own: "Booked, with 1 guest",
      places: "Not included in your membership: you may cancel your place",
    });
    const page = await eventPage(downgraded, night.id);
    expect(page.own).toMatchObject({ mayAddGuest: false, mayRemoveGuests: false, mayChange: true });
    expect(page.event.calendarFile).toBe(`/members/events/${night.id}.ics`);
    const file = await eventFile(downgraded, night.id);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain(night.title);

    const guest = page.own!.guests[0]!;
    expect(
      await post(downgraded, night.id, { intent: "remove-guest", bookingId: page.own!.bookingId, guestVisitId: guest.id }),
    ).toMatchObject({
      status: 403,
      outcome: { form: `remove-guest:${guest.id}`, ok: false },
    });
    expect(await guestVisitCount(member.id)).toBe(1);
    expect(await post(downgraded, night.id, { intent: "cancel", bookingId: page.own!.bookingId })).toMatchObject({ status: 303 });

    // Without the place, the event is another tier's: no file, no link, not listed.
    expect((await eventPage(downgraded, night.id)).event.calendarFile).toBeNull();
    expect((await eventFile(downgraded, night.id)).status).toBe(404);
    expect((await eventsOf(downgraded)).map((event) => event.id)).not.toContain(night.id);
  });

  it("acts only on the page's event, and on the member's place at it", async () => {
    const [first, second] = [await createListing(), await createListing()];
    const member = await acceptedMember("platinum");
    for (const event of [first, second]) {
      expect(await post(member, event.id, { intent: "rsvp", guestName1: uniqueGuest(), adult: "yes" })).toMatchObject({ status: 303 });
    }
    const elsewhere = (await eventPage(member, second.id)).own!;
    const visit = elsewhere.guests[0]!;
    expect(await post(member, first.id, { intent: "cancel", bookingId: elsewhere.bookingId })).toMatchObject({
      status: 404,
      outcome: { form: "cancel", ok: false, error: "You have no place at this event to cancel." },
    });
    expect(await post(member, first.id, { intent: "remove-guest", bookingId: elsewhere.bookingId, guestVisitId: visit.id })).toMatchObject({
      status: 404,
      outcome: { error: "That guest is no longer on your booking." },
    });
    expect(
      await post(member, first.id, { intent: "add-guest", bookingId: elsewhere.bookingId, guestName: uniqueGuest(), adult: "yes" }),
    ).toMatchObject({ status: 404, outcome: { form: "add-guest", ok: false } });
    expect((await eventPage(member, second.id)).own).toMatchObject({ text: "Booked, with 1 guest" });

    // A term's id is no event: its page posts book nothing.
    const term = await createListing({ kind: "course", category: "foundations", lounge: "business" });
    expect(await post(member, term.id, { intent: "rsvp" })).toMatchObject({
      status: 404,
      outcome: { form: "rsvp", ok: false, error: "This event is no longer on the calendar." },
    });
    const booked = await env.DB.prepare("SELECT count(*) AS n FROM calendar_bookings WHERE listing_id = ?")
      .bind(term.id)
      .first<{ n: number }>();
    expect(booked!.n).toBe(0);
  });
});

describe("the /members card and the /memberships teaser", () => {
  it("lists the member's next bookings, soonest first, with links to their pages", async () => {
    const [later, sooner] = [await createListing({ daysAhead: 30 }), await createListing({ daysAhead: 20 })];
    const member = await acceptedMember();
    expect((await membersLoader(await routeArgs(member, "/members")))!.bookings).toEqual([]);
    for (const event of [later, sooner]) expect(await post(member, event.id, { intent: "rsvp" })).toMatchObject({ status: 303 });
    const bookings = (await membersLoader(await routeArgs(member, "/members")))!.bookings;
    expect(bookings.map(({ id, href, place }) => ({ id, href, place }))).toEqual([
      { id: sooner.id, href: `/members/events/${sooner.id}`, place: "Booked" },
      { id: later.id, href: `/members/events/${later.id}`, place: "Booked" },
    ]);
  });

  it("shows visitors the next events' months and titles, and nothing else", async () => {
    const teaser = await membershipsLoader(await routeArgs(await acceptedMember(), "/memberships"));
    expect(teaser.events.length).toBeGreaterThan(0);
    expect(teaser.events.length).toBeLessThanOrEqual(4);
    for (const event of teaser.events) {
      expect(Object.keys(event).sort()).toEqual(["key", "month", "title"]);
      expect(event.month).toMatch(/^(January|February|March|April|May|June|July|August|September|October|November|December)$/);
    }
  });
});
