import type { Route } from "./+types/memberships";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { DiamondList } from "#app/ui/diamond-list.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { Timeline } from "#app/ui/timeline.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { formatCents } from "#app/lib/money.ts";
import { club, formatMonthlyPrice, formatPriceRange, membershipTiers, quarterlyDuesCents } from "../site-config.ts";
import { entitlementsOf } from "../tier-entitlements.ts";
import { guestVisitLimitInWords, tierInclusions } from "../tier-inclusions.ts";
import { requestContext } from "#app/context.ts";
import { formatMonth } from "#app/features/calendar/calendar-view.ts";
import { upcomingEventTeaser } from "#app/features/calendar/calendar.server.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Memberships",
    description: `Kickback, Business and Platinum memberships at ${club.name}, from ${formatPriceRange(" to ")} a month: quarterly lockers, guest privileges, member events and the Cigar Academy.`,
  });

const membershipSteps = [
  { title: "1. An introduction", body: "A current member vouches for you, or you ask for an executive invitation." },
  { title: "2. A sit-down", body: "Forty-five minutes with the concierge in the lounge of your choice." },
  { title: "3. Your key", body: "Choose a tier, receive your member login, and we offer you a locker of your tier's class." },
];

/**
 * The public teaser of the club calendar (docs/product-rules.md#members-pages): the next events'
 * months and titles, written on the server; no places and nothing about members.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const events = await upcomingEventTeaser(context.get(requestContext).env.DB, Date.now(), 4);
  return {
    events: events.map((event) => ({ key: `${event.startsAt} ${event.title}`, month: formatMonth(event.startsAt), title: event.title })),
  };
}

export default function Memberships({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Memberships" title="Three tiers. One standard of service.">
        <p>
          Every membership includes a locker, guest privileges, member events and a seat in the Cigar Academy. The tiers differ in which
          lounges open to you, how much your locker holds and how far the concierge will go.
        </p>
      </PageHero>
      <Section id="tiers" title="Choose your chair" eyebrow="Monthly dues, billed quarterly">
        <ul className="grid gap-6 lg:grid-cols-3">
          {membershipTiers.map((tier) => (
            <li
              key={tier.slug}
              className={`flex flex-col rounded-sm border p-7 ${tier.slug === "business" ? "border-brass bg-humidor" : "border-cedar"}`}
            >
              <h3 className="text-3xl text-cream">{tier.name}</h3>
              <p className="mt-2 text-smoke">{tier.summary}</p>
              <p className="mt-6">
                <span className="font-display text-5xl text-brass">{formatMonthlyPrice(tier.monthlyPrice)}</span>
                <span className="text-smoke"> a month</span>
              </p>
              <p className="mt-2 text-sm text-smoke">
                {formatCents(quarterlyDuesCents(tier))} billed quarterly; initiation fee {formatCents(tier.initiationFeeCents)}, once,
                waived when a member introduces you
              </p>
              <DiamondList items={tierInclusions(entitlementsOf(tier.slug))} className="mt-6 flex-1 space-y-3 text-sm" />
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm text-smoke">
          Dues are billed quarterly in advance. Initiation is waived for members introduced by a current member in good standing. All
          members must be {club.minimumAge} or older and accept the club rules before entering member areas. {guestVisitLimitInWords()}
        </p>
      </Section>
      <Section id="events" eyebrow="Member events" title="On the calendar" tone="humidor">
        {loaderData.events.length === 0 ? (
          <p className="text-smoke">The next season's evenings are announced to members first.</p>
        ) : (
          <ul className="grid gap-3 text-lg text-cream">
            {loaderData.events.map((event) => (
              <li key={event.key}>
                <span className="text-brass">{event.month}</span> · {event.title}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6 max-w-3xl text-sm text-smoke">
          Members book the evenings their tier includes, with their guests, from the members area.
        </p>
      </Section>
      <Section id="how-to-join" title="How membership begins">
        <Timeline entries={membershipSteps} columns="md:grid-cols-3" />
        <div className="mt-10">
          <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
        </div>
      </Section>
    </>
  );
}
