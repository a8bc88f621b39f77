import type { ReactNode } from "react";
import { Link } from "react-router";
import { club, loungeBySlug, type Lounge } from "../site-config.ts";
import { entitlementsOf, lockerClasses } from "../tier-entitlements.ts";
import { guestAllowanceInWords, tierNamesInWords } from "../tier-inclusions.ts";
import { tiersWithMeetingRooms } from "#app/features/calendar/meeting-room-facts.ts";
import { MEETING_ROOM_DAYS_AHEAD } from "#app/features/calendar/meeting-room-hours.ts";
import type { LoungeDetail } from "./lounge-room.tsx";
import type { LoungeSlot } from "./lounge-timetable.tsx";

/**
 * What each lounge's page says beyond its facts in site-config (name, neighbourhood, hours,
 * picture, the tiers that hold a key); routes/lounge.tsx lays every lounge out the same way.
 * Paragraphs that link to other pages are written as JSX, like the prose of every other page.
 */
export interface LoungePageContent {
  /** The page title before " | <club name>", and the meta description. */
  title: string;
  description: string;
  eyebrow: string;
  /** The hero's paragraph. */
  introduction: ReactNode;
  /** The picture's text alternative, and what is listed beside it after the hours. */
  imageAlt: string;
  details: LoungeDetail[];
  /** A paragraph below the picture. */
  roomNote?: ReactNode;
  /** The lounge's day, evening or week. */
  timetable: { id: string; title: string; slots: LoungeSlot[]; columns: string; note?: ReactNode };
  /** The section on who may use the lounge: its title, and the paragraph below the tiers. */
  admission: { title: string; note: ReactNode };
}

const kickback = loungeBySlug("kickback");
const business = loungeBySlug("business");
const platinum = loungeBySlug("platinum");

