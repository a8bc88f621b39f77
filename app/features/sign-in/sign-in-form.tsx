import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field } from "#app/ui/form/field.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

const inputClasses = "mt-2 w-full rounded-sm border border-brass-deep bg-night px-3 py-2.5 text-lg text-cream focus:border-brass";

/**
 * Email and password sign-in. A plain form POST to the /auth action, so it works before (or
 * without) the page's script; the one error is shown above the fields and announced.
 */
export function SignInForm({ redirectTo, error, googleEnabled }: { redirectTo: string; error: string | null; googleEnabled: boolean }) {
  // The page's only POST form: members who are signed in, and so see the header's sign-out, never reach it.
  const { pending: submitting } = usePendingSubmission();
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <div className="max-w-md">
      <Form method="post" noValidate className="grid gap-5" aria-describedby={error ? "sign-in-error" : undefined}>
        {error ? (
          <p
            id="sign-in-error"
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-sm border border-ember bg-ember/10 px-4 py-3 text-cream"
          >
            {error}
          </p>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id="sign-in-email" label="Email">
          {(control) => <input {...control} name="email" type="email" autoComplete="username" required className={inputClasses} />}
        </Field>
        <Field id="sign-in-password" label="Password">
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="current-password" required className={inputClasses} />
          )}
        </Field>
        <div>
          <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
            {submitting ? "Signing In..." : "Sign In"}
          </button>
        </div>
      </Form>
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
