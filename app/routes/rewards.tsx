import { Link } from "react-router";
import type { Route } from "./+types/rewards";
import { DiamondList } from "~/components/diamond-list";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta } from "~/lib/meta";
import { requireMember } from "~/lib/require-member.server";
import { club } from "~/lib/site-config";

export const middleware: Route.MiddlewareFunction[] = [requireMember];

// Server middleware runs on client-side navigations only when the route has a loader to fetch
// (react-router docs, how-to/middleware), so this empty loader makes every visit pass requireMember.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Rewards Shop",
    description: `The ${club.name} Rewards Shop: members earn one point for every dollar of dues and lounge spend, redeemed for accessories, guest evenings and events.`,
  }),
  { name: "robots", content: "noindex" },
];

interface Reward {
  name: string;
  detail: string;
  points: number;
}

const catalogue: { title: string; rewards: Reward[] }[] = [
  {
    title: "For the humidor and the pocket",
    rewards: [
      { name: "Engraved double-blade cutter", detail: "Stainless steel, engraved with your initials and the crest.", points: 900 },
      { name: "Leather cigar case", detail: "A three-finger case in oxblood leather, monogrammed.", points: 1200 },
      { name: "Brass table lighter", detail: "Triple-flame butane lighter, weighted for the side table.", points: 1500 },
      { name: "Cedar travel humidor", detail: "Holds five cigars, with a humidity pack for the road.", points: 1800 },
      { name: "Crystal ashtray", detail: "Heavy hand-cut crystal with the crest etched beneath.", points: 2000 },
    ],
  },
  {
    title: "Evenings and privileges",
    rewards: [
      { name: "Guest evening", detail: "Stick fees waived for up to three guests on one evening of your choice.", points: 600 },
      { name: "Engraved locker nameplate", detail: "A brass nameplate for your locker, kept while you are a member.", points: 800 },
      { name: "Private room", detail: "Four hours in a private room at the lounge of your choice.", points: 2500 },
      { name: "Locker upgrade", detail: "The next locker size up for one quarter, for Kickback and Business members.", points: 3000 },
      { name: "Cigar Academy seat", detail: "One course beyond those your tier includes.", points: 3500 },
      { name: "Master blender dinner", detail: "A reserved seat at the next master blender dinner.", points: 4000 },
    ],
  },
];

const earningRules = [
  "One point for every dollar of dues, credited when each quarter's dues are paid.",
  "One point for every dollar spent in the lounges: the bar, the humidor, private rooms and event tickets.",
  "Spending by your guests counts too, when it is charged to your account.",
];

const houseTerms = [
  "Redeem points with the concierge or at the bar of any lounge. The concierge will also tell you your balance at any time.",
  "Points have no cash value and cannot be transferred, sold or pooled with another member's.",
  "Federal rules forbid giving tobacco products away, so points are never exchanged for cigars. Nor are they exchanged for alcohol.",
  "Points stay yours while your membership is active, and lapse ninety days after it ends.",
];

const formatPoints = (points: number) => `${points.toLocaleString("en-US")} points`;

export default function Rewards() {
  return (
    <>
      <PageHero eyebrow="Rewards Shop" title="Loyalty, kept in good leather.">
        <p>
          Every quarter at {club.name} earns something back. Points come from the dues you already pay and the
          evenings you already spend with us, and they open the small luxuries and rare seats the club holds for its
          own.
        </p>
      </PageHero>

      <Section id="earning" eyebrow="How points are earned" title="One point for every dollar">
        <DiamondList items={earningRules} className="max-w-3xl space-y-3" />
      </Section>

      <Section id="catalogue" eyebrow="The catalogue" title="What your points open" tone="humidor">
        <div className="space-y-12">
          {catalogue.map((group) => (
            <div key={group.title}>
              <h3 className="text-2xl text-cream">{group.title}</h3>
              <ul className="mt-6 grid gap-4 md:grid-cols-2">
                {group.rewards.map((reward) => (
                  <li
                    key={reward.name}
                    className="flex items-start justify-between gap-6 rounded-sm border border-cedar bg-night p-5"
                  >
                    <div>
                      <p className="font-semibold text-cream">{reward.name}</p>
                      <p className="mt-1 text-sm text-smoke">{reward.detail}</p>
                    </div>
                    <p className="shrink-0 font-display text-2xl text-brass">{formatPoints(reward.points)}</p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="house-terms" eyebrow="The fine print" title="How redemption works">
        <div className="prose-club">
          <ul>
            {houseTerms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          <p>
            Rewards follow the <Link to="/rules">Club Rules</Link> and the <Link to="/terms">Terms of Membership</Link>
            . For anything not in the catalogue, ask the concierge: a good request is rarely refused.
          </p>
        </div>
      </Section>
    </>
  );
}
