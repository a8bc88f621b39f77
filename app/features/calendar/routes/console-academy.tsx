import { Link } from "react-router";
import type { Route } from "./+types/console-academy";
import { conciergeMeta, formatConsoleTime, listSummary } from "#app/features/concierge/console-format.ts";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { CalendarConsoleNav } from "../console-calendar-nav.tsx";
import { bookableBy, categoryLabel } from "../console-calendar-view.ts";
import { consoleListingsQuery } from "../console-forms.ts";
import { CONSOLE_LIST_LIMIT, listConsoleListings } from "../console-calendar.server.ts";
import { ListingsTable, WhenFilter, type ListingLine } from "../console-listings.tsx";

export const meta: Route.MetaFunction = () => conciergeMeta("Academy");

/**
 * /concierge/academy (docs/product-rules.md#calendar, Staff): the Cigar Academy's terms that have
 * not ended, soonest first, or (?when=past) those that have, with seats taken and the waitlist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { when } = consoleListingsQuery.parse(queryFields(new URL(request.url)));
  const terms = await listConsoleListings(env.DB, "course", when, Date.now());
  return {
    when,
    limit: CONSOLE_LIST_LIMIT,
    terms: terms.map((term): ListingLine => ({
      id: term.id,
      title: term.title,
      category: `${categoryLabel("course", term.category)} (${bookableBy("course", term.category)})`,
      lounge: loungeBySlug(term.lounge).name,
      startsAtLabel: formatConsoleTime(term.startsAt) ?? term.startsAt,
      places: `${term.placesBooked} of ${term.capacity}`,
      waitlisted: term.waitlisted,
      cancelled: term.status === "cancelled",
    })),
  };
}

export default function ConsoleAcademy({ loaderData }: Route.ComponentProps) {
  const { when, terms, limit } = loaderData;
  return (
    <>
      <CalendarConsoleNav />
      <Section id="terms" eyebrow="Cigar Academy" title={when === "past" ? "Past terms" : "Upcoming terms"}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <WhenFilter path="/concierge/academy" when={when} label="Terms" />
          <ButtonLink to="/concierge/academy/new">New Term</ButtonLink>
        </div>
        <p className="mt-6 text-smoke">
          {terms.length === 0
            ? when === "past"
              ? "No term has ended yet."
              : "No upcoming terms. Create one: enrolment opens three weeks before its first session."
            : listSummary(terms.length, limit, ["term", "terms"], when === "past" ? "newest" : "soonest")}
        </p>
        {terms.length > 0 ? (
          <ListingsTable id="terms-table" caption={when === "past" ? "Past terms" : "Upcoming terms"} kind="course" lines={terms} />
        ) : null}
        <p className="mt-6 text-smoke">
          Member events are on{" "}
          <Link to="/concierge/events" className="text-cream underline decoration-brass">
            the Events page
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
