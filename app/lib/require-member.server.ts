import { redirect, type MiddlewareFunction } from "react-router";
import { cloudflareContext } from "~/context";
import { readMemberSession } from "../../worker/services/member-session";

/** Where a visitor is sent: /auth, remembering the page (path and query) they asked for. */
export function signInRedirectPath(url: URL): string {
  return `/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/** Middleware for members-only routes (spec §2): visitors get a 302 to /auth. */
export const requireMember: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { env } = context.get(cloudflareContext);
  const session = await readMemberSession(request, env);
  if (!session) throw redirect(signInRedirectPath(new URL(request.url)), 302);
};
