/**
 * The SMS invitation's phone field (docs/product-rules.md#sms-invitation): US numbers, formatted to (NNN) NNN-NNNN as the
 * visitor types. Deliberately simple and predictable: the first 10 digits typed are the number,
 * whatever else was typed around them. Client-safe and pure, so the tests can prove it.
 */

/** A US number without its country code. */
export const PHONE_DIGIT_COUNT = 10;

/** "(NNN) NNN-NNNN": the longest value the field ever shows. */
export const FORMATTED_PHONE_LENGTH = 14;

/** The digits of `value`, nothing else. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * The 10 digits of a US number in `raw`: the first 10 digits, except that a pasted number written
 * with its country code (exactly 11 digits, the first a 1, as in "+1 503 555 0142") loses the 1.
 * No US area code starts with 1, so that reading is never wrong.
 */
export function nationalDigits(raw: string): string {
  const digits = phoneDigits(raw);
  return (digits.length === PHONE_DIGIT_COUNT + 1 && digits.startsWith("1") ? digits.slice(1) : digits).slice(0, PHONE_DIGIT_COUNT);
}

/**
 * The number in `raw`, formatted progressively: "5035" gives "(503) 5". Separators only ever come
 * before a digit, never at the end, so backspace at the end always removes a digit.
 */
export function formatPhoneInput(raw: string): string {
  const digits = nationalDigits(raw);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export interface PhoneFieldEdit {
  value: string;
  caret: number;
}

/** The caret position just after the `count`-th digit of `value` (before the first for 0). */
function caretAfterDigits(value: string, count: number): number {
  if (count === 0) return Math.max(0, value.search(/\d/));
  let seen = 0;
  for (let index = 0; index < value.length; index++) {
    if (/\d/.test(value.charAt(index)) && ++seen === count) return index + 1;
  }
  return value.length;
}

/**
 * What the field shows after an edit, and where its caret goes. `edited` is the field's raw value
 * and `caret` its caret position right after the visitor's edit. Deleting a lone separator ("(",
 * ")", " " or "-") would change no digit, so formatting would put it straight back and the visitor
 * could never delete past it: such a keystroke deletes the neighbouring digit instead (the one
 * before the caret for Backspace, after it for Delete). The caret stays beside the same digits.
 */
export function editPhoneInput(previous: string, edited: string, caret: number, direction: "backward" | "forward"): PhoneFieldEdit {
  let digits = phoneDigits(edited);
  let digitsBeforeCaret = phoneDigits(edited.slice(0, caret)).length;
  const removedOneSeparator = previous.length - edited.length === 1 && digits === phoneDigits(previous);
  if (removedOneSeparator && direction === "backward" && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  } else if (removedOneSeparator && direction === "forward") {
    digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
  }
  const value = formatPhoneInput(digits);
  return { value, caret: caretAfterDigits(value, Math.min(digitsBeforeCaret, phoneDigits(value).length)) };
}
