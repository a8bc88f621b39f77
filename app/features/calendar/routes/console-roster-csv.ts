import { data } from "react-router";
import type { Route } from "./+types/console-roster-csv";
import { memberContext, requestContext } from "#app/context.ts";
import { portlandDay } from "#app/features/member-area/member-dates.ts";
import { consoleListing, listingBookings } from "../console-calendar.server.ts";
import { rosterCsv } from "../console-roster.server.ts";

/**
 * /concierge/events/:id.csv and /concierge/academy/:id.csv: a listing's booked list and waitlist
 * for a spreadsheet (docs/product-rules.md#calendar, Staff). Under the console layout, so only a
 * concierge gets it (a 404 for anyone else); private, no-store; every export is a security event,
 * as the applications' export is.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env, logSecurityEvent } = context.get(requestContext);
  const kind = new URL(request.url).pathname.startsWith("/concierge/academy/") ? "course" : "event";
  const listing = await consoleListing(env.DB, kind, params.id);
  if (!listing) throw data(null, { status: 404 });
  const roster = await listingBookings(env.DB, listing.id);
  logSecurityEvent({
    eventType: "sensitive_read",
    severity: "low",
    description: `${kind === "event" ? "event" : "course term"} bookings exported as CSV`,
    userId: context.get(memberContext).id,
    details: { export: `${kind}.csv`, listingId: listing.id, rows: roster.confirmed.length + roster.waitlisted.length },
  });
  // Named by the Portland day it starts: a 7 pm event is that evening's, not the next UTC day's.
  const filename = `${kind === "event" ? "event" : "term"}-${portlandDay(new Date(listing.startsAt))}.csv`;
  return new Response(rosterCsv(roster), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
