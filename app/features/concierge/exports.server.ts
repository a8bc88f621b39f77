import { csvCell } from "#app/features/admissions/pipeline-csv.server.ts";
import { loungeBySlug, tierBySlug } from "#app/features/site/site-config.ts";
import { meetingRooms } from "#app/features/calendar/meeting-room-facts.ts";
import { formatConsoleTime } from "./console-format.ts";
import { addDays, portlandMidnight } from "./club-days.ts";
import type { ExportFile } from "./console-report-forms.ts";
import {
  exportCalendarBookings,
  exportCheckIns,
  exportMeetingRoomBookings,
  exportMembers,
  exportPayments,
  type ExportPeriod,
} from "#worker/features/concierge/exports.ts";

export { EXPORT_LIMIT } from "#worker/features/concierge/exports.ts";

/**
 * The console's CSV exports (docs/product-rules.md#exports): one table per file, every cell through
 * the applications export's csvCell, so a cell a member or guest typed that begins with = + - @ is
 * shown as text, never run as a formula (docs/security.md#forms-and-email). Times are Portland's,
 * amounts are dollars with cents ("1250.00"), so a spreadsheet sums them.
 */
type Cell = string | number | null | { amount: string };

/** An amount the site computed from integer cents, never typed by anyone: written as the number it is, so "-200.00" sums as a refund. */
const dollars = (cents: number) => ({ amount: (cents / 100).toFixed(2) });

function toCsv(columns: string[], rows: Cell[][]): string {
  const cell = (value: Cell) => (value !== null && typeof value === "object" ? value.amount : csvCell(value));
  return [columns, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
const tierName = (slug: Parameters<typeof tierBySlug>[0] | null) => (slug ? tierBySlug(slug).name : null);
const loungeName = (slug: Parameters<typeof loungeBySlug>[0]) => loungeBySlug(slug).name;

/** A period of Portland days, as both days and the UTC instants of their midnights. */
export function exportPeriod(from: string | undefined, to: string | undefined): ExportPeriod {
  return {
    fromDay: from ?? null,
    toDay: to ?? null,
    fromInstant: from ? portlandMidnight(from) : null,
    untilInstant: to ? portlandMidnight(addDays(to, 1)) : null,
  };
}

/** Each file's heading row (the first line of the CSV). */
export const exportColumns: Record<ExportFile, string[]> = {
  "members.csv": ["Name", "Email", "Tier", "Role", "Status", "Dues", "Paid through", "Locker", "Introduced by", "Member since"],
  "check-ins.csv": ["Evening", "Time", "Member", "Email", "Tier", "Lounge", "Recognised by", "Guests", "Admitted by", "Made offline"],
  "payments.csv": ["Date", "Member", "Email", "Kind", "Amount (USD)", "Method", "Description", "Recorded by"],
  "bookings.csv": ["Starts", "Kind", "Title", "Lounge", "Member", "Email", "Status", "Guests", "Booked"],
  "meeting-room-bookings.csv": ["Day", "Hour", "Room", "Member", "Email", "Status", "Reservation"],
};

/** The rows of `file` as CSV, and how many rows it holds. */
export async function exportCsv(db: D1Database, file: ExportFile, period: ExportPeriod): Promise<{ csv: string; rows: number }> {
  const rows = await exportRows(db, file, period);
  return { csv: toCsv(exportColumns[file], rows), rows: rows.length };
}

async function exportRows(db: D1Database, file: ExportFile, period: ExportPeriod): Promise<Cell[][]> {
  switch (file) {
    case "members.csv":
      return (await exportMembers(db)).map((member) => [
        member.name,
        member.email,
        tierName(member.tier),
        member.role,
        member.status,
        member.duesStatus,
        formatConsoleTime(member.paidThrough),
        member.lockerId,
        member.invitedBy,
        formatConsoleTime(member.createdAt),
      ]);
    case "check-ins.csv":
      return (await exportCheckIns(db, period)).map((checkIn) => [
        checkIn.day,
        formatConsoleTime(checkIn.checkedInAt),
        checkIn.memberName,
        checkIn.memberEmail,
        tierName(checkIn.tier),
        loungeName(checkIn.lounge),
        checkIn.method === "card" ? "Card" : "Name search",
        checkIn.guests,
        checkIn.staffName,
        checkIn.offline ? "Yes" : "No",
      ]);
    case "payments.csv":
      return (await exportPayments(db, period)).map((entry) => [
        formatConsoleTime(entry.occurredAt),
        entry.memberName,
        entry.memberEmail,
        entry.kind === "refund" ? "Refund" : "Payment",
        // A refund is money going out: negative, so the column sums to what was collected.
        dollars(entry.kind === "refund" ? -entry.amountCents : entry.amountCents),
        entry.method,
        entry.description,
        entry.recordedByName,
      ]);
    case "bookings.csv":
      return (await exportCalendarBookings(db, period)).map((booking) => [
        formatConsoleTime(booking.startsAt),
        booking.kind === "event" ? "Event" : "Course",
        booking.title,
        loungeName(booking.lounge),
        booking.memberName,
        booking.memberEmail,
        booking.status,
        booking.guests,
        formatConsoleTime(booking.bookedAt),
      ]);
    case "meeting-room-bookings.csv":
      return (await exportMeetingRoomBookings(db, period)).map((booking) => [
        booking.day,
        formatConsoleTime(booking.startsAt),
        meetingRooms[booking.room].name,
        booking.memberName,
        booking.memberEmail,
        booking.status,
        booking.reservationId,
      ]);
  }
}
