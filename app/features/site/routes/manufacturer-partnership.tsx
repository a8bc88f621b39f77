import { Link } from "react-router";
import type { Route } from "./+types/manufacturer-partnership";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { CardGrid } from "#app/ui/card-grid.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Timeline } from "#app/ui/timeline.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Manufacturer Partnership",
    description: `Allocations, blender nights and exclusive releases with ${club.name}: what we offer cigar makers, what we ask in return, and how Oregon compliance works.`,
  });

const offers = [
  {
    title: "Allocations",
    body: "Limited and seasonal releases go to members who will smoke them, not flip them. The concierge takes pre-orders and delivers to lockers.",
  },
  {
    title: "Blender nights",
    body: "Three evenings a year, twelve to forty seats depending on the lounge: you, your leaf and time to tell the story of a blend from the seedbed on.",
  },
  {
    title: "Exclusive releases",
    body: "A society vitola or band, from 250 boxes of 20, rested in our cedar room for ninety days before release to members.",
  },
  {
    title: "Honest feedback",
    body: "Blind panels from the Cigar Academy's Blending & Terroir class, written up and sent to your blender within two weeks.",
  },
];

const asks = [
  "Premium, handmade, long-filler cigars, with true box dates. We do not list flavored products.",
  "Allocations you can keep. Promise 50 boxes, deliver 50 boxes; members remember the short ones.",
  "The same price our members would pay at your other authorized retailers, never a special markdown that undercuts them.",
  "A blender or family member at the table for at least one blender night a year.",
  `Marketing for adults only: no imagery, giveaways or language that could appeal to anyone under ${club.minimumAge}.`,
];

const compliance = [
  "Cigars reach Oregon through a distributor licensed by the Oregon Department of Revenue, who pays the state tobacco products tax (65% of the wholesale price, capped at $1 a cigar). If you hold that license yourself, we buy from you directly.",
  "The club holds the state and Multnomah County tobacco retail licenses for each lounge. Every sale is made face to face, after a photo-ID check.",
  "Each product must be lawfully marketed in the United States and labelled as federal law requires, with your importer or manufacturer permits current.",
  "Cigars at blender nights are sold to members at the posted event price. We do not hand out manufacturer samples, coupons or gifts of tobacco.",
  "Smoking happens only in the rooms and yards our Indoor Clean Air Act arrangements allow; your team follows the same rules as members.",
];

const partnershipSteps = [
  { title: "1. Call the office", body: "Ask for the humidor director and tell us which lines you have in mind." },
  { title: "2. A blind tasting", body: "Our buying panel smokes each line blind over two weeks, ordered through your Oregon distributor." },
  { title: "3. An answer in thirty days", body: "Yes or no, with our notes either way. New partnerships start at the next quarter." },
];

export default function ManufacturerPartnership() {
  return (
    <>
      <PageHero eyebrow="Manufacturer Partnership" title="For the people who grow, blend and roll the leaf.">
        <p>
          {club.name} buys for three private Portland lounges and a membership that reads box dates. If your cigars deserve a room that will
          rest them properly and talk about them honestly, we should meet.
        </p>
      </PageHero>

      <Section id="what-we-offer" title="What the society offers a maker">
        <CardGrid cards={offers} className="sm:grid-cols-2 lg:grid-cols-4" titleTone="brass" />
      </Section>

      <Section id="what-we-ask" title="What we ask in return" tone="humidor">
        <DiamondList items={asks} className="max-w-3xl space-y-4" />
      </Section>

      <Section id="oregon-compliance" eyebrow="Oregon tobacco compliance" title="Every box arrives the lawful way">
        <ol className="max-w-3xl list-decimal space-y-4 pl-5 text-smoke marker:text-brass">
          {compliance.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-smoke">
          The details, license by license, are on our{" "}
          <Link to="/compliance" className="text-brass underline">
            regulatory compliance page
          </Link>
          .
        </p>
      </Section>

      <Section id="how-to-begin" title="How a partnership begins" tone="humidor">
        <Timeline entries={partnershipSteps} columns="md:grid-cols-3" />
        <div className="mt-10">
          <a href={`tel:${club.officePhone.e164}`} className={buttonClasses("primary")}>
            Call the office: {club.officePhone.display}
          </a>
        </div>
      </Section>
    </>
  );
}
