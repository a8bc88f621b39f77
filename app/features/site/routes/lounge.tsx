import type { Route } from "./+types/lounge";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { LoungeCards } from "../lounges/lounge-cards.tsx";
import { loungePages } from "../lounges/lounge-pages.tsx";
import { LoungeRoom } from "../lounges/lounge-room.tsx";
import { LoungeTimetable } from "../lounges/lounge-timetable.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { formatMonthlyPrice, lounges, membershipTiers, loungeBySlug, type Lounge } from "../site-config.ts";

/**
 * The lounge each route of this module in app/routes.ts shows, by route id: /lounges is the
 * Kickback's second address. The type lists exactly those ids, so a route without a lounge, or a
 * lounge entry without a route, fails the type check.
 */
const loungeSlugByRouteId: Record<Route.ComponentProps["matches"][1]["id"], Lounge["slug"]> = {
  lounges: "kickback",
  "lounges-kickback": "kickback",
  "lounges-business": "business",
  "lounges-platinum": "platinum",
};

function loungeFor(routeId: keyof typeof loungeSlugByRouteId) {
  const slug = loungeSlugByRouteId[routeId];
  return { lounge: loungeBySlug(slug), page: loungePages[slug] };
}

export const meta: Route.MetaFunction = (args) => {
  const { lounge, page } = loungeFor(args.matches[1].id);
  // Every address of a lounge points search engines to the one in site-config.
  return pageMeta(args, { title: page.title, description: page.description, canonicalPath: lounge.path });
};

export default function LoungePage({ matches }: Route.ComponentProps) {
  const { lounge, page } = loungeFor(matches[1].id);
  const otherLounges = lounges.filter((entry) => entry.slug !== lounge.slug);
  const admittedTiers = membershipTiers.filter((tier) => lounge.tiers.includes(tier.slug));
  // A lounge open to every tier names their prices only (what each tier is for is on
  // /memberships); a lounge for some tiers says what each is for, and one for a single tier says
  // so in brass.
  const everyTier = admittedTiers.length === membershipTiers.length;
  const singleTier = admittedTiers.length === 1;
  const tierColumns = everyTier ? "sm:grid-cols-3" : singleTier ? "sm:max-w-md" : "sm:grid-cols-2";
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={lounge.name}>
        <p>{page.introduction}</p>
      </PageHero>

      <Section id="the-room" title="The room">
        <LoungeRoom lounge={lounge} alt={page.imageAlt} details={[{ label: "Hours", value: lounge.hours }, ...page.details]} />
        {page.roomNote ? <p className="mt-8 max-w-3xl text-smoke">{page.roomNote}</p> : null}
      </Section>

      <Section id={page.timetable.id} title={page.timetable.title} tone="humidor">
        <LoungeTimetable slots={page.timetable.slots} columns={page.timetable.columns} />
        {page.timetable.note ? <p className="mt-8 max-w-3xl text-smoke">{page.timetable.note}</p> : null}
      </Section>

      <Section id="who-may-use-it" title={page.admission.title}>
        <ul className={`grid gap-4 ${tierColumns}`}>
          {admittedTiers.map((tier) => (
            <li key={tier.slug} className={`rounded-sm border ${singleTier ? "border-brass" : "border-cedar"} p-5`}>
              <h3 className="text-2xl text-cream">
                {tier.name}
                {singleTier ? " only" : null}
              </h3>
              <p className="mt-1 text-brass">{formatMonthlyPrice(tier.monthlyPrice)} a month</p>
              {everyTier ? null : <p className="mt-2 text-smoke">{tier.summary}</p>}
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-smoke">{page.admission.note}</p>
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
