import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestContext, memberContext } from "#app/context.ts";
import { loadSignedInMember, renewMemberSessionIfDue, type MemberSession } from "#worker/features/sign-in/member-session.ts";
import { toSignedInMember } from "#worker/features/members/members.ts";

/** The session this request was made with, set by requireMember beside the member. */
const memberSessionContext = createContext<MemberSession>();

/** The signed-in member's own session, for the "Sign-in & devices" page ("This device"). */
export function currentMemberSession(context: Readonly<RouterContextProvider>): MemberSession {
  return context.get(memberSessionContext);
}

/**
 * Where a visitor is sent: /auth, remembering the page (path and query) they asked for. A session
 * that ends during client-side navigation is noticed on React Router's data request for the next
 * page (`/media.data?_routes=…`, `/_.data` or `/_root.data` for the home page), so that URL is
 * turned back into the page's own: the member returns to /media, not to a data URL.
 */
export function signInRedirectPath(url: URL): string {
  return `/auth?${new URLSearchParams({ redirectTo: pageOf(url) })}`;
}

/** React Router's data requests: the page's path plus `.data` (`_.data` after a slash). */
const DATA_SUFFIX = /(?:\/_root|\/_)?\.data$/;
/** The search parameters React Router adds to its requests (which routes to load; an index route). */
const ROUTER_PARAMS = ["_routes", "index"];

function pageOf(url: URL): string {
  const pathname = url.pathname.replace(DATA_SUFFIX, (suffix) => (suffix.startsWith("/") ? "/" : ""));
  if (!ROUTER_PARAMS.some((name) => url.searchParams.has(name))) return pathname + url.search;
  const search = new URLSearchParams(url.search);
  for (const name of ROUTER_PARAMS) search.delete(name);
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Member and concierge answers, pages and data requests alike, hold personal data: no browser or
 * shared cache may keep a copy (docs/security.md#sessions). Set on every answer of the two
 * middlewares below, the redirect to /auth included.
 */
async function neverCached(answer: () => Promise<Response>): Promise<Response> {
  try {
    const response = await answer();
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) thrown.headers.set("Cache-Control", "private, no-store");
    throw thrown;
  }
}

/**
 * Middleware for members-only routes (docs/product-rules.md#member-area): visitors (and suspended members) get a 302 to
 * /auth; door accounts the site's 404; a member's record is put in `memberContext` (and their session in the session context)
 * for the route's loaders and actions, and a session past half its life is renewed on the way out.
 */
export const requireMember: MiddlewareFunction<Response> = ({ request, context }, next) =>
  neverCached(async () => {
    const { env } = context.get(requestContext);
    const signedIn = await loadSignedInMember(request, env);
    if (!signedIn) throw redirect(signInRedirectPath(new URL(request.url)), 302);
    // A door account is staff, not a member: the door is all it sees (docs/product-rules.md#door).
    if (signedIn.member.role === "door") throw data(null, { status: 404 });
    context.set(memberContext, toSignedInMember(signedIn.member));
    context.set(memberSessionContext, signedIn.session);
    const response = await next();
    const renewal = await renewMemberSessionIfDue(request, env, signedIn.session);
    if (renewal) response.headers.append("Set-Cookie", renewal);
    return response;
  });

/**
 * Middleware for the concierge console (docs/product-rules.md#concierge): anyone who is not a signed-in concierge
 * gets the site's 404, so the console's existence is not advertised.
 */
export const requireConcierge: MiddlewareFunction<Response> = ({ request, context }, next) =>
  neverCached(async () => {
    const { env } = context.get(requestContext);
    const signedIn = await loadSignedInMember(request, env);
    if (signedIn?.member.role !== "concierge") throw data(null, { status: 404 });
    context.set(memberContext, toSignedInMember(signedIn.member));
    context.set(memberSessionContext, signedIn.session);
    return next();
  });

/** The roles that may work the door (docs/product-rules.md#door): door staff, and concierges too. */
const doorRoles: ReadonlySet<string> = new Set(["door", "concierge"]);

/**
 * Middleware for the door page and its data (docs/product-rules.md#door): anyone who is not a
 * signed-in door staff member or concierge gets the site's 404, like the console.
 */
export const requireDoorStaff: MiddlewareFunction<Response> = ({ request, context }, next) =>
  neverCached(async () => {
    const { env } = context.get(requestContext);
    const signedIn = await loadSignedInMember(request, env);
    if (!signedIn || !doorRoles.has(signedIn.member.role)) throw data(null, { status: 404 });
    context.set(memberContext, toSignedInMember(signedIn.member));
    context.set(memberSessionContext, signedIn.session);
    return next();
  });
