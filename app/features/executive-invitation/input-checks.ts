/**
 * The sanitiser and the generic checker (docs/product-rules.md#executive-invitation), shared by the browser and the Worker.
 */

/** Characters stripped from every submitted value (and never allows in names). */
const STRIPPED = /[<>"']/g;

/** Trims, strips < > " ' and cuts to `maxLength` characters (docs/product-rules.md#executive-invitation
 * gives the cut length). */
export function sanitizeValue(value: string, maxLength: number): string {
  return cutToCharacters(value.trim().replace(STRIPPED, ""), maxLength);
}

/**
 * The first `maxLength` characters, counted in code points as zod's `.max()` counts them (zod
 * 4.6). Cutting UTF-16 units instead would drop the end of a value the schema had accepted (a
 * 2,000-character message of emoji is 4,000 units) and could split an emoji in half.
 */
function cutToCharacters(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  return Array.from(value).slice(0, maxLength).join("");
}

export type CheckResult = { valid: true } | { valid: false; error: string };

/** Strings that change when sanitised are refused: 'Invalid characters in {field}'. */
export function checkText(field: string, value: string, maxLength = 1000): CheckResult {
  return sanitizeValue(value, maxLength) === value ? { valid: true } : { valid: false, error: `Invalid characters in ${field}` };
}

/** An address of the form x@y.z, at most 254 characters: otherwise 'Invalid email format'. */
export function checkEmail(value: string): CheckResult {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254
    ? { valid: true }
    : { valid: false, error: "Invalid email format" };
}

/**
 * 10 to 16 digits once spaces, dashes and brackets are removed, an optional leading +, and a
 * first digit from 1 to 9: otherwise 'Invalid phone number format'.
 */
export function checkPhone(value: string): CheckResult {
  return /^\+?[1-9]\d{9,15}$/.test(value.replace(/[\s\-()]/g, ""))
    ? { valid: true }
    : { valid: false, error: "Invalid phone number format" };
}
