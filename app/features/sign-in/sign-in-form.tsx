import { useEffect, useRef, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field } from "#app/ui/form/field.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { fillCaptchaToken, useCaptcha } from "#app/features/executive-invitation/captcha.ts";
import { MEMBERSHIP_PAUSED } from "./sign-in-messages.ts";
import { PasskeySignIn } from "./passkey-sign-in.tsx";
import { SIGN_IN_CODE_CAPTCHA_ACTION, type SignInStep } from "./sign-in-step.ts";

const inputClasses = "mt-2 w-full rounded-sm border border-brass-deep bg-night px-3 py-2.5 text-lg text-cream focus:border-brass";

/**
 * The /auth sign-in (docs/product-rules.md#sign-in) in its steps: an email to send a code to, then
 * the code. Plain form POSTs to the /auth action with an intent, so it works before (or without)
 * the page's script; the step's one message is shown above the fields and announced.
 */
export function SignInForm({
  step,
  redirectTo,
  googleEnabled,
  recaptchaSiteKey,
}: {
  step: SignInStep;
  redirectTo: string;
  googleEnabled: boolean;
  recaptchaSiteKey: string;
}) {
  if (step.step === "paused") {
    return (
      <div className="max-w-md">
        <Message id="sign-in-error" text={MEMBERSHIP_PAUSED} tone="alert" />
        <div className="mt-6">
          <Link to={withRedirect("/auth", redirectTo)} className="text-brass underline hover:text-cream">
            Back to Member Login
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="max-w-md">
      {step.step === "code" ? (
        <CodeStep step={step} redirectTo={redirectTo} />
      ) : (
        <EmailStep step={step} redirectTo={redirectTo} recaptchaSiteKey={recaptchaSiteKey} />
      )}
      <PasskeySignIn redirectTo={redirectTo} />
      {googleEnabled ? (
        <div className="mt-8 border-t border-cedar pt-6">
          {/* A full page load, not client navigation: the server starts the round trip to Google. */}
          <a href={`/auth/google?${new URLSearchParams({ redirectTo })}`} className={buttonClasses("secondary")}>
            Continue with Google
          </a>
        </div>
      ) : null}
    </div>
  );
}

/** Step 1: the email. Above the email's ceiling the same form carries a captcha token, made as it is sent. */
function EmailStep({
  step,
  redirectTo,
  recaptchaSiteKey,
}: {
  step: Extract<SignInStep, { step: "email" }>;
  redirectTo: string;
  recaptchaSiteKey: string;
}) {
  const { pending } = usePendingSubmission();
  const submit = useSubmit();
  const captcha = useCaptcha(recaptchaSiteKey, step.captcha === true);
  const tokenRef = useRef<HTMLInputElement>(null);

  async function sendWithCaptcha(event: FormEvent<HTMLFormElement>) {
    if (!step.captcha) return;
    event.preventDefault();
    const form = event.currentTarget;
    // Without a token (the script not ready) the server asks again.
    await fillCaptchaToken(tokenRef.current, recaptchaSiteKey, SIGN_IN_CODE_CAPTCHA_ACTION, captcha.reload);
    await submit(form);
  }

  return (
    <Form
      method="post"
      noValidate
      className="grid gap-5"
      aria-describedby={step.error ? "sign-in-error" : undefined}
      onSubmit={(event) => void sendWithCaptcha(event)}
    >
      {step.error ? <Message id="sign-in-error" text={step.error} tone="alert" focus /> : null}
      <input type="hidden" name="intent" value="request-code" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {step.captcha ? <input ref={tokenRef} type="hidden" name="captchaToken" defaultValue="" /> : null}
      <Field id="sign-in-email" label="Email" hint="We email you a one-time code to sign in with.">
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="username webauthn"
            defaultValue={step.email ?? ""}
            required
            className={inputClasses}
          />
        )}
      </Field>
      <div>
        <button type="submit" disabled={pending} className={buttonClasses("primary")}>
          {pending ? "Sending..." : "Email Me a Code"}
        </button>
      </div>
    </Form>
  );
}

/** Step 2: the code sent to `step.email`, a new code, or back to another email. */
function CodeStep({ step, redirectTo }: { step: Extract<SignInStep, { step: "code" }>; redirectTo: string }) {
  const { pending } = usePendingSubmission({ sentWith: { field: "intent", value: "check-code" } });
  const { pending: resending } = usePendingSubmission({ sentWith: { field: "intent", value: "request-code" } });
  // While the page still reloads its data after sending the code, a second submission would
  // interrupt that load (React Router aborts it, unhandled): both buttons wait for it.
  const routerBusy = useNavigation().state !== "idle";
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Straight to the code once it is sent; an error takes the focus itself (Message).
    if (!step.error) codeRef.current?.focus();
  }, [step]);

  return (
    <div className="grid gap-5">
      {step.error ? <Message id="sign-in-error" text={step.error} tone="alert" focus /> : null}
      {step.notice ? <Message id="sign-in-notice" text={step.notice} tone="status" /> : null}
      <p className="text-smoke">
        Code for <strong className="break-all text-cream">{step.email}</strong>
      </p>
      <Form method="post" noValidate className="grid gap-5" aria-describedby={step.error ? "sign-in-error" : undefined}>
        <input type="hidden" name="intent" value="check-code" />
        <input type="hidden" name="email" value={step.email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id="sign-in-code" label="Code" hint="The 6 digits from the email. It works once, for 10 minutes.">
          {(control) => (
            <input
              {...control}
              ref={codeRef}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
              required
              className={inputClasses}
            />
          )}
        </Field>
        <div>
          <button type="submit" disabled={pending || routerBusy} className={buttonClasses("primary")}>
            {pending ? "Signing In..." : "Sign In"}
          </button>
        </div>
      </Form>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <Form method="post">
          <input type="hidden" name="intent" value="request-code" />
          <input type="hidden" name="email" value={step.email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" disabled={resending || routerBusy} className="text-brass underline hover:text-cream">
            {resending ? "Sending..." : "Send a new code"}
          </button>
        </Form>
        <Link to={withRedirect("/auth", redirectTo)} className="text-brass underline hover:text-cream">
          Use a different email
        </Link>
      </div>
    </div>
  );
}

/** The step's one message: an alert (focused, so it is read out and the member starts there) or a status. */
function Message({ id, text, tone, focus = false }: { id: string; text: string; tone: "alert" | "status"; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, text]);
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      role={tone}
      className={
        tone === "alert"
          ? "rounded-sm border border-ember bg-ember/10 px-4 py-3 text-cream"
          : "rounded-sm border border-brass-deep px-4 py-3 text-cream"
      }
    >
      {text}
    </p>
  );
}

function withRedirect(path: string, redirectTo: string): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
