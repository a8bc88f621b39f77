import type { Route } from "./+types/luxury-vendors";
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
    title: "Luxury Vendors",
    description: `Portland tailors, leatherworkers, cabinetmakers and car services who extend private offers to ${club.name} members, and how to claim them.`,
  }),
  { name: "robots", content: "noindex" },
];

interface Vendor {
  name: string;
  craft: string;
  area: string;
  about: string;
  offer: string;
}

const vendors: Vendor[] = [
  {
    name: "Harrow & Vane Tailors",
    craft: "Bespoke tailoring",
    area: "Northwest Portland",
    about: "Suits, jackets and overcoats cut and sewn in their own workroom, with cloths from English and Italian mills.",
    offer: "A complimentary first fitting and 15% off your first bespoke jacket.",
  },
  {
    name: "Larch Street Leather",
    craft: "Leather goods",
    area: "Central Eastside",
    about: "Hand-stitched cigar cases, travel rolls and weekend bags in vegetable-tanned leather.",
    offer: "Free monogramming on any cigar case or bag, and a repair service for life.",
  },
  {
    name: "Fernhill Cabinetmakers",
    craft: "Humidors and cabinetry",
    area: "Sellwood",
    about: "Commissioned humidor cabinets in Spanish cedar and walnut, built to hold a collection for decades.",
    offer: "10% off a commissioned humidor and a free humidity calibration visit in the first year.",
  },
  {
    name: "Meridian Horology",
    craft: "Watch care",
    area: "Downtown",
    about: "An independent watchmaker servicing mechanical watches, from daily wearers to grand complications.",
    offer: "A complimentary inspection and pressure test, and priority on the service bench.",
  },
  {
    name: "Ashgrove Car Service",
    craft: "Chauffeured cars",
    area: "Citywide",
    about: "Discreet black cars and professional drivers, for the airport, client dinners and the ride home.",
    offer: "Priority booking from any lounge until closing, and a member rate on late-night rides.",
  },
  {
    name: "Copperline Barbers",
    craft: "Barbering",
    area: "Pearl District",
    about: "Hot-towel shaves, beard work and classic cuts in a four-chair shop two streets from the Kickback Lounge.",
    offer: "Members' chair held on Friday afternoons, and a hot-towel shave on your first visit.",
  },
];

const claimSteps = [
  "Mention your membership when you book, and show your member credential when you arrive.",
  "For fittings, commissions and appointments, the concierge will make the introduction and tell the vendor to expect you.",
  "Offers are personal to members. A plus-one is welcome to join you, but the offer is yours.",
];

export default function LuxuryVendors() {
  return (
    <>
      <PageHero eyebrow="Luxury Vendors" title="The people we send our members to.">
        <p>
          Every vendor here has earned the recommendation of members and staff, and each extends an offer to{" "}
          {club.name} members alone. Think of it as the concierge's own address book.
        </p>
      </PageHero>

      <Section id="vendors" eyebrow="Partner vendors" title="Member offers">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {vendors.map((vendor) => (
            <li key={vendor.name} className="flex flex-col rounded-sm border border-cedar p-6">
              <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{vendor.craft}</p>
              <h3 className="mt-2 text-2xl text-cream">{vendor.name}</h3>
              <p className="mt-1 text-sm text-smoke">{vendor.area}</p>
              <p className="mt-3 flex-1 text-smoke">{vendor.about}</p>
              <p className="mt-4 border-t border-cedar pt-4 text-cream">
                <span className="text-brass">Member offer: </span>
                {vendor.offer}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="claim" eyebrow="How to claim" title="Say the name, show the credential" tone="humidor">
        <ol className="max-w-3xl list-decimal space-y-3 pl-5 text-smoke marker:text-brass">
          {claimSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-smoke">
          Offers are agreed between the club and each vendor and reviewed every quarter. Know a maker who belongs on
          this list, or had an experience that fell short? Call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </Section>
    </>
  );
}
