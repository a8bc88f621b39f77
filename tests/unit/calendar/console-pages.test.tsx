import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ConsoleEvent from "#app/features/calendar/routes/console-event.tsx";
import ConsoleAcademyTerm from "#app/features/calendar/routes/console-academy-term.tsx";
import ConsoleEvents from "#app/features/calendar/routes/console-events.tsx";
import { CONSOLE_LIST_LIMIT } from "#worker/features/calendar/calendar-console.ts";

/** The calendar's staff pages as the server renders them (docs/product-rules.md#calendar, Staff). */
type EventData = Parameters<typeof ConsoleEvent>[0]["loaderData"];
type EventAnswer = Parameters<typeof ConsoleEvent>[0]["actionData"];
type TermData = Parameters<typeof ConsoleAcademyTerm>[0]["loaderData"];

function render(Page: unknown, loaderData: unknown, actionData: unknown = undefined): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Page as never, { loaderData, actionData }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

const values = {
  title: "Shade Harvest Dinner",
  description: "Five courses.",
  kind: "master-blender-dinner",
  lounge: "platinum" as const,
  day: "2027-04-16",
  startTime: "19:00",
  endTime: "22:30",
  capacity: "24",
  reservedPlaces: "6",
  cutoffHours: "24",
};
const event: EventData = {
  listing: {
    id: "e-1",
    title: "Shade Harvest Dinner",
    cancelled: false,
    editable: true,
    cancellable: true,
    kindLabel: "Master blender dinner",
    bookableBy: "Business and Platinum",
    loungeName: "Platinum Lounge",
    startsAtLabel: "Apr 16, 2027, 7:00 PM PDT",
    closesAtLabel: "Apr 15, 2027, 7:00 PM PDT",
    capacity: 24,
    placesBooked: 3,
  },
  values,
  roster: {
    confirmed: [
      {
        bookingId: "b-1",
        name: "Avery Hale",
        email: "avery@example.com",
        tierName: "Platinum",
        guests: "Marlowe Finch",
        bookedAtLabel: "Dec 1, 2026, 12:05 PM PST",
        promotedAtLabel: null,
        reserved: true,
      },
    ],
    waitlisted: [],
  },
  confirmingCancel: false,
  confirmingBooking: null,
  done: null,
  formKey: null,
};

describe("an event's staff page", () => {
  it("gives every element its own id, labels each field, and lists who booked with their guests", () => {
    const html = render(ConsoleEvent, event);
    const all = ids(html);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    for (const [id, label] of [
      ["event-title", "Title"],
      ["event-kind", "Kind"],
      ["event-day", "Date"],
      ["event-reserved", "Reserved places"],
      ["event-cutoff", "RSVP cut-off in hours"],
    ])
      expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
    expect(html).toContain('value="Shade Harvest Dinner"');
    expect(html).toContain("Bookable by Business and Platinum");
    expect(html).toMatch(/<td[^>]*>Marlowe Finch<\/td>/);
    expect(html).toContain('href="/concierge/events/e-1.csv"');
    expect(html).toContain("Cancel This Event");
    expect(html).not.toContain("Yes, Cancel the Event");
  });

  it("shows a refusal beside its field with the values as typed", () => {
    const answer: EventAnswer = {
      form: "event",
      ok: false,
      fieldErrors: { capacity: "3 places are booked: keep at least 3." },
      values: { ...values, capacity: "2" },
    };
    const html = render(ConsoleEvent, event, answer);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="event-capacity-hint event-capacity-error"[^>]*value="2"/);
    expect(html).toMatch(/<p id="event-capacity-error"[^>]*>3 places are booked: keep at least 3.<\/p>/);
  });

  it("asks to confirm a cancellation, and a cancelled event has no form", () => {
    expect(render(ConsoleEvent, { ...event, confirmingCancel: true })).toContain("Yes, Cancel the Event");
    const cancelled = render(ConsoleEvent, {
      ...event,
      listing: { ...event.listing!, cancelled: true, editable: false, cancellable: false },
    });
    expect(cancelled).toContain("Cancelled. ");
    expect(cancelled).not.toContain("Save Changes");
    expect(cancelled).not.toContain("Cancel This Event");
  });

  it("links to the confirmation, which comes before the event's form, in sentences counting places", () => {
    expect(render(ConsoleEvent, event)).toContain('href="/?cancel#cancel-event"');
    const confirming = render(ConsoleEvent, { ...event, confirmingCancel: true });
    expect(confirming).toContain('<form id="cancel-event"');
    expect(confirming.indexOf("Yes, Cancel the Event")).toBeLessThan(confirming.indexOf('id="event-title"'));
    expect(confirming).toContain("Cancel this event? Its 3 booked places are cancelled. Everyone booked or on the waitlist is emailed.");
    const one = render(ConsoleEvent, { ...event, listing: { ...event.listing!, placesBooked: 1 }, confirmingCancel: true });
    expect(one).toContain("Its 1 booked place is cancelled.");
    const none = render(ConsoleEvent, { ...event, listing: { ...event.listing!, placesBooked: 0 }, confirmingCancel: true });
    expect(none).toContain("Cancel this event? Nobody has booked it yet. Everyone booked");
    expect(none).not.toContain(".;");
  });

  it("offers 'Cancel' beside each booking and waitlist place, confirmed first on the page before anything is cancelled", () => {
    const waiting = { ...event.roster!.confirmed[0]!, bookingId: "b-2", name: "Blair Stone", guests: "", reserved: false };
    const withWaitlist = { ...event, roster: { confirmed: event.roster!.confirmed, waitlisted: [waiting] } };
    const html = render(ConsoleEvent, withWaitlist);
    expect(html).toContain('href="/?cancel-booking=b-1#cancel-booking"');
    expect(html).toContain('href="/?cancel-booking=b-2#cancel-booking"');
    expect(html).toContain("Avery Hale&#x27;s booking");
    expect(html).not.toContain("Yes, Cancel the Booking");
    expect(render(ConsoleEvent, { ...withWaitlist, listing: { ...event.listing!, cancellable: false } })).not.toContain("cancel-booking");

    const confirming = render(ConsoleEvent, { ...withWaitlist, confirmingBooking: { ...event.roster!.confirmed[0]!, waiting: false } });
    expect(confirming).toMatch(/<form id="cancel-booking"[^>]*method="post"><input type="hidden" name="bookingId" value="b-1"\/>/);
    expect(confirming).toContain("Cancel Avery Hale&#x27;s booking, with their guests (Marlowe Finch)? They are emailed");
    expect(confirming.indexOf("Yes, Cancel the Booking")).toBeLessThan(confirming.indexOf('id="event-title"'));
    const all = ids(confirming);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    expect(render(ConsoleEvent, { ...withWaitlist, confirmingBooking: { ...waiting, waiting: true } })).toContain(
      "Take Blair Stone off the waitlist?",
    );
  });
});

