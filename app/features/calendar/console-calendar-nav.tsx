import { NavLink } from "react-router";

/** The calendar section's staff pages (the console's "Calendar" tab is current on each: concierge-nav.tsx). */
export const calendarConsolePages = [
  { to: "/concierge/events", label: "Events" },
  { to: "/concierge/academy", label: "Academy" },
  { to: "/concierge/meeting-rooms", label: "Meeting rooms" },
] as const;

/**
 * The calendar's staff pages link each other (the console's one "Calendar" tab opens the events):
 * Events · Academy · Meeting rooms, the current one marked with aria-current="page".
 */
export function CalendarConsoleNav() {
  return (
    <nav aria-label="Calendar" className="mx-auto max-w-6xl px-5 pt-8">
      <ul className="flex flex-wrap gap-x-1 text-sm">
        {calendarConsolePages.map((page, index) => (
          <li key={page.to} className="flex items-center">
            {index > 0 ? (
              <span aria-hidden="true" className="px-2 text-smoke">
                ·
              </span>
            ) : null}
            <NavLink
              to={page.to}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center px-1 font-semibold underline-offset-4 ${isActive ? "text-cream underline decoration-brass" : "text-smoke hover:text-cream"}`
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
