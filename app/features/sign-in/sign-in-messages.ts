import { club } from "#app/features/site/site-config.ts";

/**
 * What sign-in says (docs/product-rules.md#sign-in), shared by the /auth page, the passkey API and
 * the Google callback. None of them says whether an email belongs to a member, except
 * MEMBERSHIP_PAUSED, which is shown only to someone who has just proved they are that member
 * (a right code, a passkey, Google).
 */
export const CODE_SENT = "If that email belongs to a member, a sign-in code is on its way to it. The code works once, for 10 minutes.";
export const CODE_REFUSED = "That code is not right, or it has expired. Check your latest email, or ask for a new code.";
export const SIGN_IN_RATE_LIMITED = "Too many sign-in attempts. Please wait 15 minutes and try again.";
export const CAPTCHA_NEEDED = "To protect this membership, confirm you are not a robot, then ask for a code again.";
export const PASSKEY_REFUSED = "That passkey did not sign you in. Try again, or sign in with an emailed code.";
export const SIGN_IN_AGAIN_TO_REMOVE_PASSKEY =
  "To remove a passkey, sign in again first: only a sign-in from the last 10 minutes can remove one.";
export const SIGN_IN_AGAIN_TO_ADD_PASSKEY = "To add a passkey, sign in again first: only a sign-in from the last 10 minutes can add one.";
export const PASSKEY_NOT_ADDED = "That passkey was not added. Try again; your other ways to sign in still work.";
export const MEMBERSHIP_PAUSED = `Your membership is paused, so the members area is closed for now. The concierge can help: call ${club.officePhone.display}.`;
