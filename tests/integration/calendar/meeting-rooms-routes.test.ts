import { env } from "cloudflare:workers";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDatabase } from "#db/client.ts";
import { meetingRoomBookings, outbox } from "#db/schema.ts";
import { memberContext, requestContext } from "#app/context.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { RULES_VERSION } from "#app/features/site/club-rules.ts";
import { formatPortlandDay, portlandDay } from "#app/features/member-area/member-dates.ts";
import { checkClubRulesAcceptance } from "#app/features/member-area/member-area.server.ts";
import { addDays, loungeOpensOn, weekOf } from "#app/features/calendar/meeting-room-hours.ts";
import { action as memberAction, loader as memberLoader } from "#app/features/calendar/routes/member-meeting-rooms.tsx";
import { action as consoleAction, loader as consoleLoader } from "#app/features/calendar/routes/console-meeting-rooms.tsx";
import { createRequestContext } from "#worker/http/request-context.ts";
import { acceptRules } from "#worker/features/member-area/rules-acceptance.ts";
import type { SignedInMember } from "#worker/features/members/members.ts";
import { createMember } from "#tests/integration/support/member-area-records.ts";

/**
 * /members/meeting-rooms and /concierge/meeting-rooms through their loaders and actions, as React
 * Router calls them (the console's concierge-only layout is proved with the console's own tests).
 * Times are the real clock's: the days booked are Business Lounge days at least two days ahead.
 */
const database = getDatabase(env.DB);

beforeEach(async () => {
  await database.batch([database.delete(meetingRoomBookings), database.delete(outbox)]);
});

async function routeArgs(member: SignedInMember, path: string, form?: Record<string, string>) {
  const request = new Request(`http://localhost${path}`, form ? { method: "POST", body: new URLSearchParams(form) } : {});
  const context = new RouterContextProvider();
  context.set(requestContext, createRequestContext(env, { waitUntil: () => {}, passThroughOnException: () => {} }, request));
  context.set(memberContext, member);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: {}, context };
  await checkClubRulesAcceptance(args, async () => new Response());
  return args;
}

/** Each booking as a form freshly shown, with its own key (docs/product-rules.md#a-form-is-one-intent). */
async function post(member: SignedInMember, form: Record<string, string>) {
  const sent = form.intent === "book" ? { formKey: crypto.randomUUID(), ...form } : form;
  const result = (await memberAction(await routeArgs(member, "/members/meeting-rooms", sent))) as DataWithResponseInit<ActionResult>;
  return { status: result.init?.status ?? 200, outcome: result.data };
}

async function page(member: SignedInMember, query = "") {
  return memberLoader(await routeArgs(member, `/members/meeting-rooms${query}`));
}

async function acceptedMember(tier: SignedInMember["tier"] = "business") {
  const member = await createMember({ tier });
  await acceptRules(env.DB, member.id, RULES_VERSION);
  return member;
}

const today = () => portlandDay(new Date());
/** The first day the Business Lounge opens, `after` days or more from today. */
function openDay(after = 2): string {
  let day = addDays(today(), after);
  while (!loungeOpensOn(day)) day = addDays(day, 1);
  return day;
}
const sundayAhead = () => {
  let day = addDays(today(), 1);
  while (loungeOpensOn(day)) day = addDays(day, 1);
  return day;
};

const booking = (day: string, change: Record<string, string> = {}) => ({
  intent: "book",
  room: "alder",
  day,
  startHour: "9",
  hours: "2",
  ...change,
});

