/**
 * The Worker's admissions services for the review page and the invitation link (decision 006); the
 * invitation page also reads who is signed in, to show the screen after a confirmed link.
 */
export { listInvitationRequests } from "#worker/features/admissions/admissions.ts";
export { recordConciergeDecision, type ConciergeDecisionOutcome } from "#worker/features/admissions/concierge-decisions.ts";
export { confirmInvitation, findOpenInvitation, tokenFromInvitationLink } from "#worker/features/admissions/invitation-links.ts";
export { clearedInvitationCookie, invitationCookie, readInvitationCookie } from "#worker/features/admissions/invitation-cookie.ts";
export { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