describe("a term's staff page", () => {
  it("offers the sessions as rows of their own, with unique ids, and a new term's form", () => {
    const term: TermData = {
      listing: null,
      values: { course: "", title: "", description: "", lounge: "business", seats: "" },
      roster: null,
      confirmingCancel: false,
      confirmingBooking: null,
      done: null,
      formKey: "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90",
    };
    const html = render(ConsoleAcademyTerm, term);
    const all = ids(html);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    expect(html).toMatch(/<label for="session-6-day"[^>]*>Session 6 date<\/label>/);
    expect(html).not.toContain("session-7-day");
    expect(html).toContain("Create Term");
    // The new term's form carries its page's key (docs/product-rules.md#a-form-is-one-intent); an edit's carries none.
    expect(html).toContain('<input type="hidden" name="formKey" value="0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90"/>');
    expect(render(ConsoleEvent, event)).not.toContain('name="formKey"');
  });

  it("counts seats, not places, and confirms a cancellation first in sentences", () => {
    const term: TermData = {
      listing: {
        id: "t-1",
        title: "Wrapper Leaf Fundamentals, winter",
        cancelled: false,
        editable: true,
        cancellable: true,
        courseName: "Wrapper Leaf Fundamentals",
        bookableBy: "Business and Platinum",
        loungeName: "Business Lounge",
        sessionLabels: ["Jan 12, 2027, 6:00 PM PST"],
        opensAtLabel: "Dec 22, 2026, 6:00 PM PST",
        closesAtLabel: "Jan 12, 2027, 6:00 PM PST",
        capacity: 12,
        placesBooked: 1,
      },
      values: {
        course: "wrapper-leaf",
        title: "Wrapper Leaf Fundamentals, winter",
        description: "Four evenings.",
        lounge: "business",
        seats: "12",
      },
      roster: { confirmed: [{ ...event.roster!.confirmed[0]!, guests: "", reserved: false }], waitlisted: [] },
      confirmingCancel: true,
      confirmingBooking: null,
      done: null,
      formKey: null,
    };
    const html = render(ConsoleAcademyTerm, term);
    expect(html).toContain("1 member, 1 of 12 seats, first booked first.");
    expect(html).not.toContain("of 12 places");
    expect(html).toContain("Cancel this term? Its 1 taken seat is cancelled. Everyone enrolled or on the waitlist is emailed.");
    expect(html.indexOf("Yes, Cancel the Term")).toBeLessThan(html.indexOf('id="term-title"'));
    expect(render(ConsoleAcademyTerm, { ...term, confirmingCancel: false })).toContain('href="/?cancel#cancel-term"');
  });
});

describe("the events list", () => {
  it("says how many in the console's own words, soonest first ahead and newest first past, and when the list is capped", () => {
    const line = (n: number) => ({
      id: `e-${n}`,
      title: `Evening ${n}`,
      category: "Tasting night (Kickback, Business and Platinum)",
      lounge: "Kickback Lounge",
      startsAtLabel: "Apr 16, 2027, 7:00 PM PDT",
      places: "3 of 24",
      waitlisted: 0,
      cancelled: false,
    });
    const lines = (n: number) => Array.from({ length: n }, (_, index) => line(index + 1));
    expect(render(ConsoleEvents, { when: "upcoming", limit: CONSOLE_LIST_LIMIT, events: lines(1) })).toContain("1 event, soonest first.");
    expect(render(ConsoleEvents, { when: "past", limit: CONSOLE_LIST_LIMIT, events: lines(3) })).toContain("3 events, newest first.");
    expect(render(ConsoleEvents, { when: "upcoming", limit: CONSOLE_LIST_LIMIT, events: lines(CONSOLE_LIST_LIMIT) })).toContain(
      `The ${CONSOLE_LIST_LIMIT} soonest events.`,
    );
  });
});
