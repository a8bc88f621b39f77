import { normalizeAccessibilitySettings, type AccessibilitySettings } from "./accessibility-settings.ts";
import { cookieHeader, readCookie } from "#worker/shared/cookies.ts";

/**
 * The accessibility settings' cookie (docs/security.md#accessibility-settings-cookie): the nine
 * settings as JSON, HttpOnly (only the settings page's action writes it, for the page's form and
 * for the widget alike), SameSite=Lax, a year; `__Host-` and Secure in production (locally the
 * browser refuses `__Host-` over http). Not signed: it holds nothing but display preferences, and
 * every read goes through `normalizeAccessibilitySettings`, so a value the visitor edits by hand
 * can only choose among the settings the widget offers.
 */
const COOKIE_NAME = { production: "__Host-ember_a11y", development: "ember_a11y" } as const;
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

export function accessibilitySettingsCookieName(environment: string): string {
  return environment === "production" ? COOKIE_NAME.production : COOKIE_NAME.development;
}

/** The settings the request's cookie holds (each damaged field falls back to its default), or null without the cookie. */
export function readAccessibilitySettingsCookie(request: Request, environment: string): AccessibilitySettings | null {
  const value = readCookie(request, accessibilitySettingsCookieName(environment));
  if (value === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  return normalizeAccessibilitySettings(parsed);
}

/** The Set-Cookie value that keeps these settings for a year. */
export function accessibilitySettingsCookie(environment: string, settings: AccessibilitySettings): string {
  return cookieHeader(accessibilitySettingsCookieName(environment), JSON.stringify(normalizeAccessibilitySettings(settings)), {
    path: "/",
    maxAge: LIFETIME_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: environment === "production",
  });
}
