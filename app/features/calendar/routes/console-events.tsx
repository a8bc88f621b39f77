import { Link } from "react-router";
import type { Route } from "./+types/console-events";
import { conciergeMeta, listSummary } from "#app/features/concierge/console-format.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { CalendarConsoleNav } from "../console-calendar-nav.tsx";
import { ListingsTable, WhenFilter } from "../console-listings.tsx";
import { loadListings } from "../console-listings.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Events");

/**
 * /concierge/events (docs/product-rules.md#calendar, Staff): the events that have not ended, soonest
 * first, or (?when=past) those that have, newest first, each with its places booked and its
 * waitlist. The console layout admits concierges only and is never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { when, limit, lines } = await loadListings(context.get(requestContext).env.DB, "event", new URL(request.url));
  return { when, limit, events: lines };
}

export default function ConsoleEvents({ loaderData }: Route.ComponentProps) {
  const { when, events, limit } = loaderData;
  return (
    <>
      <CalendarConsoleNav />
      <Section id="events" eyebrow="Calendar" title={when === "past" ? "Past events" : "Upcoming events"}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <WhenFilter path="/concierge/events" when={when} label="Events" />
          <ButtonLink to="/concierge/events/new">New Event</ButtonLink>
        </div>
        <p className="mt-6 text-smoke">
          {events.length === 0
            ? when === "past"
              ? "No event has ended yet."
              : "No upcoming events. Create one: members whose tier includes its kind can book it at once."
            : listSummary(events.length, limit, ["event", "events"], when === "past" ? "newest" : "soonest")}
        </p>
        {events.length > 0 ? (
          <ListingsTable id="events-table" caption={when === "past" ? "Past events" : "Upcoming events"} kind="event" lines={events} />
        ) : null}
        <p className="mt-6 text-smoke">
          Courses have their terms on{" "}
          <Link to="/concierge/academy" className="text-cream underline decoration-brass">
            the Academy page
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
