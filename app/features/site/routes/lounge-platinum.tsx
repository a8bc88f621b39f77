import { Link } from "react-router";
import type { Route } from "./+types/lounge-platinum";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { LoungeCards } from "../lounges/lounge-cards.tsx";
import { LoungeRoom } from "../lounges/lounge-room.tsx";
import { LoungeTimetable } from "../lounges/lounge-timetable.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, formatMonthlyPrice, lounges, membershipTiers, loungeByPath } from "../site-config.ts";

const path = "/lounges/platinum";

const lounge = loungeByPath(path);
const otherLounges = lounges.filter((entry) => entry.path !== path);
const admittedTiers = membershipTiers.filter((tier) => tier.slug === "platinum");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${lounge.name}, ${lounge.neighbourhood}`,
    description: `The after-hours ${club.name} ${lounge.name} on ${lounge.neighbourhood}: twelve chairs, a cedar humidor room and engraved lockers, for Platinum members only.`,
  });

const details = [
  { label: "Hours", value: lounge.hours },
  { label: "Neighborhood", value: `${lounge.neighbourhood}, in a converted 1912 carriage house` },
  { label: "Chairs", value: "Twelve, never more. Unreserved, except on event nights" },
  { label: "Lockers", value: "Cedar-lined, up to 200 cigars each, with an engraved brass nameplate" },
];

const evening = [
  { when: "4 pm", what: "Doors open. The humidor room is walked and logged before the first member arrives." },
  { when: "6 – 9 pm", what: "The concierge keeps the desk for allocations, private rooms and travel humidors." },
  { when: "After midnight", what: "The quiet hours: low light, lower voices, and the bartender who knows your pour." },
  { when: "1:30 am", what: "Last pour. Doors close at two, and the staff see every member to a car." },
];

export default function PlatinumLounge() {
  return (
    <>
      <PageHero eyebrow={`The Lounges · ${lounge.neighbourhood}`} title={lounge.name}>
        <p>
          {lounge.summary} The society's smallest room and its latest: open from late afternoon until two in the morning, for Platinum
          members and the guests they vouch for.
        </p>
      </PageHero>

      <Section id="the-room" title="The room">
        <LoungeRoom
          lounge={lounge}
          alt="A cedar humidor room glowing behind glass doors, a wingback chair and a poured glass on a side table"
          details={details}
        />
        <p className="mt-8 max-w-3xl text-smoke">
          The cedar humidor room holds 69% humidity and 68°F, and it is where the society rests its exclusive releases for ninety days
          before members see them. Behind the lounge is the walled garden of the{" "}
          <Link to="/member-yards" className="text-brass underline">
            Member Yards
          </Link>
          .
        </p>
      </Section>

      <Section id="the-evening" title="An evening on Twenty-Third" tone="humidor">
        <LoungeTimetable slots={evening} columns="md:grid-cols-2 lg:grid-cols-4" />
        <p className="mt-8 max-w-3xl text-smoke">
          Master blender dinners hold reserved seats for Platinum members here, and the invitation-only{" "}
          <Link to="/bosses-only" className="text-brass underline">
            Bosses Only
          </Link>{" "}
          circle meets in this room once a month.
        </p>
      </Section>

      <Section id="who-may-use-it" title="Who holds a key">
        <ul className="grid gap-4 sm:max-w-md">
          {admittedTiers.map((tier) => (
            <li key={tier.slug} className="rounded-sm border border-brass p-5">
              <h3 className="text-2xl text-cream">{tier.name} only</h3>
              <p className="mt-1 text-brass">{formatMonthlyPrice(tier.monthlyPrice)} a month</p>
              <p className="mt-2 text-smoke">{tier.summary}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          A Platinum member may bring a daily plus-one with the stick fee waived, and two more guests on event nights. Everyone must be{" "}
          {club.minimumAge} or older, with photo ID at the door. Late hours are no excuse for a late drive home: the staff will call a car
          for anyone who asks, and for some who do not.
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
