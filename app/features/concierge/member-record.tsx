import type { ReactNode } from "react";
import { cellClasses, ConsoleTable } from "./console-table.tsx";
import { Section } from "#app/ui/section.tsx";
import type { loader } from "./routes/member.tsx";

export type MemberPage = Awaited<ReturnType<typeof loader>>;

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`border-t border-cedar py-3${wide ? " sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold uppercase tracking-[0.18em] text-brass">{label}</dt>
      <dd className="mt-1 text-cream">{children}</dd>
    </div>
  );
}

const empty = (text: string) => <p className="mt-3 text-smoke">{text}</p>;

/** One part of the member's record, under the section's heading. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-2xl text-cream">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The member's record on their console page, with the actions placed after the summary. */
export function MemberRecordSections({ page, actions }: { page: MemberPage; actions: ReactNode }) {
  const { member } = page;
  return (
    <>
      <Section id="member-summary" eyebrow={member.roleName === "Member" ? "Member" : member.roleName} title={member.name}>
        <div className="grid gap-8 md:grid-cols-[12rem_1fr]">
          <div>
            {member.hasPhoto ? (
              <img
                src={`/concierge/members/${member.id}/photo?v=${member.photoVersion ?? ""}`}
                alt={`Photo of ${member.name}`}
                width={192}
                height={240}
                className="aspect-[4/5] w-48 rounded-sm border border-cedar object-cover"
              />
            ) : (
              <div className="flex aspect-[4/5] w-48 items-center justify-center rounded-sm border border-dashed border-cedar p-4 text-center text-sm text-smoke">
                No photo yet
              </div>
            )}
          </div>
          <dl className="grid gap-x-8 sm:grid-cols-2">
            <Fact label="Email" wide>
              <span className="break-all">{member.email}</span>
              {member.emailConfirmed ? null : <span className="block text-sm text-smoke">Not yet confirmed</span>}
            </Fact>
            <Fact label="Tier">
              {member.tierName}
              {member.pendingTierName ? (
                <span className="block text-sm text-smoke">{`${member.pendingTierName} from the next renewal`}</span>
              ) : null}
            </Fact>
            <Fact label="Status">{member.statusName}</Fact>
            <Fact label="Staff role">{member.roleName}</Fact>
            <Fact label="Dues">
              {member.duesName}
              {member.paidThrough ? <span className="block text-sm text-smoke">{`Paid through ${member.paidThrough}`}</span> : null}
              {member.graceEndsAt ? <span className="block text-sm text-smoke">{`Grace until ${member.graceEndsAt}`}</span> : null}
            </Fact>
            <Fact label="Locker">
              {page.locker ?? "None"}
              {page.lockerOffer ? <span className="block text-sm text-smoke">{`Offered: ${page.lockerOffer}`}</span> : null}
            </Fact>
            <Fact label="Sponsor">
              {member.sponsor ?? (member.connection ? `Named ${member.connection} as their connection` : "None recorded")}
            </Fact>
            <Fact label="Member since">
              {member.since}
              {member.admittedBy ? <span className="block text-sm text-smoke">{`Admitted by ${member.admittedBy}`}</span> : null}
            </Fact>
          </dl>
        </div>
      </Section>
      {actions}
      <Section id="member-history" eyebrow="Record" title="Dues, guests, bookings and check-ins">
        <div className="grid gap-12">
          <Part id="member-dues" title="Dues ledger">
            {page.ledger.length === 0 ? (
              empty("No charges or payments recorded.")
            ) : (
              <ConsoleTable
                id="ledger-table"
                caption="Dues ledger, newest first"
                columns={["Date", "Entry", "Amount", "Description", "Method"]}
              >
                {page.ledger.map((entry) => (
                  <tr key={entry.id}>
                    <td className={cellClasses}>{entry.when}</td>
                    <td className={cellClasses}>{entry.kind}</td>
                    <td className={cellClasses}>{entry.amount}</td>
                    <td className={cellClasses}>{entry.description}</td>
                    <td className={cellClasses}>{entry.method}</td>
                  </tr>
                ))}
              </ConsoleTable>
            )}
          </Part>
          <Part id="member-guests" title="Guests">
            {page.guests.length === 0 ? (
              empty("No guests registered.")
            ) : (
              <ConsoleTable
                id="guests-table"
                caption="Upcoming guests, soonest first, then recent ones"
                columns={["Day", "Guest", "Lounge", "Status"]}
              >
                {page.guests.map((visit) => (
                  <tr key={visit.id}>
                    <td className={cellClasses}>
                      {visit.day}
                      {visit.upcoming ? <span className="block text-xs uppercase tracking-[0.14em] text-brass">Upcoming</span> : null}
                    </td>
                    <td className={cellClasses}>{visit.name}</td>
                    <td className={cellClasses}>{visit.lounge}</td>
                    <td className={cellClasses}>{visit.status}</td>
                  </tr>
                ))}
              </ConsoleTable>
            )}
          </Part>
          <Part id="member-bookings" title="Bookings">
            {page.bookings.length === 0 ? (
              empty("No event, course or meeting room bookings.")
            ) : (
              <ConsoleTable
                id="bookings-table"
                caption="Event, course and meeting room bookings"
                columns={["When", "What", "Where", "Status"]}
              >
                {page.bookings.map((booking) => (
                  <tr key={booking.id}>
                    <td className={cellClasses}>{booking.when}</td>
                    <td className={cellClasses}>{booking.what}</td>
                    <td className={cellClasses}>{booking.where}</td>
                    <td className={cellClasses}>{booking.status}</td>
                  </tr>
                ))}
              </ConsoleTable>
            )}
          </Part>
          <Part id="member-check-ins" title="Check-ins at the door">
            {page.checkIns.length === 0 ? (
              empty("No check-ins at the door yet.")
            ) : (
              <ConsoleTable id="check-ins-table" caption="Check-ins, newest first" columns={["When", "Lounge", "How"]}>
                {page.checkIns.map((checkIn) => (
                  <tr key={checkIn.id}>
                    <td className={cellClasses}>{checkIn.when}</td>
                    <td className={cellClasses}>{checkIn.lounge}</td>
                    <td className={cellClasses}>{checkIn.how}</td>
                  </tr>
                ))}
              </ConsoleTable>
            )}
          </Part>
        </div>
      </Section>
    </>
  );
}
