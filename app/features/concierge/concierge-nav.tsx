import { NavLink } from "react-router";

const pages = [
  { to: "/concierge", label: "Applications", end: true },
  { to: "/concierge/sit-downs", label: "Sit-downs", end: false },
  { to: "/concierge/waitlists", label: "Waitlists", end: false },
  { to: "/concierge/payments", label: "Payments", end: false },
  { to: "/concierge/lockers", label: "Lockers", end: false },
  { to: "/concierge/guests", label: "Guests", end: false },
  { to: "/concierge/events", label: "Calendar", end: false },
  { to: "/concierge/sms-opt-ins", label: "SMS opt-ins", end: false },
  { to: "/concierge/outbox", label: "Outbox", end: false },
  { to: "/concierge/security-events", label: "Security events", end: false },
] as const;

/** The console's sub-pages as tabs; the current one is marked with aria-current="page". */
export function ConciergeNav() {
  return (
    <nav aria-label="Concierge console" className="border-b border-cedar bg-humidor">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-2 px-5">
        {pages.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end={page.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center border-b-2 px-3 py-3 text-sm font-semibold uppercase tracking-[0.14em] ${
                  isActive ? "border-brass text-cream" : "border-transparent text-smoke hover:text-cream"
                }`
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
