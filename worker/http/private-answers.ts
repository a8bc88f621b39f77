import type { MiddlewareHandler } from "hono";
import { holdsSessionCookie } from "#worker/features/sign-in/member-session.ts";
import type { AppBindings } from "./app-bindings.ts";

/**
 * Every answer to a request that carries a session cookie is `Cache-Control: private, no-store`
 * (docs/security.md#caching): public pages rendered for a signed-in member hold their id, email,
 * name, tier and role in the root loader's data, and so do their `.data`, redirects, 404 and error
 * pages. One rule for the whole Worker, set after everything else (it replaces a route's own
 * public caching, robots.txt's included), so no route can forget it. A visitor's answers keep
 * their own caching.
 */
export const privateWhenSignedIn: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next();
  if (holdsSessionCookie(c.req.raw, c.env)) c.res.headers.set("Cache-Control", "private, no-store");
};
