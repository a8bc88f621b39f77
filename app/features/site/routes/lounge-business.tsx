import { Link } from "react-router";
import type { Route } from "./+types/lounge-business";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { LoungeCards } from "../lounges/lounge-cards.tsx";
import { LoungeRoom } from "../lounges/lounge-room.tsx";
import { LoungeTimetable } from "../lounges/lounge-timetable.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, formatMonthlyPrice, lounges, membershipTiers, loungeByPath } from "../site-config.ts";

const path = "/lounges/business";

const lounge = loungeByPath(path);
const otherLounges = lounges.filter((entry) => entry.path !== path);
const admittedTiers = membershipTiers.filter((tier) => tier.slug === "business" || tier.slug === "platinum");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${lounge.name}, Downtown Portland`,
    description: `The ${club.name} ${lounge.name} near Pioneer Courthouse Square: two bookable meeting rooms, quiet booths and coffee from 7 am, for members who host.`,
  });

const details = [
  { label: "Hours", value: lounge.hours },
  { label: "Neighborhood", value: lounge.neighbourhood },
  { label: "Meeting rooms", value: "The Alder Room seats eight, the Fir Room four, each with a screen and a conference speaker" },
  { label: "Booths", value: "Six high-backed booths with power at every seat and Wi-Fi that holds a video call" },
];

const day = [
  { when: "7 am", what: "Doors open. Coffee roasted in Southeast Portland, pastries until ten, the papers on the rail." },
  { when: "9 am – 5 pm", what: "Meeting rooms in two-hour blocks, booked through the concierge up to 48 hours ahead." },
  { when: "5 pm", what: "The pour list opens and the booths turn from calls to conversation." },
  { when: "6:30 pm, Tuesday and Wednesday", what: "The Cigar Academy meets in the library at the back of the lounge." },
  { when: "10 pm", what: "Last light at 9:30, doors at ten. Saturdays keep the same hours, only quieter." },
];

export default function BusinessLounge() {
  return (
    <>
      <PageHero eyebrow="The Lounges · Downtown" title={lounge.name}>
        <p>
          {lounge.summary} A working lounge two minutes' walk from Pioneer Courthouse Square, for members who close deals, host clients or
          simply need a door that shuts.
        </p>
      </PageHero>

      <Section id="the-room" title="The room">
        <LoungeRoom
          lounge={lounge}
          alt="A leather booth and a walnut table with a brass lamp, a coffee cup and a resting cigar, downtown windows lit beyond"
          details={details}
        />
      </Section>

      <Section id="the-day" title="The working day" tone="humidor">
        <LoungeTimetable slots={day} columns="md:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-8 max-w-3xl text-smoke">
          Phone calls belong in the booths and meeting rooms, never at the bar. Guests are not photographed, and we do not say who meets
          here. The library hosts the{" "}
          <Link to="/cigar-academy" className="text-brass underline">
            Cigar Academy
          </Link>{" "}
          in the evenings.
        </p>
      </Section>

      <Section id="who-may-use-it" title="Who holds a key">
        <ul className="grid gap-4 sm:grid-cols-2">
          {admittedTiers.map((tier) => (
            <li key={tier.slug} className="rounded-sm border border-cedar p-5">
              <h3 className="text-2xl text-cream">{tier.name}</h3>
              <p className="mt-1 text-brass">{formatMonthlyPrice(tier.monthlyPrice)} a month</p>
              <p className="mt-2 text-smoke">{tier.summary}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Business and Platinum members bring a plus-one every day with the stick fee waived, which is how most clients first see the room.
          Everyone must be {club.minimumAge} or older, with photo ID at the door.
        </p>
        <div className="mt-8">
          <ButtonLink to="/memberships">Compare memberships</ButtonLink>
        </div>
      </Section>

      <Section id="other-lounges" title="The other lounges" tone="humidor">
        <LoungeCards lounges={otherLounges} columns={2} />
      </Section>
    </>
  );
}
