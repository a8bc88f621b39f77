import { Link } from "react-router";
import type { NextBooking } from "./calendar-view.ts";

/** "Your next bookings" on /members (docs/product-rules.md#members-pages): each links to its page. */
export function NextBookings({ bookings }: { bookings: NextBooking[] }) {
  if (bookings.length === 0) {
    return <p className="text-smoke">Nothing booked yet. The events and Academy terms your membership includes are a click away.</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {bookings.map((booking) => (
        <li key={booking.id} className="rounded-sm border border-cedar p-5">
          <h3 className="text-xl text-cream">
            <Link to={booking.href} className="underline decoration-brass underline-offset-4 hover:text-brass">
              {booking.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-smoke">
            <time dateTime={booking.startsAt}>{booking.when}</time>
          </p>
          <p className="mt-2 font-semibold text-brass">{booking.place}</p>
        </li>
      ))}
    </ul>
  );
}
