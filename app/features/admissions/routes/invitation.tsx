import { useEffect, useRef, useState, type FormEvent } from "react";
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
import { createMemberSession, googleClient, startGoogleSignIn } from "#app/features/sign-in/sign-in.server.ts";
import {
  acceptInvitationWithPassword,
  clearedInvitationCookie,
  findOpenInvitation,
  invitationCookie,
  readInvitationCookie,
  tokenFromInvitationLink,
} from "#app/features/admissions/admissions.server.ts";
import { useCspNonce } from "#app/shell/csp-nonce.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

/** One answer for an unknown, used or expired link alike, so the page never says which. */
const INVALID_LINK = "This invitation link is no longer valid. Ask the concierge for a new one.";

const passwordFields = z.object({
  intent: z.literal("set-password"),
  password: z.string().min(12, "Use at least 12 characters.").max(128, "Use at most 128 characters."),
  confirmPassword: z.string().max(128, "Use at most 128 characters."),
});

/** The password form of the invitation page, checked in the browser and again by the action. */
const setPasswordForm = passwordFields.refine((form) => form.password === form.confirmPassword, {
  path: ["confirmPassword"],
  message: "The two passwords do not match.",
});

/**
 * The page's three forms (docs/security.md#invitation-links): `open` posts the link (the page's
 * script takes it from after the `#`, or the member pastes it); the token then lives in an
 * HttpOnly cookie, which `set-password` and `google` use. No request URL ever holds the token.
 */
const invitationForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), link: z.string().max(2048, "Paste the link from your invitation email.") }),
  setPasswordForm,
  z.object({ intent: z.literal("google") }),
]);

export const meta: Route.MetaFunction = () => [
  { title: `Your Invitation | ${club.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

// While a link is open this page belongs to one person: no cache may keep it.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const token = readInvitationCookie(request);
  if (!token) return { stage: "open" as const };
  const invitation = await findOpenInvitation(env.DB, token);
  if (!invitation) return data({ stage: "invalid" as const }, { status: 404, headers: { "Set-Cookie": clearedInvitationCookie() } });
  // 'Continue with Google' only when Google sign-in is configured; the OAuth callback consumes the link.
  return { stage: "welcome" as const, memberName: invitation.memberName, google: googleClient(config) !== null };
}

/** Opens the link, then sets the password (or starts Google) through it, signs the member in and opens the members area. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, config, logSecurityEvent: log } = context.get(requestContext);
  const form = await readSubmission(request, invitationForms);
  if (!form.ok) return form.invalid;
  const refuse = () => {
    log({ eventType: "authn_login_fail", severity: "medium", description: "invitation link refused (unknown, used or expired)" });
    return data<ActionResult>({ ok: false, error: INVALID_LINK }, { status: 404, headers: { "Set-Cookie": clearedInvitationCookie() } });
  };

  if (form.data.intent === "open") {
    const token = tokenFromInvitationLink(form.data.link);
    if (!token || !(await findOpenInvitation(env.DB, token))) return refuse();
    throw redirect("/invitation", { status: 303, headers: { "Set-Cookie": invitationCookie(token) } });
  }

  const token = readInvitationCookie(request);
  if (!token) return refuse();

  if (form.data.intent === "google") {
    const google = googleClient(config);
    if (!google) throw data(null, { status: 404 });
    if (!(await findOpenInvitation(env.DB, token))) return refuse();
    const start = startGoogleSignIn(google, { invitation: token });
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of start.cookies) headers.append("Set-Cookie", cookie);
    throw redirect(start.url, { headers });
  }

  const memberId = await acceptInvitationWithPassword(env.DB, token, form.data.password);
  if (!memberId) return refuse();
  const { setCookie } = await createMemberSession(env, memberId);
  log({ eventType: "authn_login_success", severity: "low", description: "invitation accepted; password set", userId: memberId });
  const headers = new Headers({ "Set-Cookie": setCookie });
  headers.append("Set-Cookie", clearedInvitationCookie());
  throw redirect("/members", { headers });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  if (loaderData.stage === "invalid" || refusal?.error) {
    return (
      <PageHero eyebrow="Membership" title="Your invitation">
        <OpenFromAddress />
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
  if (loaderData.stage === "open") {
    return (
      <PageHero eyebrow="Membership" title="Your invitation">
        <OpenFromAddress />
        <OpenInvitationForm error={refusal?.fieldErrors?.link} />
      </PageHero>
    );
  }
  return (
    <>
      <OpenFromAddress />
      <PageHero eyebrow="Membership" title={`Welcome, ${loaderData.memberName}`}>
        <p>
          The concierge has admitted you to {club.name}. Choose a password to finish; you will then read and accept the club rules before
          entering the members area. This link works once.
        </p>
      </PageHero>
      <Section id="set-password" eyebrow="Your account" title="Choose your password">
        <SetPasswordForm serverErrors={refusal?.fieldErrors ?? {}} />
        {loaderData.google ? (
          <div className="mt-8 max-w-md border-t border-cedar pt-6">
            <p className="text-smoke">Or sign in with your Google account from now on, instead of a password:</p>
            {/* A full page load, not client navigation: the server starts the round trip to Google. */}
            <Form method="post" reloadDocument className="mt-4">
              <input type="hidden" name="intent" value="google" />
              <button type="submit" className={buttonClasses("secondary")}>
                Continue with Google
              </button>
            </Form>
          </div>
        ) : null}
      </Section>
    </>
  );
}

/**
 * The invitation email links to /invitation#<token>. This inline script (with the page's CSP nonce)
 * runs as soon as it is parsed, at whatever stage the page is (a link newer than the one the
 * cookie holds replaces it): it takes the token from after the `#`, removes it from the address
 * bar and the history, and posts it in a form of its own. Without scripts the member pastes the
 * link into OpenInvitationForm.
 */
const OPEN_FROM_FRAGMENT = `(function(){var t=location.hash.slice(1);if(!t)return;history.replaceState(null,"",location.pathname);var f=document.createElement("form");f.method="post";f.action="/invitation";[["intent","open"],["link",t]].forEach(function(p){var i=document.createElement("input");i.type="hidden";i.name=p[0];i.value=p[1];f.appendChild(i);});document.body.appendChild(f);f.submit();})();`;

function OpenFromAddress() {
  const nonce = useCspNonce();
  // A link opened in a tab that already shows this page changes only the `#`, which loads
  // nothing: load the page again so the script takes the new link.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener("hashchange", reload);
    return () => window.removeEventListener("hashchange", reload);
  }, []);
  return nonce ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: OPEN_FROM_FRAGMENT }} /> : null;
}

function OpenInvitationForm({ error }: { error: string | undefined }) {
  const { pending } = usePendingSubmission();
  return (
    <>
      <p>Your invitation link opens this page by itself. If it has not, paste the whole link from your invitation email here.</p>
      <Form method="post" reloadDocument className="mt-6 grid max-w-md gap-5">
        <input type="hidden" name="intent" value="open" />
        <Field id="invitation-link" label="Your invitation link" error={error}>
          {(control) => (
            <input
              {...control}
              name="link"
              type="text"
              inputMode="url"
              autoComplete="off"
              required
              maxLength={2048}
              className={inputClasses}
            />
          )}
        </Field>
        <div>
          <button type="submit" disabled={pending} className={buttonClasses("primary")}>
            {pending ? "Opening..." : "Open Invitation"}
          </button>
        </div>
      </Form>
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
      <input type="hidden" name="intent" value="set-password" />
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
