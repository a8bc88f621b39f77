import { data, type RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { z } from "#app/lib/zod.ts";
import { sendSmsCode } from "#worker/features/sms-invitation/send-sms-code.ts";
import { verifySmsCode } from "#worker/features/sms-invitation/verify-sms-code.ts";
import { formatPhoneInput, PHONE_DIGIT_COUNT, phoneDigits } from "./phone-input.ts";
import { invalidCodeNotice, smsNotices, type SmsBlockAnswer } from "./sms-messages.ts";

/**
 * The SMS block's forms posted without a script (docs/product-rules.md#sms-invitation): the same
 * services as /api/send-sms and /api/verify-sms, answered with the step the block shows next and
 * the words its toast would have said. The number travels in the form's body (a hidden field on
 * the code step), never in an address.
 */
const smsForm = z.object({
  intent: z.enum(["send", "verify", "change"]),
  phoneNumber: z.string().max(32).default(""),
  code: z.string().max(32).default(""),
});

type Answer = DataWithResponseInit<SmsBlockAnswer>;

export async function answerSmsForm(request: Request, context: Readonly<RouterContextProvider>): Promise<Answer> {
  const submission = await readSubmission(request, smsForm);
  if (!submission.ok) return data({ step: "phone", phone: "", notice: smsNotices.sendError }, { status: 400 });
  const { intent, phoneNumber, code } = submission.data;
  const digits = usDigits(phoneNumber);
  const phone = formatPhoneInput(digits);

  if (intent === "change") return data({ step: "phone", phone });
  if (intent === "send") {
    if (digits.length !== PHONE_DIGIT_COUNT) return data({ step: "phone", phone, notice: smsNotices.invalidPhone }, { status: 400 });
    const outcome = await sendSmsCode(context.get(requestContext), { phoneNumber: digits, type: "invitation" });
    if (outcome.sent) return data({ step: "code", phone, notice: smsNotices.sent });
    const refusal = outcome.fieldErrors ? { phoneError: outcome.fieldErrors.phoneNumber } : { notice: smsNotices.sendError };
    return data({ step: "phone", phone, ...refusal }, { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) });
  }

  if (code.trim() === "") return data({ step: "code", phone, notice: smsNotices.codeRequired }, { status: 400 });
  const outcome = await verifySmsCode(context.get(requestContext), { phoneNumber: digits, code });
  if (outcome.verified)
    return data({ step: "granted", phone, notice: smsNotices.welcome }, { headers: { "Set-Cookie": outcome.setCookie } });
  // As the block's script words it (sms-api.ts): a refused check gives the server's message, an unavailable one 'Verification Error'.
  const notice = outcome.status < 500 ? invalidCodeNotice(outcome.message) : smsNotices.verificationError;
  return data({ step: "code", phone, notice }, { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) });
}

/**
 * The digits of a number typed without the script's formatting: "+1 (503) 555-0142" is read as its
 * 10 national digits, like a pasted number in the field (phone-input.ts); any other length stays as
 * it is, so the check for 10 digits refuses it.
 */
function usDigits(value: string): string {
  const digits = phoneDigits(value);
  return digits.length === PHONE_DIGIT_COUNT + 1 && digits.startsWith("1") ? digits.slice(1) : digits;
}

function retryAfter(seconds: number | undefined): HeadersInit {
  return seconds === undefined ? {} : { "Retry-After": String(seconds) };
}
