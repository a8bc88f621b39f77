/**
 * The SMS block's words (docs/product-rules.md#sms-invitation), in one place for its two paths:
 * with JavaScript they are toasts; without it the /sms-invitation page shows the same words in the
 * block (a toast needs a script). Client-safe: the page's action reads them too.
 */
export interface SmsNotice {
  title: string;
  description: string;
  tone: "success" | "error";
}

const TRY_AGAIN = "Please try again later or contact support.";
export const WRONG_CODE = "That's not the right code. Check your messages.";

export const smsNotices = {
  invalidPhone: { title: "Invalid Phone Number", description: "Please enter a valid 10-digit phone number.", tone: "error" },
  sent: { title: "SMS Sent Successfully!", description: "Your verification code may take 1-2 minutes to arrive.", tone: "success" },
  sendError: { title: "Error Sending SMS", description: TRY_AGAIN, tone: "error" },
  codeRequired: { title: "Code Required", description: "Please enter the verification code from your SMS.", tone: "error" },
  verificationError: { title: "Verification Error", description: TRY_AGAIN, tone: "error" },
  welcome: { title: "Welcome to the Inner Circle!", description: "Your number is verified. Your invitation awaits.", tone: "success" },
} as const satisfies Record<string, SmsNotice>;

/** A wrong code (or a refused check): the server's message, or the usual one when it gave none. */
export function invalidCodeNotice(message: unknown): SmsNotice {
  return { title: "Invalid Code", description: typeof message === "string" && message.trim() !== "" ? message : WRONG_CODE, tone: "error" };
}

/** What the /sms-invitation page's action answers: the step to show, and what to say about it. */
export interface SmsBlockAnswer {
  step: "phone" | "code" | "granted";
  /** The number as the field shows it, (NNN) NNN-NNNN. */
  phone: string;
  notice?: SmsNotice;
  /** Under the number's field: a number the site never accepts. */
  phoneError?: string;
}

/**
 * Where the block's forms post when no script handles them (the page with the same block): a POST,
 * so the number never appears in an address.
 */
export const SMS_FORM_ACTION = "/sms-invitation";
