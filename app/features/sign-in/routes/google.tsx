import { data, redirect } from "react-router";
import type { Route } from "./+types/google";
import { cloudflareContext } from "#app/context.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { workerConfig } from "#worker/config.ts";
import { googleClient, startGoogleSignIn } from "#worker/features/sign-in/google-sign-in.ts";

/** GET /auth/google: a fresh state and PKCE verifier, then off to Google's consent screen. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const google = googleClient(workerConfig(env));
  if (!google) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  const start = startGoogleSignIn(google, {
    invitation: url.searchParams.get("invitation"),
    redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : null,
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of start.cookies) headers.append("Set-Cookie", cookie);
  throw redirect(start.url, { headers });
}
