/**
 * What the sponsor pieces show and name in the browser, without zod (the schemas, which only the
 * actions use, are in sponsor-forms.ts): the answers' button words and the `form` their answers
 * carry.
 */

/** The answers a sponsor can give, with the words of their buttons. */
export const sponsorAnswerLabels = { yes: "Yes", no: "No", unknown: "I Don't Know Them" } as const;

/**
 * The `form` of the console's sponsor forms' answers: apart from the card's decision forms (whose
 * answers name the request alone), so each shows only its own refusals.
 */
export function sponsorFormKey(requestId: string): string {
  return `sponsor:${requestId}`;
}
