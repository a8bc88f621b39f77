import type { SiteShellData } from "#app/shell/site-shell.tsx";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";

/**
 * What the server's loaders hand a first-time visitor who has passed the age gate and is not
 * signed in. The SPA has no server, so the browser makes up the same values.
 */

export type VisitorRootData = SiteShellData & { siteUrl: string; cspNonce: undefined };

/** app/root.tsx's loader: the gate passed (the visitor has entered), nobody signed in. */
export function visitorRootData(): VisitorRootData {
  return {
    siteUrl: window.location.origin,
    ageGate: "passed",
    // wrangler.toml's local value: the labelled captcha stand-in.
    recaptchaSiteKey: "",
    auth: { user: null, session: null },
    // None: a static index.html cannot carry a fresh nonce (only root.tsx's <head> uses it).
    cspNonce: undefined,
  };
}

/** app/features/site/routes/home.tsx's loader: no signed SMS-verification cookie on a first visit. */
export function visitorHomeData() {
  return { smsVerified: false };
}

/** app/features/sign-in/routes/sign-in.tsx's loader for a visitor: the remembered page; no Google client locally. */
export function visitorAuthData({ request }: { request: Request }) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo, url.origin) : "", googleEnabled: false };
}
