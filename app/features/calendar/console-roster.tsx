import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { Section } from "#app/ui/section.tsx";

/** One line of the booked list or the waitlist, formatted on the server (console-roster.server.ts). */
export interface RosterLine {
  bookingId: string;
  name: string;
  email: string;
  tierName: string;
  /** The guests by name ("Avery Hale, Blair Stone"), an unnamed plus-one of an old RSVP counted. */
  guests: string;
  bookedAtLabel: string;
  promotedAtLabel: string | null;
  reserved: boolean;
}

/**
 * A listing's booked list and its waitlist in order (docs/product-rules.md#calendar, Staff), with
 * the link to the same lists as CSV. A course term's list has no guests or reserved places.
 */
export function ListingRoster({
  kind,
  confirmed,
  waitlisted,
  placesBooked,
  capacity,
  csvPath,
}: {
  kind: "event" | "course";
  confirmed: RosterLine[];
  waitlisted: RosterLine[];
  placesBooked: number;
  capacity: number;
  csvPath: string;
}) {
  const event = kind === "event";
  return (
    <>
      <Section id="booked" eyebrow={event ? "RSVPs" : "Roster"} title={event ? "Booked" : "Enrolled"} tone="humidor">
        <p className="text-smoke">
          {confirmed.length === 0
            ? "Nobody has booked yet."
            : `${confirmed.length} ${confirmed.length === 1 ? "member" : "members"}, ${event ? `${placesBooked} of ${capacity} places with their guests` : `${placesBooked} of ${capacity} seats`}, first booked first.`}{" "}
          <a href={csvPath} download className="text-cream underline decoration-brass hover:text-brass">
            Download the lists as CSV
          </a>
        </p>
        {confirmed.length > 0 ? (
          <ConsoleTable
            id="booked-table"
            caption={event ? "Members booked, with their guests" : "Members enrolled"}
            columns={event ? ["Member", "Tier", "Guests", "Booked", "Reserved place"] : ["Member", "Tier", "Enrolled"]}
          >
            {confirmed.map((line) => (
              <tr key={line.bookingId}>
                <td className={cellClasses}>
                  {line.name}
                  <span className="block break-all text-smoke">{line.email}</span>
                </td>
                <td className={cellClasses}>{line.tierName}</td>
                {event ? <td className={cellClasses}>{line.guests || "None"}</td> : null}
                <td className={cellClasses}>
                  {line.bookedAtLabel}
                  {line.promotedAtLabel ? <span className="block text-smoke">From the waitlist, {line.promotedAtLabel}</span> : null}
                </td>
                {event ? <td className={cellClasses}>{line.reserved ? "Yes" : "No"}</td> : null}
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
      <Section id="waitlist" eyebrow={event ? "RSVPs" : "Roster"} title="Waitlist">
        <p className="text-smoke">
          {waitlisted.length === 0
            ? "Nobody is waiting."
            : `${waitlisted.length} waiting, next in line first. When a ${event ? "place" : "seat"} frees, the first who fits is booked and emailed.`}
        </p>
        {waitlisted.length > 0 ? (
          <ConsoleTable
            id="waitlist-table"
            caption="The waitlist, next in line first"
            columns={["Position", "Member", "Tier", "Waiting since"]}
          >
            {waitlisted.map((line, index) => (
              <tr key={line.bookingId}>
                <td className={cellClasses}>{index + 1}</td>
                <td className={cellClasses}>
                  {line.name}
                  <span className="block break-all text-smoke">{line.email}</span>
                </td>
                <td className={cellClasses}>{line.tierName}</td>
                <td className={cellClasses}>{line.bookedAtLabel}</td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </Section>
    </>
  );
}
