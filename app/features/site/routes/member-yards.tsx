import { Link } from "react-router";
import type { Route } from "./+types/member-yards";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Timeline } from "#app/ui/timeline.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Yards",
    description: `The outdoor yards of ${club.name}: heated Portland patios, gas fire pits, a walled garden on Northwest 23rd and the summer series under open sky.`,
  });

const yards = [
  {
    name: "The Pearl Yard",
    lounge: { name: "Kickback Lounge", path: "/lounges/kickback" },
    body: "Fourteen seats behind the Kickback, half of them under a cedar roof. Radiant heaters run from October to May and two gas fire pits burn year-round.",
    hours: "Lounge hours; last light outdoors at 11 pm",
  },
  {
    name: "The Sixth-Floor Terrace",
    lounge: { name: "Business Lounge", path: "/lounges/business" },
    body: "A narrow terrace above the Business Lounge for the morning cigar and a second coffee, with a view over the downtown rooftops.",
    hours: "7 am until dusk, Monday to Saturday",
  },
  {
    name: "The Carriage House Garden",
    lounge: { name: "Platinum Lounge", path: "/lounges/platinum" },
    body: "A walled garden of ferns and Japanese maples behind the Platinum Lounge, with one long gas fire table and eight chairs.",
    hours: "4 pm to 1 am; voices low after 10 pm",
  },
];

const summerSeries = [
  {
    label: "June",
    title: "The Longest Evening",
    body: "Solstice night in the Pearl Yard: light until nine, and three Connecticut shades to see it out.",
  },
  {
    label: "July",
    title: "Open-Air Jazz and Cameroon",
    body: "A trio on the yard every Thursday, paired with cigars in Cameroon wrapper.",
  },
  {
    label: "August",
    title: "Perseids and Port",
    body: "The meteor shower from the Carriage House Garden, with tawny port and the lights turned off.",
  },
];

const yardRules = [
  "Every seat where a cigar may be lit sits more than ten feet from every door, opening window and air intake, as Oregon's Indoor Clean Air Act requires.",
  "Fire pits burn natural gas only; no wood, no embers carried on the wind to the neighbors.",
  "When wildfire smoke pushes Portland's air quality index past 150, the yards close and everyone comes inside.",
  "Cigars and pipes only. Cannabis is not permitted anywhere on club property.",
  `Members and guests are ${club.minimumAge} or older, outdoors as in.`,
];

export default function MemberYards() {
  return (
    <>
      <PageHero eyebrow="Member Yards" title="Fresh air, a fire and a long cigar.">
        <p>
          Each lounge has a yard of its own, heated through Portland's wet months and busiest in summer, when the society moves outdoors on
          Thursday evenings.
        </p>
      </PageHero>

      <Section id="the-yards" title="Three yards, three characters">
        <ul className="grid gap-6 md:grid-cols-3">
          {yards.map((yard) => (
            <li key={yard.name} className="flex flex-col rounded-sm border border-cedar p-6">
              <h3 className="text-2xl text-cream">{yard.name}</h3>
              <p className="mt-1 text-sm">
                <Link to={yard.lounge.path} className="text-brass underline">
                  Behind the {yard.lounge.name}
                </Link>
              </p>
              <p className="mt-3 flex-1 text-smoke">{yard.body}</p>
              <p className="mt-4 border-t border-cedar pt-3 text-sm text-smoke">{yard.hours}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          A yard follows its lounge: if your membership opens the room, it opens the yard behind it.
        </p>
      </Section>

      <Section id="summer-series" eyebrow="June to August, Thursdays at 7 pm" title="The summer series" tone="humidor">
        <Timeline entries={summerSeries} columns="md:grid-cols-3" />
        <p className="mt-8 max-w-3xl text-smoke">
          Every tier is invited to the series; Platinum members hold two extra guest places on event nights.
        </p>
      </Section>

      <Section id="winter" title="Winter on the yards">
        <p className="max-w-3xl text-lg text-smoke">
          From October to May the heaters come on at opening, wool blankets wait in a cedar chest by each door, and the staff bring coffee
          out so you do not have to go in for it. Rain is a Portland certainty; the roofs are there for it.
        </p>
      </Section>

      <Section id="yard-rules" title="Rules of the yards" tone="humidor">
        <DiamondList items={yardRules} className="max-w-3xl space-y-3" />
        <div className="mt-10">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
        </div>
      </Section>
    </>
  );
}
