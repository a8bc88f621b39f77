import { z } from "#app/lib/zod.ts";
import { PASSKEY_NAME_MAX_LENGTH } from "./devices-page.ts";

/**
 * The forms of the "Sign-in & devices" page (/members/devices), told apart by their submit
 * button's `intent`. The member is never named by a form: the action takes the signed-in member,
 * and each id only ever reaches that member's own sessions and passkeys.
 */
const sessionId = z.string().trim().uuid();
/** A passkey's credential id: base64url, as the authenticator made it. */
const passkeyId = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/);

export const devicesPageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end-session"), sessionId }),
  z.object({ intent: z.literal("end-every-session") }),
  z.object({ intent: z.literal("sign-in-again") }),
  z.object({
    intent: z.literal("rename-passkey"),
    passkeyId,
    name: z
      .string()
      .trim()
      .min(1, "Please give this passkey a name.")
      .max(PASSKEY_NAME_MAX_LENGTH, `Please keep the name to ${PASSKEY_NAME_MAX_LENGTH} characters.`)
      // Letters, digits, spaces and everyday punctuation; no control or formatting characters.
      .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’&()+-]*$/u, "Please use letters, numbers, spaces and simple punctuation."),
  }),
  z.object({ intent: z.literal("remove-passkey"), passkeyId }),
  // The private calendar feed's address (docs/security.md#calendar-feeds).
  z.object({ intent: z.literal("stop-calendar-feed") }),
]);
