import { Link } from "react-router";
import type { Route } from "./+types/member-events";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { club, loungeBySlug } from "#app/features/site/site-config.ts";
import { entitlementsOf } from "#app/features/site/tier-entitlements.ts";
import { tierNamesInWords } from "#app/features/site/tier-inclusions.ts";
import { memberWithAcceptedRules } from "#app/features/member-area/member-area.server.ts";
import { requestContext } from "#app/context.ts";
import { CalendarLinks } from "../calendar-links.tsx";
import { formatSitting, ownPlaceText, placesText } from "../calendar-view.ts";
import { memberCalendar } from "../calendar.server.ts";

/**
 * /members/events (docs/product-rules.md#members-pages): the upcoming events the member's tier
 * includes (and any other where they still hold a place), soonest first, each with its time in Portland, its lounge, the tiers it is for, the
 * places left and the member's own place; each links to its page, where the member books.
 */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Member Events",
    description: `The evenings ahead at ${club.name}: tasting nights, patio evenings and master blender dinners your membership includes.`,
  }),
  { name: "robots", content: "noindex" },
];

const notIncluded = "Not included in your membership: you may cancel your place";

/** The events of the member's tier, and any other where they hold a place; null while the rules step shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const member = memberWithAcceptedRules(context);
  if (!member) return null;
  const now = Date.now();
  const events = await memberCalendar(context.get(requestContext).env.DB, member, now, "event");
  return {
    meetingRooms: entitlementsOf(member.tier).meetingRooms,
    events: events.map((event) => {
      return {
        id: event.id,
        title: event.title,
        startsAt: event.startsAt,
        when: formatSitting(event.startsAt, event.endsAt),
        loungeName: loungeBySlug(event.lounge).name,
        tiers: tierNamesInWords(event.tiers),
        // The list holds scheduled events only; after the cut-off a place can only be cancelled. An event
        // the tier no longer includes is listed only for the member's place there, to cancel on its page.
        places: !event.included ? notIncluded : event.state === "closed" ? "RSVPs closed" : placesText(event),
        own: event.booking ? ownPlaceText(event.booking) : null,
      };
    }),
  };
}

export default function MemberEvents({ loaderData }: Route.ComponentProps) {
  // The member-area layout shows the rules step instead of this page until they are accepted.
  if (!loaderData) return null;
  return (
    <>
      <PageHero eyebrow="Club calendar" title="Evenings ahead">
        <p>The events your membership includes, soonest first. Times are Portland time.</p>
        <CalendarLinks meetingRooms={loaderData.meetingRooms} />
      </PageHero>
      <Section id="events" eyebrow="Member events" title="Upcoming events">
        {loaderData.events.length === 0 ? (
          <p className="text-smoke">No events are on the calendar yet. The concierge announces each one here first.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {loaderData.events.map((event) => (
              <li key={event.id}>
                <article aria-labelledby={`event-${event.id}-title`} className="flex h-full flex-col rounded-sm border border-cedar p-6">
                  <p className="text-xs font-semibold uppercase tracking-[0.25em] text-brass">{event.loungeName}</p>
                  <h3 id={`event-${event.id}-title`} className="mt-2 text-2xl text-cream">
                    <Link to={`/members/events/${event.id}`} className="underline decoration-brass underline-offset-4 hover:text-brass">
                      {event.title}
                    </Link>
                  </h3>
                  <p className="mt-1 text-cream">
                    <time dateTime={event.startsAt}>{event.when}</time>
                  </p>
                  <dl className="mt-4 grid flex-1 grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm">
                    <dt className="text-smoke">For</dt>
                    <dd className="text-cream">{event.tiers}</dd>
                    <dt className="text-smoke">Places</dt>
                    <dd className="text-cream">{event.places}</dd>
                    {event.own ? (
                      <>
                        <dt className="text-smoke">You</dt>
                        <dd className="font-semibold text-brass">{event.own}</dd>
                      </>
                    ) : null}
                  </dl>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
