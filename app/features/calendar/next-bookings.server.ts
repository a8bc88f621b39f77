import type { CalendarMember } from "#worker/features/calendar/calendar-bookings.ts";
import { formatSession, formatSitting, ownPlaceText, type NextBooking } from "./calendar-view.ts";
import { memberCalendar } from "./calendar.server.ts";

/**
 * The member's next events and Academy terms, booked or waitlisted, soonest first
 * (docs/product-rules.md#members-pages): the calendar reads of both kinds, kept to those with the
 * member's own place.
 */
export async function nextBookings(db: D1Database, member: CalendarMember, now: number, limit: number): Promise<NextBooking[]> {
  const [events, terms] = await Promise.all([memberCalendar(db, member, now, "event"), memberCalendar(db, member, now, "course")]);
  return [...events, ...terms]
    .flatMap((listing) => (listing.booking && listing.status === "scheduled" ? [{ ...listing, booking: listing.booking }] : []))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .slice(0, limit)
    .map((listing) => {
      const first = listing.sessions[0] ?? listing;
      return {
        id: listing.id,
        title: listing.title,
        href: listing.kind === "event" ? `/members/events/${encodeURIComponent(listing.id)}` : `/members/academy#term-${listing.id}`,
        startsAt: listing.startsAt,
        when:
          listing.kind === "event"
            ? formatSitting(listing.startsAt, listing.endsAt)
            : `From ${formatSession(first.startsAt, first.endsAt)}`,
        place: ownPlaceText(listing.booking),
      };
    });
}
