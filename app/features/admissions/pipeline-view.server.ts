import { loungeBySlug, membershipTiers } from "#app/features/site/site-config.ts";
import { formatConsoleTime } from "#app/features/concierge/console-format.ts";
import { formatPhoneInput } from "#app/features/sms-invitation/phone-input.ts";
import type { InvitationRequestCardView } from "./invitation-request-card.tsx";
import type { InvitationRequestView } from "#worker/features/admissions/admissions.ts";

/**
 * The console's pipeline in words (docs/product-rules.md#decisions-capacity-and-waitlist): an
 * application as its card shows it, and as the CSV export writes it. Times are Portland time.
 */
const tierNames = Object.fromEntries(membershipTiers.map((tier) => [tier.slug, tier.name])) as Record<string, string>;

const stepWords: Record<InvitationRequestView["history"][number]["kind"], string> = {
  submitted: "Request received",
  resubmitted: "Submitted again",
  sponsor_linked: "Sponsor linked",
  sponsor_answered: "Sponsor answered",
  sit_down_invited: "Invited to a sit-down",
  sit_down_booked: "Sit-down booked",
  sit_down_cancelled: "Sit-down cancelled",
  declined: "Declined",
  waitlisted: "Waitlisted",
  offered: "Offered",
  offer_expired: "Offer expired",
  paid: "Paid",
};

/** "Offered: Platinum", "Sponsor answered: yes": the step, and its detail (a tier by its name). */
export function stepLabel(step: Pick<InvitationRequestView["history"][number], "kind" | "detail">): string {
  const words = stepWords[step.kind];
  if (!step.detail) return words;
  return `${words}: ${tierNames[step.detail] ?? step.detail}`;
}

const time = (iso: string | null) => formatConsoleTime(iso);

/**
 * How the request showed a person sent it (docs/security.md#captcha): the reCAPTCHA score, the
 * verified mobile, or that it came without JavaScript and so without the captcha check.
 */
function proofLabel(request: Pick<InvitationRequestView, "checkedBy" | "recaptchaScore" | "verifiedPhone">): [string, string] {
  if (request.checkedBy === "sms") return ["Proof", `Verified mobile ${formatPhoneInput(request.verifiedPhone ?? "")}`];
  if (request.checkedBy === "none") return ["Proof", "Sent without the captcha check (no JavaScript)"];
  return ["reCAPTCHA score", request.recaptchaScore.toFixed(2)];
}

export function pipelineCard(request: InvitationRequestView, waitlistPosition: number | null): InvitationRequestCardView {
  return {
    id: request.id,
    name: request.name,
    email: request.email,
    company: request.company,
    invitedBy: request.invitedBy,
    message: request.message,
    proofLabel: proofLabel(request),
    status: request.status,
    stage: request.stage,
    createdAtLabel: time(request.createdAt) ?? request.createdAt,
    decidedAtLabel: time(request.decidedAt),
    decisionNote: request.decisionNote,
    decidedByName: request.decidedByName,
    tierName: request.tier ? (tierNames[request.tier] ?? request.tier) : null,
    // The lounge's own name from site-config, not the tier's with a suffix.
    sitDownLabel:
      request.sitDownAt && request.sitDownLounge ? `${time(request.sitDownAt)}, ${loungeBySlug(request.sitDownLounge).name}` : null,
    sitDownInvitedAtLabel: time(request.sitDownInvitedAt),
    offeredAtLabel: time(request.offeredAt),
    offerExpiresLabel: time(request.offerExpiresAt),
    waitlistedAtLabel: time(request.waitlistedAt),
    waitlistPosition,
    paidAtLabel: time(request.paidAt),
    history: request.history.map((step) => ({
      label: stepLabel(step),
      actorName: step.actorName,
      atLabel: time(step.createdAt) ?? step.createdAt,
    })),
    sponsorName: request.sponsorName,
    sponsorAnswer: request.sponsorAnswer,
    sponsorAnsweredAt: request.sponsorAnsweredAt,
    joined: request.joined.map((submission) => ({
      id: submission.id,
      createdAtLabel: time(submission.createdAt) ?? submission.createdAt,
      message: submission.message,
    })),
  };
}
