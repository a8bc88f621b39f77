import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { csvCell } from "#app/features/admissions/pipeline-csv.server.ts";
import { tierBySlug } from "#app/features/site/site-config.ts";
import type { RosterRow } from "./console-calendar.server.ts";
import type { RosterLine } from "./console-roster.tsx";

/**
 * A listing's booked list and waitlist for its staff page and its CSV (docs/product-rules.md#calendar,
 * Staff). Times in Portland time, formatted on the server.
 */

/** The guests by name; a plus-one counted without a name (an RSVP from before named guests) says so. */
function guestsInWords(row: RosterRow): string {
  const unnamed = row.guests - row.guestNames.length;
  return [...row.guestNames, ...(unnamed > 0 ? [unnamed === 1 ? "1 unnamed guest" : `${unnamed} unnamed guests`] : [])].join(", ");
}

export function rosterLine(row: RosterRow): RosterLine {
  return {
    bookingId: row.bookingId,
    name: row.name,
    email: row.email,
    tierName: tierBySlug(row.tier).name,
    guests: guestsInWords(row),
    bookedAtLabel: formatConsoleTime(row.createdAt) ?? row.createdAt,
    promotedAtLabel: formatConsoleTime(row.promotedAt),
    reserved: row.reserved,
  };
}

/** The booking or waitlist place `?cancel-booking=<id>` asks to cancel, if it is still on the lists. */
export function bookingToConfirm(
  roster: { confirmed: RosterRow[]; waitlisted: RosterRow[] },
  bookingId: string | null,
): (RosterLine & { waiting: boolean }) | null {
  if (!bookingId) return null;
  const booked = roster.confirmed.find((row) => row.bookingId === bookingId);
  if (booked) return { ...rosterLine(booked), waiting: false };
  const waiting = roster.waitlisted.find((row) => row.bookingId === bookingId);
  return waiting ? { ...rosterLine(waiting), waiting: true } : null;
}

const columns = ["List", "Position", "Member", "Email", "Tier", "Guests", "Guest names", "Reserved place", "Booked", "From the waitlist"];

/**
 * Both lists as one CSV (RFC 4180), booked first, then the waitlist in order. Members and their
 * guests typed the names, so every cell passes through the applications export's csvCell, which
 * keeps a spreadsheet from running one as a formula (docs/security.md#forms-and-email).
 */
export function rosterCsv(roster: { confirmed: RosterRow[]; waitlisted: RosterRow[] }): string {
  const line = (list: string, position: number | null, row: RosterRow) => [
    list,
    position,
    row.name,
    row.email,
    tierBySlug(row.tier).name,
    row.guests,
    guestsInWords(row),
    row.reserved ? "Yes" : "No",
    formatConsoleTime(row.createdAt),
    formatConsoleTime(row.promotedAt),
  ];
  const rows = [
    ...roster.confirmed.map((row) => line("Booked", null, row)),
    ...roster.waitlisted.map((row, index) => line("Waitlist", index + 1, row)),
  ];
  return [columns, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
