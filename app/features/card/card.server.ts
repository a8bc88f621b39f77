/**
 * The Worker's card services for the card page's loader and action and the photo route (routes
 * reach the Worker through `.server` modules: docs/decisions/006-feature-layout.md).
 */
export { listMemberCards, revokeMemberCard, MAX_ACTIVE_CARDS } from "#worker/features/card/card-devices.ts";
export { memberPhotoResponse } from "#worker/features/card/member-photos.ts";
export { loadSignedInMember } from "#worker/features/sign-in/member-session.ts";
