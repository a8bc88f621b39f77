import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { queryFields } from "#app/features/concierge/concierge-forms.ts";
import { loungeBySlug } from "#app/features/site/site-config.ts";
import { bookableBy, categoryLabel } from "./console-calendar-view.ts";
import { consoleListingsQuery } from "./console-forms.ts";
import { CONSOLE_LIST_LIMIT, listConsoleListings } from "./console-calendar.server.ts";
import type { ListingLine } from "./console-listings.tsx";

/**
 * /concierge/events or /concierge/academy (docs/product-rules.md#calendar, Staff): the listings of
 * `kind` that have not ended, or (?when=past) those that have, as the list's lines; an event's
 * places say how many are reserved.
 */
export async function loadListings(db: D1Database, kind: "event" | "course", url: URL) {
  const { when } = consoleListingsQuery.parse(queryFields(url));
  const rows = await listConsoleListings(db, kind, when, Date.now());
  return {
    when,
    limit: CONSOLE_LIST_LIMIT,
    lines: rows.map((row): ListingLine => ({
      id: row.id,
      title: row.title,
      category: `${categoryLabel(kind, row.category)} (${bookableBy(kind, row.category)})`,
      lounge: loungeBySlug(row.lounge).name,
      startsAtLabel: formatConsoleTime(row.startsAt) ?? row.startsAt,
      places: `${row.placesBooked} of ${row.capacity}${kind === "event" && row.reservedPlaces > 0 ? ` (${row.reservedPlaces} reserved)` : ""}`,
      waitlisted: row.waitlisted,
      cancelled: row.status === "cancelled",
    })),
  };
}
