import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./app-bindings.ts";

/**
 * The Worker's own request log (docs/deploy.md#11-what-to-watch): one JSON line per request, in
 * place of Workers Logs' invocation logs, which record whole request URLs and are turned off in
 * wrangler.toml. A private calendar feed's address is its secret (docs/security.md#calendar-feeds),
 * so its path is written without it; query strings are never written.
 */
export function loggablePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An undecodable path is tested as it came.
  }
  // React Router matches paths whatever their case, and a feed reader may double a slash.
  const feed = /^\/+calendar\/+(.*)$/i.exec(decoded);
  if (!feed) return path;
  return /\.ics$/i.test(feed[1] ?? "") ? "/calendar/[secret].ics" : "/calendar/[secret]";
}

export const logRequest: MiddlewareHandler<AppBindings> = async (c, next) => {
  const started = Date.now();
  await next();
  console.log(JSON.stringify({ method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Date.now() - started }));
};
