import { data, redirect } from "react-router";
import type { Route } from "./+types/auth-google";
import { cloudflareContext } from "~/context";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { workerConfig } from "../../worker/config";
import { googleClient, startGoogleSignIn } from "../../worker/services/auth/google-sign-in";

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
