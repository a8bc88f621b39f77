/**
 * What the sit-down pieces need in the browser, without zod (the schemas, which only the actions
 * use, are in sit-down-forms.ts): the slot length's bounds and the `form` the console card's
 * invitation answers carry.
 */

/** A slot's length in minutes: the publish form's bounds and default. */
export const SIT_DOWN_MINUTES = { min: 15, max: 180, default: 45 } as const;

/** What the invitation's answer names as its form (ActionResult.form), apart from the card's decision form. */
export const sitDownInviteFormKey = (requestId: string) => `sit-down:${requestId}`;
