import { data, redirect } from "react-router";
import type { Route } from "./+types/google";
import { requestContext } from "#app/context.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { googleClient, startGoogleSignIn } from "#app/features/sign-in/sign-in.server.ts";

/** GET /auth/google: a fresh state and PKCE verifier, then off to Google's consent screen. */
export function loader({ request, context }: Route.LoaderArgs) {
  const google = googleClient(context.get(requestContext).config);
  if (!google) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // A new member starts from the invitation page's own form instead, so no link travels in this URL.
  const start = startGoogleSignIn(google, { redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : null });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of start.cookies) headers.append("Set-Cookie", cookie);
  throw redirect(start.url, { headers });
}
