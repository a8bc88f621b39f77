/**
 * What the /executive-access page's loader and action call (decision 006): the service the JSON
 * API calls too, and the SMS block's verified mobile (the shorter request).
 */
export { sendInvitationRequest, type InvitationProof } from "#worker/features/executive-invitation/send-invitation-request.ts";
export { readVerifiedOptIn } from "#app/features/sms-invitation/sms-verified.server.ts";
