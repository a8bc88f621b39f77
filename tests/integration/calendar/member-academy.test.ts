import { describe, expect, it } from "vitest";
import { action as academyAction, loader as academyLoader } from "#app/features/calendar/routes/member-academy.tsx";
import { loader as membersLoader } from "#app/features/member-area/routes/members.tsx";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { acceptedMember, answer, createListing, DAY_MS, freshForm, routeArgs } from "./member-route-fixtures.ts";

/**
 * /members/academy (docs/product-rules.md#members-pages) through its loader and action: the terms of
 * the tier's courses, the enrolment window, enrol, waitlist, promotion and cancel.
 */
async function termOf(member: SignedInMember, id: string, query = "") {
  const page = (await academyLoader(await routeArgs(member, `/members/academy${query}`)))!;
  return { page, term: page.terms.find((term) => term.id === id) };
}

function post(member: SignedInMember, form: Record<string, string>) {
  return answer(async () => academyAction(await routeArgs(member, "/members/academy", { form: freshForm(form) })));
}

/** A term of `course` starting in 10 days (its enrolment open) with four weekly sessions. */
function openTerm(overrides: Parameters<typeof createListing>[0] = {}) {
  return createListing({ kind: "course", category: "foundations", lounge: "business", sessions: 4, ...overrides });
}

