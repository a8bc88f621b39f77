import { Link } from "react-router";
import type { Route } from "./+types/partners";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, lounges } from "../site-config.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Partner Locations",
    description: `The three ${club.name} lounges in Portland and the tobacconists, restaurants and hotels in other cities that extend reciprocal privileges to members.`,
  });

/** Reciprocal partners outside Portland. The names are the club's own, not real businesses. */
const partners = [
  {
    name: "Ravelston Tobacconists",
    kind: "Tobacconist and lounge",
    city: "Seattle, Washington · Pioneer Square",
    privilege: "The sitting fee in the back lounge is waived, and they hold a travel box of up to 20 cigars for 30 days.",
  },
  {
    name: "Aldous & Finch Cigar Merchants",
    kind: "Tobacconist",
    city: "San Francisco, California · Jackson Square",
    privilege: "Members see the allocation shelf and may reserve from it by phone before arriving.",
  },
  {
    name: "Kestrel Leaf Cigar Company",
    kind: "Tobacconist and lounge",
    city: "Boise, Idaho · Downtown",
    privilege: "A lounge chair and a locker slot for the length of your stay, with one guest welcomed without a fee.",
  },
  {
    name: "Tallowmere Chophouse",
    kind: "Restaurant",
    city: "Bend, Oregon · Old Mill District",
    privilege: "A members' table held until 8 pm, corkage waived, and an after-dinner seat by the open-air fire terrace.",
  },
  {
    name: "The Ostrander House",
    kind: "Hotel",
    city: "Scottsdale, Arizona · Old Town",
    privilege: "The member rate, a humidor cabinet in your room on request, and evenings on the cigar terrace.",
  },
  {
    name: "The Calloway Quay Hotel",
    kind: "Hotel",
    city: "Nashville, Tennessee · The Gulch",
    privilege: "The member rate, late checkout and a reserved seat in the residents' cigar library off the lobby.",
  },
];

export default function Partners() {
  return (
    <>
      <PageHero eyebrow="Partner Locations" title="A chair kept for you, here and elsewhere.">
        <p>
          Three lounges in Portland, and a short list of houses in other cities that know our members by name. Show your member login at the
          door and the welcome is the same.
        </p>
      </PageHero>

      <Section id="our-lounges" eyebrow="Portland" title="The society's own lounges">
        <ul className="grid gap-6 md:grid-cols-3">
          {lounges.map((lounge) => (
            <li key={lounge.path} className="rounded-sm border border-cedar p-6">
              <h3 className="text-2xl text-cream">
                <Link to={lounge.path} className="hover:text-brass">
                  {lounge.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-brass">{lounge.neighbourhood}</p>
              <p className="mt-3 text-smoke">{lounge.summary}</p>
              <p className="mt-3 text-sm text-smoke">{lounge.hours}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="reciprocal" eyebrow="Reciprocal privileges" title="Partner houses in other cities" tone="humidor">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((partner) => (
            <li key={partner.name} className="rounded-sm border border-cedar bg-night p-6">
              <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{partner.kind}</p>
              <h3 className="mt-2 text-2xl text-cream">{partner.name}</h3>
              <p className="mt-1 text-sm text-smoke">{partner.city}</p>
              <p className="mt-3 text-smoke">{partner.privilege}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title="How reciprocity works">
        <ol className="max-w-3xl list-decimal space-y-3 pl-5 text-smoke marker:text-brass">
          <li>Call the office at least 48 hours before you travel; the concierge sends a letter of introduction ahead of you.</li>
          <li>Privileges are for members in good standing. Your guests are welcome under the partner's own guest rules.</li>
          <li>The partner's house rules apply in their rooms, and ours apply to you wherever you carry our name.</li>
          <li>Every partner checks photo ID and admits no one under {club.minimumAge}.</li>
          <li>Members of partner houses visiting Portland may use the Kickback Lounge twice a quarter as our guests.</li>
        </ol>
      </Section>

      <Section id="join-the-list" title="Partner with the society" tone="humidor">
        <p className="max-w-3xl text-lg text-smoke">
          Tobacconists, restaurants and hotels who would like to welcome our members can reach the office on{" "}
          <a href={`tel:${club.officePhone.e164}`} className="text-brass underline">
            {club.officePhone.display}
          </a>
          . We add no more than two houses a year, and we visit each one first. Cigar makers and brands, see{" "}
          <Link to="/manufacturer-partnership" className="text-brass underline">
            manufacturer partnership
          </Link>
          .
        </p>
        <div className="mt-8">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
        </div>
      </Section>
    </>
  );
}
