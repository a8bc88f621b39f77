import { NavLink } from "react-router";

/**
 * The club calendar's pages, linked from each of them and from /members (docs/product-rules.md#members-pages):
 * the header carries one "Calendar" link (to events), and this row reaches the rest. Meeting rooms
 * show only for a tier that includes them.
 */
export function CalendarLinks({ meetingRooms }: { meetingRooms: boolean }) {
  const links = [
    { to: "/members/events", label: "Events" },
    { to: "/members/academy", label: "Cigar Academy" },
    ...(meetingRooms ? [{ to: "/members/meeting-rooms", label: "Meeting rooms" }] : []),
    { to: "/members/calendar", label: "Calendar feed" },
  ];
  return (
    <nav aria-label="Club calendar" className="mt-8">
      <ul className="flex flex-wrap gap-x-2 gap-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-sm border px-4 text-sm font-semibold tracking-wide ${
                  isActive ? "border-brass bg-brass text-night" : "border-cedar text-cream hover:border-brass hover:text-brass"
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
