import { Link } from "react-router";
import type { Route } from "./+types/lounge-kickback";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { LoungeCards } from "../lounges/lounge-cards.tsx";
import { LoungeRoom } from "../lounges/lounge-room.tsx";
import { LoungeTimetable } from "../lounges/lounge-timetable.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, formatMonthlyPrice, lounges, membershipTiers, loungeByPath } from "../site-config.ts";

// This module serves both /lounges and /lounges/kickback (app/routes.ts); both point search engines here.
const canonicalPath = "/lounges/kickback";

const lounge = loungeByPath(canonicalPath);
const otherLounges = lounges.filter((entry) => entry.path !== canonicalPath);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${lounge.name}, ${lounge.neighbourhood}`,
    description: `The ${club.name} ${lounge.name} in Portland's ${lounge.neighbourhood}: deep leather, a long walnut bar and a heated patio, open to every membership tier.`,
    canonicalPath,
  });

const details = [
  { label: "Hours", value: lounge.hours },
  { label: "Neighborhood", value: `${lounge.neighbourhood}, two blocks from Jamison Square` },
  { label: "Seats", value: "Thirty-six leather chairs inside, fourteen on the patio" },
  { label: "Humidor", value: "A walk-in room of about 140 labels, held at 69% humidity and 68°F" },
];

const week = [
  { when: "Weekdays from 11 am", what: "Coffee, the morning papers and the quietest chairs in the house." },
  { when: "First Thursday, 7 pm", what: "The monthly tasting night: three cigars, one flight, one visiting voice." },
  { when: "Friday and Saturday", what: "The bar's full pour list until last call at 11:30 pm." },
  { when: "Sunday afternoons", what: "The lounge's one television, sound low, for whichever match matters." },
  { when: "June to August", what: "Thursday evenings move outside for the summer patio series." },
];

export default function KickbackLounge() {
  return (
    <>
      <PageHero eyebrow={`The Lounges · ${lounge.neighbourhood}`} title={lounge.name}>
        <p>
          {lounge.summary} The Kickback is where most members spend most evenings: the society's everyday room, and the first one every new
          member sees.
        </p>
      </PageHero>

      <Section id="the-room" title="The room">
        <LoungeRoom
          lounge={lounge}
          alt="The Kickback Lounge bar with backlit bottles, a leather club chair and a patio heater glowing beyond the glass"
          details={details}
        />
        <p className="mt-8 max-w-3xl text-smoke">
          The street address goes to members and to guests confirmed for a sit-down. Downstairs is the{" "}
          <Link to="/gameroom" className="text-brass underline">
            Game Room
          </Link>
          ; out back, the{" "}
          <Link to="/member-yards" className="text-brass underline">
            Pearl Yard
          </Link>{" "}
          and its fire pits.
        </p>
      </Section>

      <Section id="the-week" title="A week at the Kickback" tone="humidor">
        <LoungeTimetable slots={week} columns="md:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="who-may-use-it" title="Open to every tier">
        <ul className="grid gap-4 sm:grid-cols-3">
          {membershipTiers.map((tier) => (
            <li key={tier.slug} className="rounded-sm border border-cedar p-5">
              <h3 className="text-2xl text-cream">{tier.name}</h3>
              <p className="mt-1 text-brass">{formatMonthlyPrice(tier.monthlyPrice)} a month</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Members and their guests must be {club.minimumAge} or older; we check photo ID at the door, every visit. The smoking room has its
          own ventilation, but cigar smoke is still smoke:{" "}
          <Link to="/public-health" className="text-brass underline">
            read our public health notes
          </Link>
          .
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
