/** The Worker's admissions services for the review page and the invitation link (decision 006). */
export { listInvitationRequests } from "#worker/features/admissions/admissions.ts";
export { recordConciergeDecision, type ConciergeDecisionOutcome } from "#worker/features/admissions/concierge-decisions.ts";
export { confirmInvitation, findOpenInvitation, tokenFromInvitationLink } from "#worker/features/admissions/invitation-links.ts";
export { clearedInvitationCookie, invitationCookie, readInvitationCookie } from "#worker/features/admissions/invitation-cookie.ts";
