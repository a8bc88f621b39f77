import { Link } from "react-router";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";

/** One listing in a console list, formatted on the server. */
export interface ListingLine {
  id: string;
  title: string;
  /** The kind or course, with who may book it. */
  category: string;
  lounge: string;
  startsAtLabel: string;
  /** "18 of 24". */
  places: string;
  waitlisted: number;
  cancelled: boolean;
}

/**
 * Upcoming or past: two links, so each list has its own address and needs no script
 * (docs/product-rules.md#calendar, Staff).
 */
export function WhenFilter({ path, when, label }: { path: string; when: "upcoming" | "past"; label: string }) {
  const linkClasses = (current: boolean) =>
    `inline-flex min-h-11 items-center px-3 font-semibold ${current ? "text-cream underline decoration-brass underline-offset-4" : "text-smoke hover:text-cream"}`;
  return (
    <nav aria-label={`${label}: upcoming or past`}>
      <ul className="flex gap-2 text-sm">
        <li>
          <Link to={path} aria-current={when === "upcoming" ? "page" : undefined} className={linkClasses(when === "upcoming")}>
            Upcoming
          </Link>
        </li>
        <li>
          <Link to={`${path}?when=past`} aria-current={when === "past" ? "page" : undefined} className={linkClasses(when === "past")}>
            Past
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Events or terms with places booked and waiting; each title opens its page. */
export function ListingsTable({
  id,
  caption,
  kind,
  lines,
}: {
  id: string;
  caption: string;
  kind: "event" | "course";
  lines: ListingLine[];
}) {
  const base = kind === "event" ? "/concierge/events" : "/concierge/academy";
  return (
    <ConsoleTable
      id={id}
      caption={caption}
      columns={[
        kind === "event" ? "Event" : "Term",
        kind === "event" ? "Kind" : "Course",
        "Lounge",
        "Starts",
        kind === "event" ? "Places booked" : "Seats taken",
        "Waitlist",
      ]}
    >
      {lines.map((line) => (
        <tr key={line.id}>
          <td className={cellClasses}>
            <Link to={`${base}/${line.id}`} className="text-cream underline decoration-brass hover:text-brass">
              {line.title}
            </Link>
            {line.cancelled ? <span className="block font-semibold text-warning">Cancelled</span> : null}
          </td>
          <td className={cellClasses}>{line.category}</td>
          <td className={cellClasses}>{line.lounge}</td>
          <td className={cellClasses}>{line.startsAtLabel}</td>
          <td className={cellClasses}>{line.places}</td>
          <td className={cellClasses}>{line.waitlisted}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
