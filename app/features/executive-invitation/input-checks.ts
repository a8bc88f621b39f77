/**
 * The generic checker's email and phone checks (docs/product-rules.md#executive-invitation), shared by the browser and the
 * Worker. Names and free text are checked by app/lib/plain-text.ts.
 */

export type CheckResult = { valid: true } | { valid: false; error: string };

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
