import { showToast } from "#app/ui/toast/toast-store.ts";

/**
 * The browser's side of /api/send-sms and /api/verify-sms, with their error toasts word for word
 * (docs/product-rules.md#sms-invitation). Answers are treated as unknown JSON; anything unexpected counts as a
 * failure. The success toasts belong to the block, which also changes step.
 */
const TRY_AGAIN = "Please try again later or contact support.";
const WRONG_CODE = "That's not the right code. Check your messages.";

/** Long enough for the SMS provider's slowest answer; a hung request must not leave the form busy. */
const REQUEST_TIMEOUT_MS = 20_000;

type Answer = { status: number; ok: boolean; body: Record<string, unknown> | null };

/** POSTs JSON; null when the request itself failed (offline, timed out). */
async function postJson(url: string, payload: unknown): Promise<Answer | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    const record = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    return { status: response.status, ok: response.ok, body: record };
  } catch {
    return null;
  }
}

/** Asks for an invitation code by SMS to `phoneNumber` (10 digits). False after showing why not. */
export async function requestSmsCode(phoneNumber: string): Promise<boolean> {
  const answer = await postJson("/api/send-sms", { phoneNumber, type: "invitation" });
  if (answer?.ok && answer.body?.success === true) return true;
  showToast({ title: "Error Sending SMS", description: TRY_AGAIN, variant: "destructive" });
  return false;
}

/** Checks the code the visitor received. False after showing why not. */
export async function checkSmsCode(phoneNumber: string, code: string): Promise<boolean> {
  const answer = await postJson("/api/verify-sms", { phoneNumber, code });
  if (answer && answer.status < 500 && answer.body) {
    if (answer.ok && answer.body.success === true) return true;
    if (answer.body.success === false) {
      const message = answer.body.message;
      const description = typeof message === "string" && message.trim() !== "" ? message : WRONG_CODE;
      showToast({ title: "Invalid Code", description, variant: "destructive" });
      return false;
    }
  }
  showToast({ title: "Verification Error", description: TRY_AGAIN, variant: "destructive" });
  return false;
}
