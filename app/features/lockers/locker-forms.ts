import { isMultiLineText, isName } from "#app/lib/plain-text.ts";
import { z } from "#app/lib/zod.ts";
import { lockerRequestKinds } from "./locker-request-kinds.ts";

/**
 * The forms of /members/locker (docs/product-rules.md#lockers): one schema, told apart by the
 * submit button's `intent`, shared by the page, its action and the tests. The member is never
 * named by the form: the action takes the signed-in member.
 */

/** The kinds of request a member sends staff about their locker, with their labels. */

/** A nameplate: letters, digits, spaces and & . ' - (at most 40), with a letter or digit. */
export const nameplateText = z
  .string()
  .trim()
  .min(1, "Enter the text for your nameplate.")
  .max(40, "Keep the nameplate to 40 characters.")
  .regex(/^[\p{L}\p{N} &.'-]+$/u, "Use letters, digits, spaces and & . ' - only.")
  .refine(isName, "Use letters, digits, spaces and & . ' - only.");

const requestKind = z.enum(Object.keys(lockerRequestKinds) as [keyof typeof lockerRequestKinds, ...(keyof typeof lockerRequestKinds)[]], {
  error: "Choose what you need.",
});

const requestNote = z
  .string()
  .trim()
  .max(500, "Keep the note under 500 characters.")
  .refine(isMultiLineText, "Invalid characters in note")
  .optional()
  .transform((value) => value || null);

export const memberLockerForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("join-waitlist") }),
  z.object({ intent: z.literal("nameplate"), nameplate: nameplateText }),
  z.object({ intent: z.literal("request"), kind: requestKind, note: requestNote }),
]);

export type MemberLockerForm = z.infer<typeof memberLockerForm>;
