import { Link } from "react-router";
import type { Route } from "./+types/bosses-only";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Bosses Only",
    description: `Bosses Only is the closed circle within ${club.name}: twenty-four Platinum members, joined only by invitation from the Platinum committee.`,
  });

const circle = [
  { title: "Twenty-four seats", body: "The circle never grows past twenty-four. A seat opens only when a member steps away." },
  { title: "One night a month", body: "The circle meets in the private room of the Platinum Lounge on the last Friday of every month." },
  {
    title: "First refusal",
    body: "Circle members see every club-exclusive release and allocation before it reaches the wider membership.",
  },
  {
    title: "A say in the house blend",
    body: "Each summer the circle smokes the candidates blind and chooses the shortlist members vote on at the September roll-off.",
  },
];

const invitationSteps = [
  "A Platinum member in good standing for at least a year may be proposed by two members of the circle.",
  "The Platinum committee, five members elected each January, considers proposals twice a year, in March and September.",
  "An invitation arrives by letter, in person, from the committee chair. It is not announced.",
  "An invitation that is declined is not offered again for twelve months.",
];

export default function BossesOnly() {
  return (
    <>
      <PageHero eyebrow="Bosses Only" title="A circle you are asked into, never one you apply for.">
        <p>
          Within the Platinum membership sits a smaller table. This page is here so you know it exists, and so nobody wastes an evening
          asking how to join it.
        </p>
      </PageHero>

      <Section id="what-it-is" title="What the circle is">
        <CardGrid cards={circle} className="sm:grid-cols-2 lg:grid-cols-4" titleTone="brass" />
        <p className="mt-8 max-w-3xl text-smoke">
          There are no extra dues: a seat cannot be bought. The circle keeps the same club rules as every other room, and the names of its
          members are never published, here or anywhere else.
        </p>
      </Section>

      <Section id="how-invitations-work" title="How an invitation happens" tone="humidor">
        <ol className="max-w-3xl list-decimal space-y-3 pl-5 text-smoke marker:text-brass">
          {invitationSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-lg text-cream">
          There is no application, no waiting list and no form. Asking for an invitation, on this site or at the bar, does not bring one
          closer.
        </p>
      </Section>

      <Section id="where-to-begin" title="Where every circle member began">
        <p className="max-w-3xl text-lg text-smoke">
          With a sit-down, like everyone else, and then years in the{" "}
          <Link to="/lounges/platinum" className="text-brass underline">
            Platinum Lounge
          </Link>
          . If you are not yet a member, that is the only road, and it starts with forty-five minutes and a cigar. All members must be{" "}
          {club.minimumAge} or older.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
          <ButtonLink to="/memberships" variant="secondary">
            Compare memberships
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