describe("/members/academy", () => {
  it("shows only the terms of the tier's courses, each session in Portland time, and the seats left", async () => {
    const [foundations, blending] = [await openTerm(), await openTerm({ category: "blending-terroir" })];
    const kickback = await acceptedMember("kickback");
    const { page, term } = await termOf(kickback, foundations.id);
    expect(page.terms.map((listed) => listed.id)).not.toContain(blending.id);
    expect(term).toMatchObject({ course: "Foundations", loungeName: "Business Lounge", seats: "10 seats left", offer: "enrol", own: null });
    expect(term!.sessions).toHaveLength(4);
    for (const session of term!.sessions) expect(session.label).toMatch(/, \d{1,2}:\d{2} (AM|PM) to \d{1,2}:\d{2} (AM|PM) P[SD]T$/);
    expect((await termOf(await acceptedMember("business"), blending.id)).term).toMatchObject({ course: "Blending & Terroir" });
  });

  it("says when enrolment opens before the window, and refuses an early enrolment in the same words", async () => {
    const startsAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const opensAt = new Date(Date.parse(startsAt) - 21 * DAY_MS).toISOString();
    const term = await openTerm({ startsAt, opensAt, closesAt: startsAt });
    const member = await acceptedMember();
    const { term: shown } = await termOf(member, term.id);
    expect(shown).toMatchObject({ offer: null, notice: expect.stringMatching(/^Enrolment opens on [A-Z][a-z]+ \d{1,2}\.$/) });
    expect(await post(member, { intent: "enrol", listingId: term.id })).toEqual({
      status: 409,
      outcome: { form: `term:${term.id}`, ok: false, error: shown!.notice },
    });
  });

  it("enrols and cancels with a 303 back to the term, and lists the term among the member's next bookings", async () => {
    const term = await openTerm();
    const member = await acceptedMember();
    expect(await post(member, { intent: "enrol", listingId: term.id, memberId: "someone-else" })).toEqual({
      status: 303,
      location: `/members/academy?done=enrolled#term-${term.id}`,
    });
    const { page, term: enrolled } = await termOf(member, term.id, "?done=enrolled");
    expect(page.confirmation).toMatchObject({ ok: true, toast: { title: "Enrolled" } });
    expect(enrolled).toMatchObject({
      seats: "9 seats left",
      own: { text: "Booked", mayCancel: true, calendarFile: `/members/academy/${term.id}.ics` },
      offer: null,
    });
    const bookings = (await membersLoader(await routeArgs(member, "/members")))!.bookings;
    expect(bookings.find((booking) => booking.id === term.id)).toMatchObject({
      href: `/members/academy#term-${term.id}`,
      when: expect.stringMatching(/^From /),
    });

    expect(await post(member, { intent: "enrol", listingId: term.id })).toMatchObject({
      status: 409,
      outcome: { error: "You already have a place at this term, or one on its waitlist." },
    });
    expect(await post(member, { intent: "cancel", bookingId: enrolled!.own!.bookingId, listingId: term.id })).toEqual({
      status: 303,
      location: `/members/academy?done=cancelled#term-${term.id}`,
    });
    expect((await termOf(member, term.id)).term).toMatchObject({ own: null, seats: "10 seats left", offer: "enrol" });
  });

  it("enrols a form once when it is sent again after its success or after the place is cancelled; each term's form of the page has its own", async () => {
    const [first, second] = [await openTerm(), await openTerm()];
    const member = await acceptedMember();
    // The page renders its one key into every term's form: the term tells the forms apart.
    const formKey = crypto.randomUUID();
    const enrol = { intent: "enrol", formKey, listingId: first.id };
    expect(await post(member, enrol)).toMatchObject({ status: 303 });
    const sentAgain = {
      status: 409,
      outcome: { form: `term:${first.id}`, ok: false, error: `You already enrolled in ${first.title}. Nothing more was done.` },
    };
    expect(await post(member, enrol)).toEqual(sentAgain);
    const seat = (await termOf(member, first.id)).term!.own!;
    expect(seat).toMatchObject({ text: "Booked" });
    expect(await post(member, { intent: "cancel", bookingId: seat.bookingId, listingId: first.id })).toMatchObject({ status: 303 });
    expect(await post(member, enrol)).toEqual(sentAgain);
    expect((await termOf(member, first.id)).term).toMatchObject({ own: null, seats: "10 seats left" });

    expect(await post(member, { intent: "enrol", formKey, listingId: second.id })).toMatchObject({ status: 303 });
    expect((await termOf(member, second.id)).term!.own).toMatchObject({ text: "Booked" });
  });

  it("refuses a full term with the waitlist's words, waitlists, and promotes the first in line when a seat frees", async () => {
    const term = await openTerm({ capacity: 1 });
    const [first, second, third] = [await acceptedMember(), await acceptedMember(), await acceptedMember()];
    expect(await post(first, { intent: "enrol", listingId: term.id })).toMatchObject({ status: 303 });
    expect((await termOf(second, term.id)).term).toMatchObject({ seats: "Full · waitlist open", offer: "join-waitlist" });
    expect(await post(second, { intent: "enrol", listingId: term.id })).toMatchObject({
      status: 409,
      outcome: { error: "Sorry, this term is full. Join the waitlist and we will email you if a seat frees." },
    });
    for (const member of [second, third]) {
      expect(await post(member, { intent: "join-waitlist", listingId: term.id })).toMatchObject({
        status: 303,
        location: `/members/academy?done=waitlisted#term-${term.id}`,
      });
    }
    expect((await termOf(third, term.id)).term!.own).toMatchObject({ text: "2nd on the waitlist" });

    const seat = (await termOf(first, term.id)).term!.own!;
    expect(await post(first, { intent: "cancel", bookingId: seat.bookingId, listingId: term.id })).toMatchObject({ status: 303 });
    expect((await termOf(second, term.id)).term!.own).toMatchObject({ text: "Booked" });
    expect((await termOf(third, term.id)).term!.own).toMatchObject({ text: "1st on the waitlist" });
  });

  it("refuses a term of another tier's course, and a cancel of a place that is not the member's", async () => {
    const blending = await openTerm({ category: "blending-terroir" });
    const [kickback, business] = [await acceptedMember("kickback"), await acceptedMember("business")];
    expect(await post(kickback, { intent: "enrol", listingId: blending.id })).toMatchObject({
      status: 403,
      outcome: { ok: false, error: expect.stringMatching(/^Your membership does not include this term/) },
    });
    expect(await post(business, { intent: "enrol", listingId: blending.id })).toMatchObject({ status: 303 });
    const bookingId = (await termOf(business, blending.id)).term!.own!.bookingId;
    expect(await post(kickback, { intent: "cancel", bookingId, listingId: blending.id })).toMatchObject({
      status: 404,
      outcome: { form: `term:${blending.id}`, error: "You have no place at this term to cancel." },
    });
    expect((await termOf(business, blending.id)).term!.own).toMatchObject({ text: "Booked" });
  });

  it("enrols only in a course term, and cancels only the member's place in the term the form names", async () => {
    const [term, other] = [await openTerm(), await openTerm()];
    const event = await createListing();
    const member = await acceptedMember();
    expect(await post(member, { intent: "enrol", listingId: event.id })).toMatchObject({
      status: 404,
      outcome: { form: `term:${event.id}`, ok: false, error: "This term is no longer on the calendar." },
    });
    expect((await termOf(member, term.id)).term).toMatchObject({ own: null });
    expect(await post(member, { intent: "enrol", listingId: other.id })).toMatchObject({ status: 303 });
    const bookingId = (await termOf(member, other.id)).term!.own!.bookingId;
    expect(await post(member, { intent: "cancel", bookingId, listingId: term.id })).toMatchObject({
      status: 404,
      outcome: { form: `term:${term.id}`, error: "You have no place at this term to cancel." },
    });
    expect((await termOf(member, other.id)).term!.own).toMatchObject({ text: "Booked" });
  });
});
