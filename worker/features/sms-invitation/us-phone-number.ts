import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { checkPhone } from "#app/features/executive-invitation/input-checks.ts";

/** A US number as the SMS flow uses it: 10 national digits and +1 E.164 for providers. */
export interface UsPhoneNumber {
  national: string;
  e164: string;
}

/**
 * Toll-free and premium-rate area codes: they cannot receive our SMS, and premium numbers are how
 * SMS pumping makes money, so they are refused before any provider call.
 */
const REFUSED_AREA_CODES = new Set(["800", "833", "844", "855", "866", "877", "888", "900"]);

/**
 * Strict NANP parse (docs/security.md#sms-codes): a phone number by the generic checker
 * (a looser first gate, kept as the product's one phone rule), then exactly 10 digits that libphonenumber places in the United States (Canada and the
 * Caribbean share +1 but are refused), valid for their area code, and not toll-free or
 * premium-rate.
 */
export function parseUsPhoneNumber(digits: string): UsPhoneNumber | null {
  if (!checkPhone(digits).valid) return null;
  if (!/^\d{10}$/.test(digits) || REFUSED_AREA_CODES.has(digits.slice(0, 3))) return null;
  const parsed = parsePhoneNumberFromString(digits, "US");
  if (!parsed || parsed.country !== "US" || !parsed.isValid()) return null;
  return { national: parsed.nationalNumber, e164: parsed.number };
}
