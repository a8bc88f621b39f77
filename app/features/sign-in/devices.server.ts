/**
 * The Worker's session and passkey services for the "Sign-in & devices" page's loader and action
 * (routes reach the Worker through `.server` modules: docs/decisions/006-feature-layout.md).
 */
export {
  clearedSessionCookie,
  endEveryMemberSession,
  endOneMemberSession,
  listMemberSessions,
} from "#worker/features/sign-in/member-session.ts";
export {
  listMemberPasskeys,
  mayChangePasskeys,
  removeMemberPasskey,
  renameMemberPasskey,
} from "#worker/features/sign-in/member-passkeys.ts";
