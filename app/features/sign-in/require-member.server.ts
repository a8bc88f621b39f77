import { data, redirect, type MiddlewareFunction } from "react-router";
import { requestContext, memberContext } from "#app/context.ts";
import { loadSignedInMember, renewMemberSessionIfDue } from "#worker/features/sign-in/member-session.ts";
import { toSignedInMember } from "#worker/features/members/members.ts";

/** Where a visitor is sent: /auth, remembering the page (path and query) they asked for. */
export function signInRedirectPath(url: URL): string {
  return `/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * Middleware for members-only routes (docs/product-rules.md#member-area): visitors (and suspended members) get a 302 to
 * /auth; a member's record is put in `memberContext` for the route's loaders and actions, and a
 * session past half its life is renewed on the way out.
 */
export const requireMember: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(requestContext);
  const signedIn = await loadSignedInMember(request, env);
  if (!signedIn) throw redirect(signInRedirectPath(new URL(request.url)), 302);
  context.set(memberContext, toSignedInMember(signedIn.member));
  const response = await next();
  const renewal = await renewMemberSessionIfDue(request, env, signedIn.session);
  if (renewal) response.headers.append("Set-Cookie", renewal);
  return response;
};

/**
 * Middleware for the concierge console (docs/product-rules.md#concierge): anyone who is not a signed-in concierge
 * gets the site's 404, so the console's existence is not advertised.
 */
export const requireConcierge: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(requestContext);
  const signedIn = await loadSignedInMember(request, env);
  if (signedIn?.member.role !== "concierge") throw data(null, { status: 404 });
  context.set(memberContext, toSignedInMember(signedIn.member));
  return next();
};
