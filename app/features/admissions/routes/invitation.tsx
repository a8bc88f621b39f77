import { useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "#app/lib/zod.ts";
import type { Route } from "./+types/invitation";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { memberInputClasses, memberLabelClasses } from "#app/ui/form/form-outcome.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { fieldErrors, formFields } from "#app/features/member-area/member-forms.ts";
import { club } from "#app/features/site/site-config.ts";
import { createMemberSession, googleClient } from "#app/features/sign-in/sign-in.server.ts";
import { acceptInvitationWithPassword, findOpenInvitation } from "#app/features/admissions/admissions.server.ts";
import { submittedForm } from "#app/lib/submitted-form.server.ts";

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
  const form = setPasswordForm.safeParse(formFields(await submittedForm(request)));
  if (!form.success) return data({ invalidLink: false, fieldErrors: fieldErrors(form.error) }, { status: 400 });

  const memberId = await acceptInvitationWithPassword(env.DB, params.token, form.data.password);
  if (!memberId) {
    log({ eventType: "authn_login_fail", severity: "medium", description: "invitation link refused (unknown, used or expired)" });
    return data({ invalidLink: true, fieldErrors: {} as Record<string, string> }, { status: 404 });
  }
  const { setCookie } = await createMemberSession(env, memberId);
  log({ eventType: "authn_login_success", severity: "low", description: "invitation accepted; password set", userId: memberId });
  throw redirect("/members", { headers: { "Set-Cookie": setCookie } });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid || actionData?.invalidLink) {
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
        <SetPasswordForm serverErrors={actionData?.fieldErrors ?? {}} />
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

function SetPasswordForm({ serverErrors }: { serverErrors: Record<string, string> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [browserErrors, setBrowserErrors] = useState<Record<string, string> | null>(null);
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
      <div>
        <label htmlFor="new-password" className={memberLabelClasses}>
          Choose a password
        </label>
        <input
          ref={passwordField}
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={128}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby="new-password-hint new-password-error"
          className={memberInputClasses}
        />
        <p id="new-password-hint" className="mt-1.5 text-sm text-smoke">
          12 to 128 characters. A few unrelated words make a strong password that is easy to remember.
        </p>
        <p id="new-password-error" className="min-h-5 text-sm text-warning">
          {errors.password ?? ""}
        </p>
      </div>
      <div>
        <label htmlFor="confirm-password" className={memberLabelClasses}>
          Confirm password
        </label>
        <input
          ref={confirmField}
          id="confirm-password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby="confirm-password-error"
          className={memberInputClasses}
        />
        <p id="confirm-password-error" className="min-h-5 text-sm text-warning">
          {errors.confirmPassword ?? ""}
        </p>
      </div>
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Setting Password..." : "Set Password"}
        </button>
      </div>
    </Form>
  );
}
