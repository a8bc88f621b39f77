import { Link, matchPath, useLocation } from "react-router";
import { calendarConsolePages } from "#app/features/calendar/console-calendar-nav.tsx";

/** Each tab, and the paths it is current on: its own and below (all but the first), or its section's pages. */
const pages: { to: string; label: string; end: boolean; section?: readonly string[] }[] = [
  { to: "/concierge", label: "Applications", end: true },
  { to: "/concierge/dashboard", label: "Dashboard", end: false },
  { to: "/concierge/sit-downs", label: "Sit-downs", end: false },
  { to: "/concierge/waitlists", label: "Waitlists", end: false },
  { to: "/concierge/members", label: "Members", end: false },
  { to: "/concierge/payments", label: "Payments", end: false },
  { to: "/concierge/lockers", label: "Lockers", end: false },
  { to: "/concierge/guests", label: "Guests", end: false },
  { to: "/concierge/events", label: "Calendar", end: false, section: calendarConsolePages.map((page) => page.to) },
  { to: "/concierge/sms-opt-ins", label: "SMS opt-ins", end: false },
  { to: "/concierge/messages", label: "Messages", end: false },
  { to: "/concierge/outbox", label: "Outbox", end: false },
  { to: "/concierge/audit-log", label: "Audit log", end: false },
  { to: "/concierge/exports", label: "Exports", end: false },
  // The door is a page of its own (door staff use it too); concierges reach it from here.
  { to: "/door", label: "Door", end: false },
];

/** Whether the tab is current at `pathname`, by NavLink's rule (the path, or any below it unless `end`) on each of its section's paths. */
function isCurrent({ to, end, section = [to] }: (typeof pages)[number], pathname: string): boolean {
  return section.some((path) => matchPath({ path, end }, pathname) !== null);
}

/** The console's sub-pages as tabs; the current one is marked with aria-current="page". */
export function ConciergeNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Concierge console" className="border-b border-cedar bg-humidor">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-2 px-5">
        {pages.map((page) => {
          const current = isCurrent(page, pathname);
          return (
            <li key={page.to}>
              <Link
                to={page.to}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-3 py-3 text-sm font-semibold uppercase tracking-[0.14em] ${
                  current ? "border-brass text-cream" : "border-transparent text-smoke hover:text-cream"
                }`}
              >
                {page.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
