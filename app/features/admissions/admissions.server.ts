/**
 * The Worker's admissions services for the review page and the invitation link (decision 006); the
 * invitation page also reads who is signed in, to show the screen after a confirmed link.
 */
export { listInvitationRequests } from "#worker/features/admissions/admissions.ts";
export { tierPlacesOverview, waitlistPositions } from "#worker/features/admissions/tier-places.ts";
export { recordConciergeDecision, type ConciergeDecisionOutcome } from "#worker/features/admissions/concierge-decisions.ts";
export { confirmInvitation, findOpenInvitation, tokenFromInvitationLink } from "#worker/features/admissions/invitation-links.ts";
export { clearedInvitationCookie, invitationCookie, readInvitationCookie } from "#worker/features/admissions/invitation-cookie.ts";
export { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
export { applicationCookie, clearedApplicationCookie, readApplicationCookie } from "#worker/features/admissions/application-cookie.ts";
export { readApplicationStatusToken } from "#worker/features/admissions/application-link.ts";
export { findApplicationStatus, type ApplicationStatus } from "#worker/features/admissions/application-status.ts";
export { startOfferCheckout } from "#worker/features/dues/offer-checkout.ts";
