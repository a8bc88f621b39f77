import { describe, expect, it } from "vitest";
import {
  consoleEventForm,
  consoleListingsQuery,
  consoleTermForm,
  eventClosesAt,
  newEventForm,
  newTermForm,
  termWindow,
} from "#app/features/calendar/console-forms.ts";

/** The calendar's staff forms (docs/product-rules.md#calendar, Staff). */
const event = {
  intent: "save",
  title: "Connecticut Shade Harvest Dinner",
  description: "Five courses, five cigars.",
  kind: "master-blender-dinner",
  lounge: "platinum",
  day: "2027-04-16",
  startTime: "19:00",
  endTime: "22:30",
  capacity: "24",
  reservedPlaces: "6",
  cutoffHours: "24",
};
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the event form", () => {
  it("reads a Portland date and times as UTC instants, in summer and in winter", () => {
    expect(consoleEventForm.parse(event)).toEqual({
      intent: "save",
      event: {
        title: "Connecticut Shade Harvest Dinner",
        description: "Five courses, five cigars.",
        category: "master-blender-dinner",
        lounge: "platinum",
        startsAt: "2027-04-17T02:00:00.000Z",
        endsAt: "2027-04-17T05:30:00.000Z",
        capacity: 24,
        reservedPlaces: 6,
        cutoffHours: 24,
      },
    });
    const winter = consoleEventForm.parse({ ...event, day: "2027-01-08", kind: "tasting-night", reservedPlaces: "" });
    expect(winter).toMatchObject({ event: { startsAt: "2027-01-09T03:00:00.000Z", reservedPlaces: 0 } });
  });

  it("takes an end earlier on the clock than the start as the next day's", () => {
    expect(consoleEventForm.parse({ ...event, endTime: "00:30" })).toMatchObject({ event: { endsAt: "2027-04-17T07:30:00.000Z" } });
  });

  it("refuses reserved places outside a master blender dinner, or beyond the capacity", () => {
    expect(errorsOf(consoleEventForm.safeParse({ ...event, kind: "tasting-night" }))).toEqual({
      reservedPlaces: "Only master blender dinners have reserved places.",
    });
    expect(errorsOf(consoleEventForm.safeParse({ ...event, capacity: "4" }))).toEqual({
      reservedPlaces: "Reserve at most the event's places.",
    });
  });

  it("refuses a cut-off outside 0 to 168 hours, a capacity outside 1 to 500, an end equal to the start, a time Portland skips", () => {
    expect(errorsOf(consoleEventForm.safeParse({ ...event, cutoffHours: "169" }))).toEqual({
      cutoffHours: "Enter the cut-off in hours, from 0 to 168.",
    });
    expect(consoleEventForm.parse({ ...event, cutoffHours: "0" })).toMatchObject({ event: { cutoffHours: 0 } });
    expect(errorsOf(consoleEventForm.safeParse({ ...event, capacity: "0", reservedPlaces: "0" }))).toEqual({
      capacity: "Enter the places, from 1 to 500.",
    });
    expect(errorsOf(consoleEventForm.safeParse({ ...event, endTime: "19:00" }))).toEqual({ endTime: "End after the start." });
    expect(errorsOf(consoleEventForm.safeParse({ ...event, day: "2027-03-14", startTime: "02:30", endTime: "04:00" }))).toEqual({
      startTime: "That date and time do not exist in Portland. Choose another.",
    });
  });

  it("refuses an empty title, markup in it, and an unknown kind or lounge", () => {
    expect(errorsOf(consoleEventForm.safeParse({ ...event, title: " ", kind: "rave", lounge: "attic" }))).toEqual({
      title: "Enter a title.",
      kind: "Choose a kind of event.",
      lounge: "Choose a lounge.",
    });
    expect(errorsOf(consoleEventForm.safeParse({ ...event, title: "<b>Dinner</b>" }))).toEqual({
      title: "Invalid characters in the title.",
    });
  });

  it("creates only with the new page's key, and reads the same event (docs/product-rules.md#a-form-is-one-intent)", () => {
    const formKey = "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90";
    expect(newEventForm.parse({ ...event, formKey })).toEqual({
      formKey,
      event: expect.objectContaining({ startsAt: "2027-04-17T02:00:00.000Z" }),
    });
    expect(errorsOf(newEventForm.safeParse(event))).toEqual({ formKey: "This form is out of date. Reload the page and fill it in again." });
    expect(errorsOf(newEventForm.safeParse({ ...event, formKey, capacity: "0" }))).toEqual({
      capacity: "Enter the places, from 1 to 500.",
    });
    expect(newTermForm.parse({ ...term, formKey })).toEqual({ formKey, term: expect.objectContaining({ seats: 10 }) });
    expect(errorsOf(newTermForm.safeParse(term))).toEqual({ formKey: "This form is out of date. Reload the page and fill it in again." });
  });

  it("takes 'cancel' alone", () => {
    expect(consoleEventForm.parse({ intent: "cancel" })).toEqual({ intent: "cancel" });
    expect(consoleEventForm.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("closes an event its cut-off hours before it starts", () => {
    expect(eventClosesAt("2027-04-17T02:00:00.000Z", 24)).toBe("2027-04-16T02:00:00.000Z");
    expect(eventClosesAt("2027-04-17T02:00:00.000Z", 0)).toBe("2027-04-17T02:00:00.000Z");
  });
});

const term = {
  intent: "save",
  course: "foundations",
  title: "Foundations, spring term",
  description: "Four Tuesday evenings.",
  lounge: "business",
  seats: "10",
  session1Day: "2027-04-06",
  session1Time: "18:30",
  session1Minutes: "90",
};

describe("the term form", () => {
  it("takes the filled session rows, skips empty ones, and puts the sessions in order", () => {
    const parsed = consoleTermForm.parse({
      ...term,
      session1Day: "2027-04-13",
      session2Day: "",
      session2Time: "",
      session2Minutes: "90",
      session3Day: "2027-04-06",
      session3Time: "18:30",
      session3Minutes: "120",
    });
    expect(parsed).toEqual({
      intent: "save",
      term: {
        category: "foundations",
        title: "Foundations, spring term",
        description: "Four Tuesday evenings.",
        lounge: "business",
        seats: 10,
        sessions: [
          { startsAt: "2027-04-07T01:30:00.000Z", endsAt: "2027-04-07T03:30:00.000Z" },
          { startsAt: "2027-04-14T01:30:00.000Z", endsAt: "2027-04-14T03:00:00.000Z" },
        ],
      },
    });
  });

  it("refuses a term without sessions, a half-filled row, a bad length and overlapping sessions, each beside its field", () => {
    expect(errorsOf(consoleTermForm.safeParse({ ...term, session1Day: "", session1Time: "" }))).toEqual({
      session1Day: "Add at least one session.",
    });
    expect(errorsOf(consoleTermForm.safeParse({ ...term, session2Day: "2027-04-13", session2Minutes: "5" }))).toEqual({
      session2Time: "Choose a start time.",
      session2Minutes: "Enter the length in minutes, from 15 to 480.",
    });
    expect(
      errorsOf(consoleTermForm.safeParse({ ...term, session2Day: "2027-04-06", session2Time: "19:00", session2Minutes: "60" })),
    ).toEqual({ session2Time: "This session overlaps another. Choose another time." });
  });

  it("refuses a session row beyond the twelfth, and an unknown course", () => {
    const twelve = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [
        [`session${index + 1}Day`, `2027-05-${String(index + 1).padStart(2, "0")}`],
        [`session${index + 1}Time`, "18:00"],
        [`session${index + 1}Minutes`, "60"],
      ]).flat(),
    );
    const parsed = consoleTermForm.parse({ ...term, ...twelve, session13Day: "2027-05-20", session13Time: "18:00" });
    expect(parsed.intent === "save" && parsed.term.sessions).toHaveLength(12);
    expect(errorsOf(consoleTermForm.safeParse({ ...term, course: "knitting" }))).toEqual({ course: "Choose a course." });
  });

  it("opens a term 21 days before its first session and closes it as the first session begins", () => {
    expect(
      termWindow([
        { startsAt: "2027-04-07T01:30:00.000Z", endsAt: "2027-04-07T03:00:00.000Z" },
        { startsAt: "2027-04-14T01:30:00.000Z", endsAt: "2027-04-14T03:00:00.000Z" },
      ]),
    ).toEqual({
      startsAt: "2027-04-07T01:30:00.000Z",
      endsAt: "2027-04-14T03:00:00.000Z",
      opensAt: "2027-03-17T01:30:00.000Z",
      closesAt: "2027-04-07T01:30:00.000Z",
    });
  });
});

describe("the lists' filter", () => {
  it("is upcoming unless ?when=past", () => {
    expect(consoleListingsQuery.parse({})).toEqual({ when: "upcoming" });
    expect(consoleListingsQuery.parse({ when: "past" })).toEqual({ when: "past" });
    expect(consoleListingsQuery.parse({ when: "<script>" })).toEqual({ when: "upcoming" });
  });
});
