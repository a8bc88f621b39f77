/**
 * The Worker's sign-in services that the sign-in routes (and the invitation page, which signs a
 * new member in) call from their loaders and actions. Route modules reach server code only
 * through `.server` modules (docs/decisions/006-feature-layout.md).
 */
export { finishGoogleSignIn, googleClient, startGoogleSignIn } from "#worker/features/sign-in/google-sign-in.ts";
export { endMemberSession, startMemberSession } from "#worker/features/sign-in/member-session.ts";
export { checkSignInCode, requestSignInCode } from "#worker/features/sign-in/email-codes.ts";
export { findMemberById } from "#worker/features/members/members.ts";
