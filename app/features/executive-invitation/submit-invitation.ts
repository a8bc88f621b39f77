import { showToast } from "#app/ui/toast/toast-store.ts";
import { postJson } from "#app/lib/post-json.ts";
import { CaptchaNotReadyError, captchaToken } from "./captcha.ts";
import { EXECUTIVE_INVITATION_ACTION, TOO_MANY_SUBMISSIONS, type InvitationField, type InvitationRequest } from "./invitation-request.ts";

type Outcome =
  { sent: true; acknowledged: boolean } | { sent: false; fieldErrors?: Partial<Record<InvitationField, string>>; captchaMissing?: true };

function failure(title: string, description: string): { sent: false } {
  showToast({ title, description, variant: "destructive" });
  return { sent: false };
}

/** Tells the server's security log about a problem only the browser can see; never in the way. */
function reportSecurityEvent(type: "captcha_unavailable" | "captcha_token_failed" | "invitation_exception", detail?: string): void {
  void postJson("/api/security-events", { type, referrer: document.referrer || undefined, detail: detail?.slice(0, 200) }).catch(() => {});
}

/** The captcha pass for one request, or the toast already shown for why there is none. */
export type CaptchaPassOutcome = { pass: string } | { pass: null; captchaMissing?: true };

/**
 * The captcha steps of a submission, word for word (docs/product-rules.md#executive-invitation):
 * a reCAPTCHA token for `executive_invitation`, then the server's verification, which hands out a
 * single-use pass. Shared by the dialog (JSON to the API) and the /executive-access page with
 * JavaScript (the page's own action).
 */
export async function obtainCaptchaPass(siteKey: string): Promise<CaptchaPassOutcome> {
  let token: string;
  try {
    token = await captchaToken(siteKey, EXECUTIVE_INVITATION_ACTION);
  } catch (error) {
    if (error instanceof CaptchaNotReadyError) {
      reportSecurityEvent("captcha_unavailable");
      failure("Error", "ReCAPTCHA not ready. Please try again.");
      return { pass: null, captchaMissing: true };
    }
    const reason = error instanceof Error && error.message ? error.message : "unknown error";
    reportSecurityEvent("captcha_token_failed", reason);
    failure("reCAPTCHA Error", `Failed to generate security token: ${reason}. Please refresh the page and try again.`);
    return { pass: null };
  }
  if (!token) {
    failure("reCAPTCHA Error", "Failed to generate security token: empty token. Please refresh the page and try again.");
    return { pass: null };
  }

  let verification: { success?: boolean; score?: number | null; error?: string; captchaPass?: string } | null;
  try {
    const response = await postJson("/api/verify-recaptcha", { token });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? `status ${response.status}`);
    }
    verification = (await response.json().catch(() => null)) as typeof verification;
  } catch (error) {
    // The server's own sentences end with a full stop; the toast adds its own.
    const message = error instanceof Error && error.message ? error.message.replace(/\.$/, "") : "Unknown error";
    failure("Security Check Failed", `Verification error: ${message}. Please try again.`);
    return { pass: null };
  }
  if (!verification) {
    failure("Security Check Failed", "No response from security verification. Please check your connection and try again.");
    return { pass: null };
  }
  if (!verification.success || !verification.captchaPass) {
    const score = typeof verification.score === "number" ? verification.score.toFixed(1) : "unknown";
    failure("Security Check Failed", `${verification.error || "Security verification failed"} (Score: ${score}). Please try again.`);
    return { pass: null };
  }
  return { pass: verification.captchaPass };
}

/** The unexpected failure of a submission (a script error, the network gone). */
export function transmissionFailed(error: unknown): { sent: false } {
  reportSecurityEvent("invitation_exception", error instanceof Error ? error.message : undefined);
  return failure("Error", "Transmission failed. Check your connection and try again.");
}

/**
 * The dialog's submit flow with its toasts, word for word (docs/product-rules.md#executive-invitation):
 * the captcha pass, then the send. The server logs the attempt, success and error events itself.
 * The success toast is the form's to show, once the dialog has closed.
 */
export async function submitInvitation(siteKey: string, values: InvitationRequest, guestReference: string | undefined): Promise<Outcome> {
  try {
    const captcha = await obtainCaptchaPass(siteKey);
    if (captcha.pass === null) return { sent: false, ...(captcha.captchaMissing ? { captchaMissing: true as const } : {}) };

    const response = await postJson("/api/send-executive-invitation", {
      // As typed: the server trims and checks them with the same schema, and never rewrites them.
      ...values,
      captchaPass: captcha.pass,
      // A guest's invitation to apply links the request to their host (docs/security.md#guest-invitation-links).
      guestReference,
    });
    if (response.status === 400) {
      const body = (await response.json().catch(() => ({}))) as { fieldErrors?: Partial<Record<InvitationField, string>> };
      showToast({
        title: "Submission Failed",
        description: "Unable to submit your request. Please try again later.",
        variant: "destructive",
      });
      return { sent: false, fieldErrors: body.fieldErrors };
    }
    // The limit's own words, not a failure to try again at once (docs/product-rules.md#executive-invitation).
    if (response.status === 429) return failure(TOO_MANY_SUBMISSIONS.title, TOO_MANY_SUBMISSIONS.description);
    if (!response.ok) return failure("Submission Failed", "Unable to submit your request. Please try again later.");

    const body = (await response.json().catch(() => null)) as { data?: { acknowledged?: boolean } } | null;
    return { sent: true, acknowledged: body?.data?.acknowledged !== false };
  } catch (error) {
    return transmissionFailed(error);
  }
}
