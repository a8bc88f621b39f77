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
import { SIGN_IN_RATE_LIMITED, SIGN_IN_REFUSED, signInFormSchema } from "../sign-in-schema.ts";
import { club } from "#app/features/site/site-config.ts";
import { googleClient, signInWithPassword } from "#app/features/sign-in/sign-in.server.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import type { ActionResult } from "#app/lib/form-result.ts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Login",
    description: `Members of ${club.name} sign in here with the credentials issued by the concierge to reach the members area, rewards shop, media kit and vendors.`,
  });

/** Where to go after signing in: the remembered page when it is ours, else the members area. */
function destination(request: Request, redirectTo: string | null | undefined): string {
  const path = safeRedirectPath(redirectTo, new URL(request.url).origin);
  return path === "/" && !redirectTo ? "/members" : path;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, config } = context.get(requestContext);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // A member who is already signed in goes straight on.
  if ((await authStateFor(request, env)).user) throw redirect(destination(request, redirectTo));
  return {
    redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : "",
    googleEnabled: googleClient(config) !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, signInFormSchema);
  // One message for every refusal, an incomplete form included: no field errors.
  if (!form.ok) return data<ActionResult>({ ok: false, error: SIGN_IN_REFUSED }, { status: 400 });
  const result = await signInWithPassword(context.get(requestContext), form.data);
  if (result.ok) throw redirect(destination(request, form.data.redirectTo), { headers: { "Set-Cookie": result.setCookie } });
  if (result.reason === "rate_limited") {
    return data<ActionResult>(
      { ok: false, error: SIGN_IN_RATE_LIMITED },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ActionResult>({ ok: false, error: SIGN_IN_REFUSED }, { status: 400 });
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Members" title="Member Login">
        <p>
          Members sign in here with the credentials they set from their invitation link. New members receive that link by email once the
          concierge has admitted them.
        </p>
      </PageHero>

      <Section id="sign-in" eyebrow="Members only" title="Sign in to the members area">
        <SignInForm
          redirectTo={loaderData.redirectTo}
          error={(actionData && !actionData.ok ? actionData.error : undefined) ?? null}
          googleEnabled={loaderData.googleEnabled}
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
          If your invitation email has not arrived, check your spam folder first. For a lost password, an expired invitation link or
          anything else, call the office at{" "}
          <a href={`tel:${club.officePhone.e164}`} className="whitespace-nowrap text-brass underline hover:text-cream">
            {club.officePhone.display}
          </a>
          . The concierge will confirm who you are before changing anything on your account.
        </p>
      </Section>
    </>
  );
}
