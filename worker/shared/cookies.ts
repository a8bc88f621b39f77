import { parse, serialize, type CookieOptions } from "hono/utils/cookie";

/**
 * Every cookie the Worker reads or sets goes through here, on hono's cookie parser and serialiser.
 * They work on a plain Request and return plain Set-Cookie values because most cookies are made by
 * services whose callers are both Hono handlers and React Router loaders and actions. Values are
 * URI-encoded when set and decoded when read.
 */
export type { CookieOptions };

/**
 * The value of one cookie of a request, or null when it is absent or empty. Never throws: the
 * Cookie header is whatever the client sends, so a value that is not valid percent-encoding
 * (`%E0%A4%A`) is read as it came (hono's parser leaves what it cannot decode) and every caller
 * refuses it as it refuses any wrong value (the Google callback's uniform 400, not a 500).
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  try {
    return parse(header, name)[name] || null;
  } catch {
    return null;
  }
}

/** The Set-Cookie value that stores `value` under `name`. */
export function cookieHeader(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, options);
}

/** The Set-Cookie value that removes a cookie: empty and expired, with the attributes it was set with. */
export function expiredCookieHeader(name: string, options: CookieOptions): string {
  return serialize(name, "", { ...options, maxAge: 0 });
}
