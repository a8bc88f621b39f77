import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { SignInForm } from "../sign-in-form.tsx";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { authStateFor } from "../auth.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { homePageFor } from "../home-page.ts";
import { signInFormSchema } from "../sign-in-schema.ts";
import type { SignInStep } from "../sign-in-step.ts";
import { CAPTCHA_NEEDED, CODE_REFUSED, CODE_SENT, SIGN_IN_RATE_LIMITED } from "../sign-in-messages.ts";
import { club } from "#app/features/site/site-config.ts";
import { checkSignInCode, findMemberById, googleClient, requestSignInCode } from "#app/features/sign-in/sign-in.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Login",
    description: `Members of ${club.name} sign in here with a code sent to their email, a passkey or Google to reach the members area, rewards shop, media kit and vendors.`,
  });

/**
 * Where to go after signing in: the remembered page when it is ours, else the members area (the
 * door, for door staff: docs/product-rules.md#door).
 */
function destination(request: Request, redirectTo: string | null | undefined, role?: string): string {
  const path = safeRedirectPath(redirectTo, new URL(request.url).origin);
  return path === "/" && !redirectTo ? homePageFor(role) : path;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // A member who is already signed in goes straight on.
  const { user } = await authStateFor(request, env);
  if (user) throw redirect(destination(request, redirectTo, user.role));
  return {
    redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : "",
    googleEnabled: googleClient(config) !== null,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
  };
}

/**
 * The two steps (docs/product-rules.md#sign-in): "request-code" emails a code and answers the code
 * step with the same words for every email; "check-code" signs in, or refuses. A body that is not
 * a complete form goes back to the step it came from with that field's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, signInFormSchema);
  if (!form.ok) {
    const email = form.fields.email?.trim().slice(0, 254) ?? "";
    const refusal = form.invalid.data;
    const error = (!refusal.ok && refusal.fieldErrors ? Object.values(refusal.fieldErrors)[0] : undefined) ?? "Enter your email address";
    const step: SignInStep =
      form.fields.intent === "check-code" && email ? { step: "code", email, error } : { step: "email", email, error };
    return data(step, { status: 400 });
  }
  const signInContext = context.get(requestContext);
  const email = form.data.email;

  if (form.data.intent === "request-code") {
    const result = await requestSignInCode(signInContext, { email, captchaToken: form.data.captchaToken });
    // The cookie binds the code to this browser (docs/security.md#emailed-codes).
    if (result.status === "sent")
      return data<SignInStep>({ step: "code", email, notice: CODE_SENT }, { headers: { "Set-Cookie": result.setCookie } });
    if (result.status === "captcha_needed")
      return data<SignInStep>({ step: "email", email, error: CAPTCHA_NEEDED, captcha: true }, { status: 429 });
    return data<SignInStep>(
      { step: "email", email, error: SIGN_IN_RATE_LIMITED },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }

  const result = await checkSignInCode(signInContext, { email, code: form.data.code });
  if (result.status === "signed_in")
    throw redirect(destination(request, form.data.redirectTo, (await findMemberById(signInContext.env.DB, result.memberId))?.role), {
      headers: [
        ["Set-Cookie", result.setCookie],
        ["Set-Cookie", result.clearCookie],
      ],
    });
  if (result.status === "paused") return data<SignInStep>({ step: "paused" }, { status: 403 });
  if (result.status === "rate_limited") {
    return data<SignInStep>(
      { step: "code", email, error: SIGN_IN_RATE_LIMITED },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<SignInStep>({ step: "code", email, error: CODE_REFUSED }, { status: 400 });
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Members" title="Member Login">
        <p>
          Members sign in here with a one-time code sent to their email, a passkey or Google. New members receive their invitation link by
          email once the concierge has admitted them.
        </p>
      </PageHero>

      <Section id="sign-in" eyebrow="Members only" title="Sign in to the members area">
        <SignInForm
          step={actionData ?? { step: "email" }}
          redirectTo={loaderData.redirectTo}
          googleEnabled={loaderData.googleEnabled}
          recaptchaSiteKey={loaderData.recaptchaSiteKey}
        />
      </Section>

      <Section id="not-a-member" eyebrow="Not yet a member?" title="Every membership begins with a sit-down">
        <div className="grid gap-8 md:grid-cols-[2fr_1fr] md:items-end">
          <p className="text-lg text-smoke">
            Forty-five minutes with the concierge in the lounge of your choice, to see whether {club.name} suits you and you suit it. Ask
            for one and the concierge will be in touch to arrange the day.
          </p>
          <div>
            <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="login-help" eyebrow="Help" title="Trouble signing in?" tone="humidor">
        <p className="max-w-3xl text-smoke">
          If your invitation email has not arrived, check your spam folder first. Lost your passkey, or your Google account? Ask for a code
          by email above: it signs you in on any device, with no phone call needed, and you can add a new passkey from there. For an expired
          invitation link or anything else, call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          . The concierge will confirm who you are before changing anything on your account.
        </p>
      </Section>
    </>
  );
}