describe("/members/meeting-rooms", () => {
  it("books hours for the signed-in member, whatever member the form names, and shows them taken, theirs and in the week's allowance", async () => {
    const [member, other] = await Promise.all([acceptedMember("business"), acceptedMember("platinum")]);
    const day = openDay();
    expect(await post(member, { ...booking(day), memberId: other.id })).toEqual({
      status: 200,
      outcome: {
        form: "book",
        ok: true,
        toast: { title: "Room booked", description: `The Alder Room is yours on ${formatPortlandDay(day)}, 9 am – 11 am.` },
      },
    });
    const mine = await page(member, `?day=${day}`);
    if (!mine?.included) throw new Error("the page offers no meeting rooms");
    const sameWeek = weekOf(day)[0] === weekOf(today())[0];
    expect(mine.allowance).toBe(
      sameWeek
        ? "4 of 6 hours left this week."
        : `6 of 6 hours left this week; 4 of 6 in the week of ${formatPortlandDay(weekOf(day)[0])}.`,
    );
    expect(mine.hours.slice(1, 5)).toEqual([
      { hour: 8, label: "8 am – 9 am", alder: "Free", fir: "Free" },
      { hour: 9, label: "9 am – 10 am", alder: "Yours", fir: "Free" },
      { hour: 10, label: "10 am – 11 am", alder: "Yours", fir: "Free" },
      { hour: 11, label: "11 am – noon", alder: "Free", fir: "Free" },
    ]);
    expect(mine.upcoming).toEqual([
      expect.objectContaining({
        roomName: "Alder Room",
        dayLabel: formatPortlandDay(day),
        hoursLabel: "9 am – 11 am",
        hours: 2,
        cancellable: true,
      }),
    ]);
    const theirs = await page(other, `?day=${day}`);
    expect(theirs?.included && theirs.hours[2]).toMatchObject({ alder: "Taken", fir: "Free" });
    expect(theirs?.included && theirs.upcoming).toEqual([]);
  });

  it("books the hours of a form once when it is sent again after its success, or after the booking is cancelled", async () => {
    const member = await acceptedMember();
    const day = openDay();
    const form = { ...booking(day), formKey: crypto.randomUUID() };
    expect(await post(member, form)).toMatchObject({ status: 200, outcome: { form: "book", ok: true } });
    const sentAgain = {
      status: 409,
      outcome: { form: "book", ok: false, error: "The Alder Room is already booked for you. Nothing more was done." },
    };
    expect(await post(member, form)).toEqual(sentAgain);
    // One reservation of the form's two hours.
    const booked = async () =>
      (
        await database
          .select({ reservationId: meetingRoomBookings.reservationId })
          .from(meetingRoomBookings)
          .where(and(eq(meetingRoomBookings.memberId, member.id), eq(meetingRoomBookings.status, "booked")))
      ).map((hour) => hour.reservationId);
    const [reservationId] = await booked();
    expect(await booked()).toEqual([reservationId, reservationId]);
    // Cancelled, the hours are free; the old form still books nothing (the page's new form does).
    expect(await post(member, { intent: "cancel", reservationId: reservationId! })).toMatchObject({ status: 200 });
    expect(await post(member, form)).toEqual(sentAgain);
    expect(await booked()).toEqual([]);
    expect(await post(member, booking(day))).toMatchObject({ status: 200 });
  });

  it("refuses an hour another member holds with 409, naming the hour", async () => {
    const [first, second] = await Promise.all([acceptedMember(), acceptedMember()]);
    const day = openDay();
    await post(first, booking(day, { startHour: "10", hours: "1" }));
    expect(await post(second, booking(day, { startHour: "9", hours: "3" }))).toEqual({
      status: 409,
      outcome: {
        form: "book",
        ok: false,
        error: `The Alder Room is already booked at 10 am on ${formatPortlandDay(day)}. Choose another time or the other room.`,
      },
    });
  });

  it("refuses the other room at an hour the member already holds with 409, naming the hour", async () => {
    const member = await acceptedMember("platinum");
    const day = openDay();
    expect(await post(member, booking(day, { startHour: "15", hours: "1" }))).toMatchObject({ status: 200 });
    expect(await post(member, booking(day, { room: "fir", startHour: "14", hours: "2" }))).toEqual({
      status: 409,
      outcome: {
        form: "book",
        ok: false,
        error: `You already have a room at 3 pm on ${formatPortlandDay(day)}. Choose another time.`,
      },
    });
  });

  it("refuses hours past the week's allowance with 409", async () => {
    const member = await acceptedMember("business");
    const day = openDay();
    expect(await post(member, booking(day, { hours: "4" }))).toMatchObject({ status: 200 });
    expect(await post(member, booking(day, { room: "fir", startHour: "14", hours: "3" }))).toEqual({
      status: 409,
      outcome: {
        form: "book",
        ok: false,
        error: "That would take you past your 6 meeting-room hours for that week (Monday to Sunday). Choose fewer hours or another week.",
      },
    });
  });

  it.each([
    [{ room: "boardroom" }, { room: "Choose a room." }],
    [{ startHour: "6" }, { startHour: "Choose a start time." }],
    [{ hours: "5" }, { hours: "Choose 1 to 4 hours." }],
    [{ day: "next tuesday" }, { day: "Choose a day." }],
    [{ startHour: "21", hours: "2" }, { hours: "The last hour must end by 10 pm, when the lounge closes." }],
    [{ day: "2020-01-07" }, { day: expect.stringMatching(/^Choose a day from today to /) }],
  ])("refuses %j with 400 and the field's message, storing nothing", async (change, fieldErrors) => {
    const member = await acceptedMember();
    expect(await post(member, booking(openDay(), change))).toEqual({ status: 400, outcome: { form: "book", ok: false, fieldErrors } });
    expect(await database.select().from(meetingRoomBookings).all()).toEqual([]);
  });

  it("refuses a Sunday and a day more than 60 days ahead beside the day field", async () => {
    const member = await acceptedMember();
    expect(await post(member, booking(sundayAhead()))).toEqual({
      status: 400,
      outcome: {
        form: "book",
        ok: false,
        fieldErrors: { day: "The Business Lounge is open Monday – Saturday, 7 am – 10 pm. Choose one of those days." },
      },
    });
    let farDay = addDays(today(), 61);
    while (!loungeOpensOn(farDay)) farDay = addDays(farDay, 1);
    expect(await post(member, booking(farDay))).toEqual({
      status: 400,
      outcome: { form: "book", ok: false, fieldErrors: { day: `Choose a day from today to ${formatPortlandDay(addDays(today(), 60))}.` } },
    });
  });

  it("shows a Kickback member the tiers that include the rooms, no form, and refuses a booking posted anyway with 403", async () => {
    const member = await acceptedMember("kickback");
    expect(await page(member)).toEqual({
      included: false,
      rooms: [
        { slug: "alder", name: "Alder Room", seats: 8 },
        { slug: "fir", name: "Fir Room", seats: 4 },
      ],
      tiersInWords: "Business and Platinum",
    });
    expect(await post(member, booking(openDay()))).toEqual({
      status: 403,
      outcome: { form: "book", ok: false, error: "Your membership does not include the meeting rooms." },
    });
    expect(await database.select().from(meetingRoomBookings).all()).toEqual([]);
  });

  it("refuses a member whose dues have lapsed in the events' words for the same state, with 403", async () => {
    const member = await acceptedMember();
    await env.DB.prepare("UPDATE members SET dues_status = 'lapsed' WHERE id = ?").bind(member.id).run();
    expect(await post(member, booking(openDay()))).toMatchObject({
      status: 403,
      outcome: {
        form: "book",
        ok: false,
        error: expect.stringMatching(/^Your membership is not in good standing just now\. Please call the office at /),
      },
    });
    expect(await database.select().from(meetingRoomBookings).all()).toEqual([]);
  });

  it("cancels the member's own reservation, freeing its hours, and answers 404 for anyone else's", async () => {
    const [member, other] = await Promise.all([acceptedMember(), acceptedMember()]);
    const day = openDay();
    await post(member, booking(day));
    const reservation = (await page(member, `?day=${day}`)) as { upcoming: { id: string }[] };
    const id = reservation.upcoming[0]!.id;
    expect(await post(other, { intent: "cancel", reservationId: id })).toEqual({
      status: 404,
      outcome: { form: `cancel:${id}`, ok: false, error: "There is no upcoming reservation of yours to cancel." },
    });
    expect(await post(member, { intent: "cancel", reservationId: id })).toEqual({
      status: 200,
      outcome: { form: `cancel:${id}`, ok: true, toast: { title: "Reservation cancelled", description: "The hours are free again." } },
    });
    const after = await page(other, `?day=${day}`);
    expect(after?.included && after.hours[2]).toMatchObject({ alder: "Free" });
    expect(await post(other, booking(day))).toMatchObject({ status: 200 });
  });

  it("shows today for a day outside the window asked in the address", async () => {
    const member = await acceptedMember();
    for (const query of ["?day=2020-01-01", "?day=2099-01-01", "?day=tomorrow"])
      expect(await page(member, query)).toMatchObject({ day: today() });
  });
});

