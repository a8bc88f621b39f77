import { showToast } from "#app/ui/toast/toast-store.ts";
import { postJson } from "#app/lib/post-json.ts";
import { invalidCodeNotice, smsNotices, type SmsNotice } from "./sms-messages.ts";

/**
 * The browser's side of /api/send-sms and /api/verify-sms, with their error toasts word for word
 * (docs/product-rules.md#sms-invitation). Answers are treated as unknown JSON; anything unexpected counts as a
 * failure. The success toasts belong to the block, which also changes step.
 */
type Answer = { status: number; ok: boolean; body: Record<string, unknown> | null };

/** POSTs JSON; null when the request itself failed (offline, timed out). */
async function ask(url: string, payload: unknown): Promise<Answer | null> {
  try {
    const response = await postJson(url, payload);
    const body: unknown = await response.json().catch(() => null);
    const record = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    return { status: response.status, ok: response.ok, body: record };
  } catch {
    return null;
  }
}

/** One of the block's messages as a toast: errors in the destructive style. */
export function showSmsNotice(notice: SmsNotice): void {
  showToast({ title: notice.title, description: notice.description, variant: notice.tone === "error" ? "destructive" : "default" });
}

export type SmsSendResult = { sent: true } | { sent: false; phoneError?: string };

/**
 * Asks for an invitation code by SMS to `phoneNumber` (10 digits). A number the site never
 * accepts comes back as `phoneError`, the server's words for under the field (its 400 names the
 * field); any other failure shows 'Error Sending SMS'.
 */
export async function requestSmsCode(phoneNumber: string): Promise<SmsSendResult> {
  const answer = await ask("/api/send-sms", { phoneNumber, type: "invitation" });
  if (answer?.ok && answer.body?.success === true) return { sent: true };
  const phoneError = answer?.status === 400 ? fieldError(answer.body, "phoneNumber") : null;
  if (phoneError) return { sent: false, phoneError };
  showSmsNotice(smsNotices.sendError);
  return { sent: false };
}

function fieldError(body: Record<string, unknown> | null, field: string): string | null {
  const errors = body?.fieldErrors;
  if (typeof errors !== "object" || errors === null) return null;
  const message = (errors as Record<string, unknown>)[field];
  return typeof message === "string" && message !== "" ? message : null;
}

/** Checks the code the visitor received. False after showing why not. */
export async function checkSmsCode(phoneNumber: string, code: string): Promise<boolean> {
  const answer = await ask("/api/verify-sms", { phoneNumber, code });
  if (answer && answer.status < 500 && answer.body) {
    if (answer.ok && answer.body.success === true) return true;
    if (answer.body.success === false) {
      showSmsNotice(invalidCodeNotice(answer.body.message));
      return false;
    }
  }
  showSmsNotice(smsNotices.verificationError);
  return false;
}
