import type { Route } from "./+types/luxury-vendors";
import { PartnerVendorList } from "../partner-vendor-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { memberWithAcceptedRules } from "../member-area.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { club } from "#app/features/site/site-config.ts";
import { listPartnerVendors } from "#app/features/member-area/member-area.server.ts";

/** The partner vendors and their member offers; null while the rules step shows. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!memberWithAcceptedRules(context)) return null;
  return { vendors: await listPartnerVendors(context.get(requestContext).env.DB) };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Luxury Vendors",
    description: `Portland tailors, cellars, barbers, leatherworkers and car services who extend private offers to ${club.name} members, and how to claim them.`,
  }),
  { name: "robots", content: "noindex" },
];

const claimSteps = [
  "Mention your membership when you book, and show your member credential when you arrive.",
  "For fittings, commissions and appointments, the concierge will make the introduction and tell the vendor to expect you.",
  "Offers are personal to members. A plus-one is welcome to join you, but the offer is yours.",
];

export default function LuxuryVendors({ loaderData }: Route.ComponentProps) {
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Luxury Vendors" title="The people we send our members to.">
        <p>
          Every vendor here has earned the recommendation of members and staff, and each extends an offer to {club.name} members alone.
          Think of it as the concierge's own address book.
        </p>
      </PageHero>

      <Section id="vendors" eyebrow="Partner vendors" title="Member offers">
        <PartnerVendorList vendors={loaderData.vendors} />
      </Section>

      <Section id="claim" eyebrow="How to claim" title="Say the name, show the credential" tone="humidor">
        <ol className="max-w-3xl list-decimal space-y-3 pl-5 text-smoke marker:text-brass">
          {claimSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-smoke">
          Offers are agreed between the club and each vendor and reviewed every quarter. Know a maker who belongs on this list, or had an
          experience that fell short? Call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </Section>
    </>
  );
}
