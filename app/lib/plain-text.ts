/**
 * The text people may type into a name or a free-text field (docs/security.md#forms-and-email):
 * one definition for the browser's forms, the Worker and the operator commands. A value is
 * accepted as typed or refused, never altered.
 *
 * Refused everywhere: `<` and `>`; control characters (NUL and the rest of C0, DEL, C1), which
 * have no place in text and can end a string early or inject a header; the line and paragraph
 * separators U+2028 and U+2029; the bidirectional controls (U+202A to U+202E, U+2066 to U+2069,
 * the direction marks), which make text read differently from what it holds; and lone surrogates,
 * which are not text. `'`, `"` and `&` are accepted: every output escapes them
 * (app/lib/escape-markup.ts for emails, React for pages).
 */
const refusedInText = /[<>\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;

/** The same, except that CR and LF (ordinary line breaks) are allowed: `[^\P{Cc}\r\n]` is a control other than CR or LF. */
const refusedInMultiLineText = /[<>\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}]|[^\P{Cc}\r\n]/u;

/** A combining mark with nothing before it to combine with. */
const leadingCombiningMark = /^\p{M}/u;

const letterOrDigit = /[\p{L}\p{N}]/u;

/** One line of text: none of the refused characters, no line break. */
export function isSingleLineText(value: string): boolean {
  return !refusedInText.test(value);
}

/** Text that may run over several lines (a message, a note): line breaks allowed, nothing else refused. */
export function isMultiLineText(value: string): boolean {
  return !refusedInMultiLineText.test(value);
}

/**
 * A person's or a company's name: one line of text with at least one letter or digit, not
 * starting with a combining mark (a name of combining marks alone shows as nothing, or as marks
 * stacked on whatever is printed before it).
 */
export function isName(value: string): boolean {
  return isSingleLineText(value) && letterOrDigit.test(value) && !leadingCombiningMark.test(value);
}
