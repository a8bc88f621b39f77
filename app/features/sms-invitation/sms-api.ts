import { showToast } from "#app/ui/toast/toast-store.ts";
import { postJson } from "#app/lib/post-json.ts";

/**
 * The browser's side of /api/send-sms and /api/verify-sms, with their error toasts word for word
 * (docs/product-rules.md#sms-invitation). Answers are treated as unknown JSON; anything unexpected counts as a
 * failure. The success toasts belong to the block, which also changes step.
 */
const TRY_AGAIN = "Please try again later or contact support.";
const WRONG_CODE = "That's not the right code. Check your messages.";

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

/** Asks for an invitation code by SMS to `phoneNumber` (10 digits). False after showing why not. */
export async function requestSmsCode(phoneNumber: string): Promise<boolean> {
  const answer = await ask("/api/send-sms", { phoneNumber, type: "invitation" });
  if (answer?.ok && answer.body?.success === true) return true;
  showToast({ title: "Error Sending SMS", description: TRY_AGAIN, variant: "destructive" });
  return false;
}

/** Checks the code the visitor received. False after showing why not. */
export async function checkSmsCode(phoneNumber: string, code: string): Promise<boolean> {
  const answer = await ask("/api/verify-sms", { phoneNumber, code });
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
