import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { SignInForm } from "~/components/auth/sign-in-form";
import { ButtonLink } from "~/components/button-link";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { cloudflareContext } from "~/context";
import { authStateFor } from "~/lib/auth.server";
import { pageMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { SIGN_IN_RATE_LIMITED, SIGN_IN_REFUSED, signInFormSchema } from "~/lib/sign-in-form";
import { club } from "~/lib/site-config";
import { workerConfig } from "../../worker/config";
import { googleClient } from "../../worker/services/auth/google-sign-in";
import { signInWithPassword } from "../../worker/services/auth/password-sign-in";
import { submittedForm } from "~/lib/submitted-form.server";

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
  const { env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // A member who is already signed in goes straight on.
  if ((await authStateFor(request, env)).user) throw redirect(destination(request, redirectTo));
  return {
    redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : "",
    googleEnabled: googleClient(workerConfig(env)) !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = context.get(cloudflareContext);
  const form = signInFormSchema.safeParse(Object.fromEntries(await submittedForm(request)));
  if (!form.success) return data({ error: SIGN_IN_REFUSED }, { status: 400 });
  const result = await signInWithPassword(env, ctx, request, form.data);
  if (result.ok) throw redirect(destination(request, form.data.redirectTo), { headers: { "Set-Cookie": result.setCookie } });
  if (result.reason === "rate_limited") {
    return data({ error: SIGN_IN_RATE_LIMITED }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  return data({ error: SIGN_IN_REFUSED }, { status: 400 });
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Members" title="Member Login">
        <p>
          Members sign in here with the credentials they set from their invitation link. New members receive that link
          by email once the concierge has admitted them.
        </p>
      </PageHero>

      <Section id="sign-in" eyebrow="Members only" title="Sign in to the members area">
        <SignInForm redirectTo={loaderData.redirectTo} error={actionData?.error ?? null} googleEnabled={loaderData.googleEnabled} />
      </Section>

      <Section id="not-a-member" eyebrow="Not yet a member?" title="Every membership begins with a sit-down">
        <div className="grid gap-8 md:grid-cols-[2fr_1fr] md:items-end">
          <p className="text-lg text-smoke">
            Forty-five minutes with the concierge in the lounge of your choice, to see whether {club.name} suits you
            and you suit it. Ask for one and the concierge will be in touch to arrange the day.
          </p>
          <div>
            <ButtonLink to="/schedule-sit-down">Request Sit Down</ButtonLink>
          </div>
        </div>
      </Section>

      <Section id="login-help" eyebrow="Help" title="Trouble signing in?" tone="humidor">
        <p className="max-w-3xl text-smoke">
          If your invitation email has not arrived, check your spam folder first. For a lost password, an expired
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
