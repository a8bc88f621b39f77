import { membershipTiers } from "#app/features/site/site-config.ts";
import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import type { InvitationRequestView } from "#worker/features/admissions/admissions.ts";
import { stageLabels } from "./pipeline-stages.ts";

/**
 * The pipeline as CSV (RFC 4180) for a spreadsheet (docs/operators.md#the-concierge-console).
 * Applicants type most of these cells, and a spreadsheet runs a cell that begins with = + - @ (or
 * a tab or carriage return) as a formula: such a cell gets a leading apostrophe, so it is shown as
 * the text it is (docs/security.md#forms-and-email).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const tierNames = Object.fromEntries(membershipTiers.map((tier) => [tier.slug, tier.name])) as Record<string, string>;
const sponsorAnswers = { yes: "Yes", no: "No", unknown: "Does not know them" } as const;

const columns = [
  "Received",
  "Name",
  "Email",
  "Company",
  "Introduced by",
  "Stage",
  "Tier",
  "Sponsor",
  "Sponsor's answer",
  "Sit-down",
  "Decided",
  "Decided by",
  "Internal note",
  "Waitlisted",
  "Waitlist position",
  "Offered",
  "Offer ends",
  "Paid",
  "Submissions",
];

export function pipelineCsv(requests: InvitationRequestView[], positions: Map<string, number>): string {
  const rows = requests.map((request) => [
    formatConsoleTime(request.createdAt),
    request.name,
    request.email,
    request.company,
    request.invitedBy,
    stageLabels[request.stage],
    request.tier ? (tierNames[request.tier] ?? request.tier) : null,
    request.sponsorName,
    request.sponsorAnswer ? sponsorAnswers[request.sponsorAnswer] : null,
    formatConsoleTime(request.sitDownAt),
    formatConsoleTime(request.decidedAt),
    request.decidedByName,
    request.decisionNote,
    formatConsoleTime(request.waitlistedAt),
    positions.get(request.id) ?? null,
    formatConsoleTime(request.offeredAt),
    formatConsoleTime(request.offerExpiresAt),
    formatConsoleTime(request.paidAt),
    1 + request.joined.length,
  ]);
  return [columns, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
