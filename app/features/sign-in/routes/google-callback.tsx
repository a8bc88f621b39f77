import { data, redirect } from "react-router";
import type { Route } from "./+types/google-callback";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { PageHero } from "#app/ui/page-hero.tsx";
import { Section } from "#app/ui/section.tsx";
import { requestContext } from "#app/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { findMemberById, finishGoogleSignIn } from "#app/features/sign-in/sign-in.server.ts";
import { homePageFor } from "#app/features/sign-in/home-page.ts";
import { MEMBERSHIP_PAUSED } from "#app/features/sign-in/sign-in-messages.ts";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Google sign-in", description: "Signing in with Google." }),
  { name: "robots", content: "noindex" },
];

/**
 * GET /auth/google/callback: Google sends the member back here. Success signs in and goes on;
 * every failure is the same 400 page (docs/security.md#google-sign-in), with no session created,
 * except a suspended member Google has just proved, who is told the membership is paused (403).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await finishGoogleSignIn(context.get(requestContext));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  if (result.ok)
    throw redirect(
      result.redirectTo
        ? safeRedirectPath(result.redirectTo, new URL(request.url).origin)
        : homePageFor((await findMemberById(context.get(requestContext).env.DB, result.memberId))?.role),
      { headers },
    );
  if (result.paused) return data({ paused: true }, { status: 403, headers });
  return data({ paused: false }, { status: 400, headers });
}

export default function GoogleCallback({ loaderData }: Route.ComponentProps) {
  // A suspended member whom Google proved is told why, as an alert; every other failure reads alike.
  const failure = loaderData.paused
    ? { id: "google-paused", eyebrow: "Membership paused", title: "We could not sign you in", text: MEMBERSHIP_PAUSED, role: "alert" }
    : {
        id: "google-failed",
        eyebrow: "Please try again",
        title: "We could not sign you in with Google",
        text: "The sign-in was cancelled, took too long, or this Google account is not linked to a membership. Try again, or sign in with a code sent to your email.",
        role: undefined,
      };
  return (
    <>
      <PageHero eyebrow="Members" title="Google sign-in did not complete" />
      <Section id={failure.id} eyebrow={failure.eyebrow} title={failure.title}>
        <p role={failure.role} className="max-w-2xl text-lg text-smoke">
          {failure.text}
        </p>
        <div className="mt-8">
          <ButtonLink to="/auth">Back to Member Login</ButtonLink>
        </div>
      </Section>
    </>
  );
}
