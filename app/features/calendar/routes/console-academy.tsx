import { Link } from "react-router";
import type { Route } from "./+types/console-academy";
import { conciergeMeta, listSummary } from "#app/features/concierge/console-format.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { CalendarConsoleNav } from "../console-calendar-nav.tsx";
import { ListingsTable, WhenFilter } from "../console-listings.tsx";
import { loadListings } from "../console-listings.server.ts";

export const meta: Route.MetaFunction = () => conciergeMeta("Academy");

/**
 * /concierge/academy (docs/product-rules.md#calendar, Staff): the Cigar Academy's terms that have
 * not ended, soonest first, or (?when=past) those that have, with seats taken and the waitlist.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { when, limit, lines } = await loadListings(context.get(requestContext).env.DB, "course", new URL(request.url));
  return { when, limit, terms: lines };
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
