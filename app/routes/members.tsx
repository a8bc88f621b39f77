import { Link } from "react-router";
import type { Route } from "./+types/members";
import { CardGrid } from "~/components/card-grid";
import { DiamondList } from "~/components/diamond-list";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta } from "~/lib/meta";
import { requireMember } from "~/lib/require-member.server";
import { club, lounges } from "~/lib/site-config";

export const middleware: Route.MiddlewareFunction[] = [requireMember];

// Server middleware runs on client-side navigations only when the route has a loader to fetch
// (react-router docs, how-to/middleware), so this empty loader makes every visit pass requireMember.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Members Area",
    description: `The private members area of ${club.name}: lounge hours, concierge services, rewards, the media kit, partner vendors and the club rules.`,
  }),
  { name: "robots", content: "noindex" },
];

const memberPages = [
  {
    to: "/rewards",
    title: "Rewards Shop",
    body: "Every dollar of dues and lounge spend earns a point. See what points open, from cutters to a reserved seat at a blender dinner.",
  },
  {
    to: "/luxury-vendors",
    title: "Luxury Vendors",
    body: "Portland makers and services who extend a private offer to members, from tailoring to a car home at 2 am.",
  },
  {
    to: "/media",
    title: "Media Kit",
    body: "The crest, the logo pack, lounge photography and the press fact sheet, with the guidelines for using them.",
  },
  {
    to: "/cigar-academy",
    title: "Cigar Academy",
    body: "Course dates, reading lists and the masterclasses your tier includes.",
  },
  {
    to: "/gameroom",
    title: "Game Room",
    body: "What is on the tables this season, and when the house tournaments are played.",
  },
  {
    to: "/rules",
    title: "Club Rules",
    body: "The full code of conduct you accepted before entering, effective November 1, 2026.",
  },
];

const conciergeServices = [
  "Open your locker, take an inventory or arrange a travel humidor for a trip.",
  "Reserve a Business Lounge meeting room or a private room for an evening.",
  "Reply to an event invitation, or add your plus-one to the guest list ahead of time.",
  "Source an allocation, a retired blend or a box for a gift.",
  "Call a car for you or your guest at the end of the night.",
];

export default function Members() {
  return (
    <>
      <PageHero eyebrow="Members Area" title="Welcome back to the house.">
        <p>
          This is the members' side of {club.name}: the rewards you have earned, the partners who look after you, the
          materials that carry our name and the people who keep your chair warm.
        </p>
      </PageHero>

      <Section id="member-pages" eyebrow="In the members area" title="Where to next">
        <CardGrid cards={memberPages} className="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="lounge-hours" eyebrow="The lounges" title="Doors and hours" tone="humidor">
        <ul className="grid gap-6 md:grid-cols-3">
          {lounges.map((lounge) => (
            <li key={lounge.path} className="rounded-sm border border-cedar bg-night p-6">
              <h3 className="text-2xl text-cream">
                <Link to={lounge.path} className="hover:text-brass">
                  {lounge.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-brass">{lounge.neighbourhood}</p>
              <p className="mt-3 text-smoke">{lounge.hours}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Your membership tier decides which lounges open to you. Guests must be {club.minimumAge} or older and show
          photo ID at the door on every visit.
        </p>
      </Section>

      <Section id="concierge" eyebrow="Concierge" title="One call away">
        <div className="grid gap-10 md:grid-cols-[2fr_1fr]">
          <DiamondList items={conciergeServices} className="space-y-3" />
          <div>
            <p className="text-smoke">Call the office, or ask at the bar of any lounge.</p>
            <p className="mt-3">
              <a
                href={`tel:${club.officePhone.e164}`}
                className="font-display text-3xl text-brass underline hover:text-cream"
              >
                {club.officePhone.display}
              </a>
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
