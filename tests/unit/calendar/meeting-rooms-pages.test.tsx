import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import MemberMeetingRooms from "#app/features/calendar/routes/member-meeting-rooms.tsx";
import ConsoleMeetingRooms from "#app/features/calendar/routes/console-meeting-rooms.tsx";

/** The meeting-room pages as the server renders them: what a browser without JavaScript and a screen reader get. */
function render<Props extends object>(Component: (props: Props) => unknown, loaderData: unknown, actionData?: unknown): string {
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/", Component: () => (Component as (props: Props) => React.ReactNode)(props) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

const rooms = [
  { slug: "alder" as const, name: "Alder Room", seats: 8 },
  { slug: "fir" as const, name: "Fir Room", seats: 4 },
];

const memberPage = {
  included: true as const,
  formKey: "0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90",
  rooms,
  allowance: "4 of 6 hours left this week.",
  today: "2031-01-06",
  lastDay: "2031-03-07",
  day: "2031-01-07",
  dayLabel: "Tuesday, January 7",
  open: true,
  hours: [
    { hour: 7, label: "7 am – 8 am", alder: "Taken" as const, fir: "Free" as const },
    { hour: 8, label: "8 am – 9 am", alder: "Free" as const, fir: "Yours" as const },
  ],
  upcoming: [
    {
      id: "r-1",
      roomName: "Fir Room",
      dayLabel: "Tuesday, January 7",
      hoursLabel: "8 am – 9 am",
      hours: 1,
      cancellable: true,
      started: false,
    },
  ],
} satisfies ComponentProps<typeof MemberMeetingRooms>["loaderData"];

describe("/members/meeting-rooms", () => {
  it("shows the allowance, the day's hours as a table with row headers, the form on the first free hour of the first room, and a named Cancel", () => {
    const html = render(MemberMeetingRooms, memberPage);
    // The calendar pages' one eyebrow.
    expect(html).toContain(">Club calendar</p>");
    expect(html).toContain("4 of 6 hours left this week.");
    expect(html).toContain("<caption");
    expect(html).toMatch(/<th scope="row"[^>]*>7 am – 8 am<\/th><td[^>]*>Taken<\/td><td[^>]*>Free<\/td>/);
    expect(html).toMatch(/<label for="room"[^>]*>Room<\/label><select[^>]*name="room"/);
    expect(html).toMatch(/<option value="8" selected="">8 am<\/option>/);
    expect(html).toContain('value="2031-01-07"');
    // The booking form carries the page's key (docs/product-rules.md#a-form-is-one-intent).
    expect(html).toContain('<input type="hidden" name="formKey" value="0b8f3c2e-6d1a-4f5e-9c7b-2a1d4e6f8a90"/>');
    expect(html).toContain('Cancel<span class="sr-only"> Fir Room on Tuesday, January 7, 8 am – 9 am</span>');
    expect(html).toContain('href="/members/meeting-rooms/r-1.ics"');
  });

  it("shows a field's error beside it, marked invalid, and says the lounge is closed on a Sunday", () => {
    const html = render(MemberMeetingRooms, memberPage, { form: "book", ok: false, fieldErrors: { hours: "Choose 1 to 4 hours." } });
    expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*name="hours"/);
    expect(html).toMatch(/id="room-hours-error"[^>]*>Choose 1 to 4 hours\.<\/p>/);
    const sunday = render(MemberMeetingRooms, { ...memberPage, open: false, hours: [], dayLabel: "Sunday, January 12" });
    expect(sunday).toContain("The Business Lounge is closed on Sundays: it is open Monday – Saturday, 7 am – 10 pm.");
    expect(sunday).not.toContain("<table");
  });

  it("shows a member whose tier lacks the rooms which tiers include them, and no form", () => {
    const html = render(MemberMeetingRooms, { included: false, rooms, tiersInWords: "Business and Platinum" });
    expect(html).toContain(">Club calendar</p>");
    expect(html).toContain("They come with the Business and Platinum memberships");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<table");
  });
});

describe("/concierge/meeting-rooms", () => {
  it("lists each room's reservations with a named Cancel, and says when a room has none", () => {
    const html = render(ConsoleMeetingRooms, {
      day: "2031-01-07",
      dayLabel: "Tuesday, January 7",
      previousDay: "2031-01-06",
      nextDay: "2031-01-08",
      isToday: false,
      rooms: [
        {
          ...rooms[0]!,
          reservations: [
            { id: "r-1", hoursLabel: "9 am – 11 am", hours: 2, memberName: "Ada Lovelace", tierName: "Business", cancellable: true },
          ],
        },
        { ...rooms[1]!, reservations: [] },
      ],
      confirming: null,
    } satisfies ComponentProps<typeof ConsoleMeetingRooms>["loaderData"]);
    expect(html).toContain("Meeting rooms, Tuesday, January 7");
    expect(html).toContain("Alder Room reservations on Tuesday, January 7");
    expect(html).toContain("Ada Lovelace");
    expect(html).toContain('Cancel<span class="sr-only"> Ada Lovelace&#x27;s Alder Room, 9 am – 11 am</span>');
    expect(html).toContain("No reservations.");
    expect(html).toContain('href="/?day=2031-01-08"');
    expect(html).toContain('href="/?day=2031-01-07&amp;cancel=r-1#cancel-reservation"');
    expect(html).not.toContain("Yes, Cancel the Reservation");
  });

  it("asks staff to confirm a cancellation first, naming the member, the room and the hours", () => {
    const html = render(ConsoleMeetingRooms, {
      day: "2031-01-07",
      dayLabel: "Tuesday, January 7",
      previousDay: "2031-01-06",
      nextDay: "2031-01-08",
      isToday: false,
      rooms: [
        { ...rooms[0]!, reservations: [] },
        { ...rooms[1]!, reservations: [] },
      ],
      confirming: { id: "r-1", roomName: "Alder Room", memberName: "Ada Lovelace", hoursLabel: "9 am – 11 am" },
    } satisfies ComponentProps<typeof ConsoleMeetingRooms>["loaderData"]);
    expect(html).toContain(
      "Cancel Ada Lovelace&#x27;s reservation of the Alder Room on Tuesday, January 7, 9 am – 11 am? They are emailed that the club cancelled it, and the hours are free again.",
    );
    expect(html).toMatch(/<input type="hidden" name="reservationId" value="r-1"\/>/);
    expect(html).toContain("Yes, Cancel the Reservation");
    expect(html).toContain('href="/?day=2031-01-07"');
  });
});
