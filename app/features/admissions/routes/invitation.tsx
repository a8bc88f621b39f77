import { useRef, useState, type FormEvent } from "react";
import { data, Form, redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/invitation";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { fieldErrors, formFields, type ActionResult, type FieldErrors } from "#app/lib/form-result.ts";
import { club } from "#app/features/site/site-config.ts";
import { createMemberSession, googleClient } from "#app/features/sign-in/sign-in.server.ts";
import { acceptInvitationWithPassword, findOpenInvitation } from "#app/features/admissions/admissions.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

/** One answer for an unknown, used or expired link alike, so the page never says which. */
const INVALID_LINK = "This invitation link is no longer valid. Ask the concierge for a new one.";

/** The password form of the invitation page, checked in the browser and again by the action. */
const setPasswordForm = z
  .object({
    password: z.string().min(12, "Use at least 12 characters.").max(128, "Use at most 128 characters."),
    confirmPassword: z.string().max(128, "Use at most 128 characters."),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "The two passwords do not match." });

export const meta: Route.MetaFunction = () => [
  { title: `Your Invitation | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

// The page's address is a credential while the link is open: no cache may keep the page.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const invitation = await findOpenInvitation(env.DB, params.token);
  if (!invitation) return data({ valid: false as const }, { status: 404 });
  return {
    valid: true as const,
    memberName: invitation.memberName,
    // 'Continue with Google' only when Google sign-in is configured; the OAuth callback consumes the link.
    googleHref: googleClient(config) ? `/auth/google?${new URLSearchParams({ invitation: params.token })}` : null,
  };
}

/** Sets the password through the single-use link, signs the member in and opens the members area. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { env, logSecurityEvent: log } = context.get(requestContext);
  const form = await readSubmission(request, setPasswordForm);
  if (!form.ok) return form.invalid;

  const memberId = await acceptInvitationWithPassword(env.DB, params.token, form.data.password);
  if (!memberId) {
    log({ eventType: "authn_login_fail", severity: "medium", description: "invitation link refused (unknown, used or expired)" });
    return data<ActionResult>({ ok: false, error: INVALID_LINK }, { status: 404 });
  }
  const { setCookie } = await createMemberSession(env, memberId);
  log({ eventType: "authn_login_success", severity: "low", description: "invitation accepted; password set", userId: memberId });
  throw redirect("/members", { headers: { "Set-Cookie": setCookie } });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  if (!loaderData.valid || refusal?.error) {
    return (
      <PageHero eyebrow="Membership" title="Your invitation">
        <p role="alert">{INVALID_LINK}</p>
        <p className="mt-4">
          The office is at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          .
        </p>
      </PageHero>
    );
  }
  return (
    <>
      <PageHero eyebrow="Membership" title={`Welcome, ${loaderData.memberName}`}>
        <p>
          The concierge has admitted you to {club.name}. Choose a password to finish; you will then read and accept the club rules before
          entering the members area. This link works once.
        </p>
      </PageHero>
      <Section id="set-password" eyebrow="Your account" title="Choose your password">
        <SetPasswordForm serverErrors={refusal?.fieldErrors ?? {}} />
        {loaderData.googleHref ? (
          <div className="mt-8 max-w-md border-t border-cedar pt-6">
            <p className="text-smoke">Or sign in with your Google account from now on, instead of a password:</p>
            {/* A full page load, not client navigation: the server starts the round trip to Google. */}
            <a href={loaderData.googleHref} className={`${buttonClasses("secondary")} mt-4`}>
              Continue with Google
            </a>
          </div>
        ) : null}
      </Section>
    </>
  );
}

function SetPasswordForm({ serverErrors }: { serverErrors: FieldErrors }) {
  const { pending: submitting } = usePendingSubmission();
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  const errors = browserErrors ?? serverErrors;
  const passwordField = useRef<HTMLInputElement>(null);
  const confirmField = useRef<HTMLInputElement>(null);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const result = setPasswordForm.safeParse(formFields(new FormData(event.currentTarget)));
    if (result.success) {
      setBrowserErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(result.error);
    setBrowserErrors(found);
    (found.password ? passwordField : confirmField).current?.focus();
  }

  return (
    <Form method="post" noValidate onSubmit={checkBeforeSending} className="grid max-w-md gap-5">
      <Field
        id="new-password"
        label="Choose a password"
        hint="12 to 128 characters. A few unrelated words make a strong password that is easy to remember."
        error={errors.password}
      >
        {(control) => (
          <input
            {...control}
            ref={passwordField}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={128}
            className={inputClasses}
          />
        )}
      </Field>
      <Field id="confirm-password" label="Confirm password" error={errors.confirmPassword}>
        {(control) => (
          <input
            {...control}
            ref={confirmField}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            className={inputClasses}
          />
        )}
      </Field>
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Setting Password..." : "Set Password"}
        </button>
      </div>
    </Form>
  );
}