describe("/concierge/meeting-rooms", () => {
  it("lists a day's reservations per room with member, tier and hours, and cancels one: the member is emailed", async () => {
    const [concierge, ada, grace] = await Promise.all([createMember(), acceptedMember("business"), acceptedMember("platinum")]);
    const day = openDay();
    await post(ada, booking(day));
    await post(grace, booking(day, { room: "fir", startHour: "15", hours: "1" }));
    const staff = { ...concierge, role: "concierge" as const };
    const view = await consoleLoader(await routeArgs(staff, `/concierge/meeting-rooms?day=${day}`));
    expect(view).toMatchObject({ day, dayLabel: formatPortlandDay(day), isToday: false });
    expect(view.rooms).toEqual([
      {
        slug: "alder",
        name: "Alder Room",
        seats: 8,
        reservations: [
          { id: expect.any(String), hoursLabel: "9 am – 11 am", hours: 2, memberName: ada.name, tierName: "Business", cancellable: true },
        ],
      },
      {
        slug: "fir",
        name: "Fir Room",
        seats: 4,
        reservations: [
          { id: expect.any(String), hoursLabel: "3 pm – 4 pm", hours: 1, memberName: grace.name, tierName: "Platinum", cancellable: true },
        ],
      },
    ]);
    const id = view.rooms[0]!.reservations[0]!.id;
    const cancel = async () =>
      (await consoleAction(
        await routeArgs(staff, "/concierge/meeting-rooms", { reservationId: id }),
      )) as DataWithResponseInit<ActionResult>;
    const answer = await cancel();
    expect(answer.data).toEqual({
      form: `cancel:${id}`,
      ok: true,
      toast: {
        title: "Reservation cancelled",
        description: `${ada.name}'s reservation of the Alder Room on ${formatPortlandDay(day)}, 9 am – 11 am, is cancelled. They have been emailed.`,
      },
    });
    const again = await cancel();
    expect([again.init?.status, again.data]).toEqual([
      404,
      { form: `cancel:${id}`, ok: false, error: "This reservation is no longer booked." },
    ]);
    expect((await database.select().from(outbox).all()).map((email) => email.recipient)).toEqual([ada.email]);
    const after = await consoleLoader(await routeArgs(staff, `/concierge/meeting-rooms?day=${day}`));
    expect(after.rooms[0]!.reservations).toEqual([]);
  });

  it("shows today (Portland) without a day, or with one that is not a date", async () => {
    const concierge = { ...(await createMember()), role: "concierge" as const };
    for (const path of ["/concierge/meeting-rooms", "/concierge/meeting-rooms?day=someday"])
      expect(await consoleLoader(await routeArgs(concierge, path))).toMatchObject({ day: today(), isToday: true });
  });
});
