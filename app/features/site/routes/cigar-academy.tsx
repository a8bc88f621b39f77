import { Link } from "react-router";
import type { Route } from "./+types/cigar-academy";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, membershipTiers } from "../site-config.ts";
import { courseNames, tiersWithCourse, type CourseSlug } from "../tier-entitlements.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cigar Academy",
    description: `Four courses at the ${club.name} Cigar Academy in Portland: Foundations, Blending & Terroir, Humidor Craft and the Sommelier Pairing masterclass.`,
  });

interface Course {
  slug: CourseSlug;
  format: string;
  summary: string;
  topics: string[];
}

/** Each course's name, and the tiers that include it, come from the tier entitlements (tier-entitlements.ts). */
const courses: Course[] = [
  {
    slug: "foundations",
    format: "Four Tuesday evenings, 90 minutes each",
    summary: "Everything a new member wishes someone had told them at the shop counter.",
    topics: ["Wrapper, binder and filler", "Shapes and ring gauges", "Cutting, toasting and lighting", "Reading the burn and the ash"],
  },
  {
    slug: "blending-terroir",
    format: "Six Wednesday evenings, two hours each",
    summary: "Why a Jalapa wrapper tastes nothing like one from the Connecticut River Valley.",
    topics: [
      "Primings: volado, seco and ligero",
      "Estelí, Jalapa, Condega and the Cibao Valley",
      "Fermentation and aging",
      "A blind blend, built from loose leaf",
    ],
  },
  {
    slug: "humidor-craft",
    format: "Three Saturday mornings, 10 am to noon",
    summary: "Keeping a collection at its best for years, not weeks.",
    topics: [
      "Seasoning Spanish cedar",
      "Holding 65–70% humidity",
      "Calibrating a hygrometer with the salt test",
      "Tobacco beetles, and the freezer",
    ],
  },
  {
    slug: "sommelier-pairing",
    format: "One evening a term, three hours, with a guest sommelier",
    summary: "Three cigars, each paired with wine, a spirit and coffee, and argued over at length.",
    topics: [
      "Willamette Valley Pinot Noir and a Connecticut shade",
      "Aged rum, port and the maduro wrapper",
      "Single malt against Nicaraguan ligero",
      "Why coffee forgives almost anything",
    ],
  },
];

/** The tiers that include a course, by name: "Business, Platinum". */
const tierNames = (course: CourseSlug) =>
  membershipTiers
    .filter((tier) => tiersWithCourse(course).includes(tier.slug))
    .map((tier) => tier.name)
    .join(", ");

const terms = [
  { term: "Winter term", months: "January to March", runs: "Foundations, Blending & Terroir and the masterclass" },
  { term: "Spring term", months: "April to June", runs: "Foundations, Humidor Craft and the masterclass" },
  { term: "Autumn term", months: "September to November", runs: "All four courses" },
];

export default function CigarAcademy() {
  return (
    <>
      <PageHero eyebrow="Cigar Academy" title="Learn the leaf, from seed to ash.">
        <p>
          Four courses taught at small tables in the Business Lounge library, with real tobacco in hand and a certificate the club frames
          and hangs by your locker.
        </p>
      </PageHero>

      <Section id="courses" title="The four courses">
        <ul className="grid gap-6 md:grid-cols-2">
          {courses.map((course) => (
            <li key={course.slug} className="flex flex-col rounded-sm border border-cedar p-7">
              <h3 className="text-3xl text-cream">{courseNames[course.slug]}</h3>
              <p className="mt-2 text-smoke">{course.summary}</p>
              <p className="mt-4 text-sm text-brass">{course.format}</p>
              <DiamondList items={course.topics} className="mt-4 flex-1 space-y-2 text-sm" />
              <p className="mt-6 border-t border-cedar pt-4 text-sm text-cream">Included with: {tierNames(course.slug)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          Courses outside your tier may be added when seats remain; ask the concierge for the term's fee.{" "}
          <Link to="/memberships" className="text-brass underline">
            See what each tier includes
          </Link>
          .
        </p>
      </Section>

      <Section id="schedule" title="Three terms a year" tone="humidor">
        <ul className="grid gap-6 md:grid-cols-3">
          {terms.map((term) => (
            <li key={term.term} className="border-l-2 border-brass-deep pl-5">
              <h3 className="text-2xl text-cream">{term.term}</h3>
              <p className="mt-1 text-sm text-brass">{term.months}</p>
              <p className="mt-2 text-smoke">{term.runs}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          There are no classes in July and August, when the society moves outdoors to the Member Yards. Enrollment opens to members three
          weeks before each term.
        </p>
      </Section>

      <Section id="format" title="How a class runs">
        <ul className="grid max-w-4xl gap-4 text-smoke sm:grid-cols-2">
          <li className="rounded-sm border border-cedar p-5">Ten seats a table, twelve for the masterclass, so everyone is heard.</li>
          <li className="rounded-sm border border-cedar p-5">
            Every cigar smoked in class is included, along with water and coffee at each place.
          </li>
          <li className="rounded-sm border border-cedar p-5">Tasting sheets and notes to keep; nothing to memorize, no examinations.</li>
          <li className="rounded-sm border border-cedar p-5">
            You may set a cigar down at any point. Appreciation is the lesson, not consumption.
          </li>
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">
          The Academy is for members and their guests aged {club.minimumAge} and over.{" "}
          <Link to="/public-health" className="text-brass underline">
            Our public health page
          </Link>{" "}
          says plainly what cigars do to the body.
        </p>
        <div className="mt-8">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
        </div>
      </Section>
    </>
  );
}