export const loungePages: Record<Lounge["slug"], LoungePageContent> = {
  kickback: {
    title: `${kickback.name}, ${kickback.neighbourhood}`,
    description: `The ${club.name} ${kickback.name} in Portland's ${kickback.neighbourhood}: deep leather, a long walnut bar and a heated patio, open to every membership tier.`,
    eyebrow: `The Lounges · ${kickback.neighbourhood}`,
    introduction: (
      <>
        {kickback.summary} The Kickback is where most members spend most evenings: the society's everyday room, and the first one every new
        member sees.
      </>
    ),
    imageAlt: "The Kickback Lounge bar with backlit bottles, a leather club chair and a patio heater glowing beyond the glass",
    details: [
      { label: "Neighborhood", value: `${kickback.neighbourhood}, two blocks from Jamison Square` },
      { label: "Seats", value: "Thirty-six leather chairs inside, fourteen on the patio" },
      { label: "Humidor", value: "A walk-in room of about 140 labels, held at 69% humidity and 68°F" },
    ],
    roomNote: (
      <>
        The street address goes to members and to guests confirmed for a sit-down. Downstairs is the{" "}
        <Link to="/gameroom" className="text-brass underline">
          Game Room
        </Link>
        ; out back, the{" "}
        <Link to="/member-yards" className="text-brass underline">
          Pearl Yard
        </Link>{" "}
        and its fire pits.
      </>
    ),
    timetable: {
      id: "the-week",
      title: "A week at the Kickback",
      columns: "md:grid-cols-2 lg:grid-cols-3",
      slots: [
        { when: "Weekdays from 11 am", what: "Coffee, the morning papers and the quietest chairs in the house." },
        { when: "First Thursday, 7 pm", what: "The monthly tasting night: three cigars, one flight, one visiting voice." },
        { when: "Friday and Saturday", what: "The bar's full pour list until last call at 11:30 pm." },
        { when: "Sunday afternoons", what: "The lounge's one television, sound low, for whichever match matters." },
        { when: "June to August", what: "Thursday evenings move outside for the summer patio series." },
      ],
    },
    admission: {
      title: "Open to every tier",
      note: (
        <>
          Members and their guests must be {club.minimumAge} or older; we check photo ID at the door, every visit. The smoking room has its
          own ventilation, but cigar smoke is still smoke:{" "}
          <Link to="/public-health" className="text-brass underline">
            read our public health notes
          </Link>
          .
        </>
      ),
    },
  },
  business: {
    title: `${business.name}, Downtown Portland`,
    description: `The ${club.name} ${business.name} near Pioneer Courthouse Square: two bookable meeting rooms, quiet booths and coffee from 7 am, for members who host.`,
    eyebrow: "The Lounges · Downtown",
    introduction: (
      <>
        {business.summary} A working lounge two minutes' walk from Pioneer Courthouse Square, for members who close deals, host clients or
        simply need a door that shuts.
      </>
    ),
    imageAlt: "A leather booth and a walnut table with a brass lamp, a coffee cup and a resting cigar, downtown windows lit beyond",
    details: [
      { label: "Neighborhood", value: business.neighbourhood },
      { label: "Meeting rooms", value: "The Alder Room seats eight, the Fir Room four, each with a screen and a conference speaker" },
      { label: "Booths", value: "Six high-backed booths with power at every seat and Wi-Fi that holds a video call" },
    ],
    timetable: {
      id: "the-day",
      title: "The working day",
      columns: "md:grid-cols-2 lg:grid-cols-3",
      slots: [
        { when: "7 am", what: "Doors open. Coffee roasted in Southeast Portland, pastries until ten, the papers on the rail." },
        {
          when: "9 am – 5 pm",
          what: `The meeting rooms' busiest hours. ${tierNamesInWords(tiersWithMeetingRooms())} members book them by the hour in the Members Area, up to ${MEETING_ROOM_DAYS_AHEAD} days ahead.`,
        },
        { when: "5 pm", what: "The pour list opens and the booths turn from calls to conversation." },
        { when: "6:30 pm, Tuesday and Wednesday", what: "The Cigar Academy meets in the library at the back of the lounge." },
        { when: "10 pm", what: "Last light at 9:30, doors at ten. Saturdays keep the same hours, only quieter." },
      ],
      note: (
        <>
          Phone calls belong in the booths and meeting rooms, never at the bar. Guests are not photographed, and we do not say who meets
          here. The library hosts the{" "}
          <Link to="/cigar-academy" className="text-brass underline">
            Cigar Academy
          </Link>{" "}
          in the evenings.
        </>
      ),
    },
    admission: {
      title: "Who holds a key",
      note: (
        <>
          {tierNamesInWords(business.tiers)} members bring a plus-one every day with the stick fee waived, which is how most clients first
          see the room. Everyone must be {club.minimumAge} or older, with photo ID at the door.
        </>
      ),
    },
  },
  platinum: {
    title: `${platinum.name}, ${platinum.neighbourhood}`,
    description: `The after-hours ${club.name} ${platinum.name} on ${platinum.neighbourhood}: twelve chairs, a cedar humidor room and engraved lockers, for Platinum members only.`,
    eyebrow: `The Lounges · ${platinum.neighbourhood}`,
    introduction: (
      <>
        {platinum.summary} The society's smallest room and its latest: open from late afternoon until two in the morning, for Platinum
        members and the guests they vouch for.
      </>
    ),
    imageAlt: "A cedar humidor room glowing behind glass doors, a wingback chair and a poured glass on a side table",
    details: [
      { label: "Neighborhood", value: `${platinum.neighbourhood}, in a converted 1912 carriage house` },
      { label: "Chairs", value: "Twelve, never more. Unreserved, except on event nights" },
      { label: "Lockers", value: `Cedar-lined, up to ${lockerClasses.cedar.cigars} cigars each, with an engraved brass nameplate` },
    ],
    roomNote: (
      <>
        The cedar humidor room holds 69% humidity and 68°F, and it is where the society rests its exclusive releases for ninety days before
        members see them. Behind the lounge is the walled garden of the{" "}
        <Link to="/member-yards" className="text-brass underline">
          Member Yards
        </Link>
        .
      </>
    ),
    timetable: {
      id: "the-evening",
      title: "An evening on Twenty-Third",
      columns: "md:grid-cols-2 lg:grid-cols-4",
      slots: [
        { when: "4 pm", what: "Doors open. The humidor room is walked and logged before the first member arrives." },
        { when: "6 – 9 pm", what: "The concierge keeps the desk for allocations, private rooms and travel humidors." },
        { when: "After midnight", what: "The quiet hours: low light, lower voices, and the bartender who knows your pour." },
        { when: "1:30 am", what: "Last pour. Doors close at two, and the staff see every member to a car." },
      ],
      note: (
        <>
          Master blender dinners hold reserved seats for Platinum members here, and the invitation-only{" "}
          <Link to="/bosses-only" className="text-brass underline">
            Bosses Only
          </Link>{" "}
          circle meets in this room once a month.
        </>
      ),
    },
    admission: {
      title: "Who holds a key",
      note: (
        <>
          A Platinum member may bring {guestAllowanceInWords(entitlementsOf("platinum").guests)}. Everyone must be {club.minimumAge} or
          older, with photo ID at the door. Late hours are no excuse for a late drive home: the staff will call a car for anyone who asks,
          and for some who do not.
        </>
      ),
    },
  },
};
