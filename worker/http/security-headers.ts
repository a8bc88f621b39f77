import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { club, publicHealthVideo } from "#app/features/site/site-config.ts";

/**
 * Third-party origins the pages may frame or call. Every addition to the Content-Security-Policy
 * is one reviewed line here: only the frame and connect sources the site needs
 * (docs/security.md#headers-and-csp).
 */
export const thirdPartySources = {
  /** The age gate's public-health video; reCAPTCHA v3's hidden frame. */
  frame: [publicHealthVideo.frameOrigin, "https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"] as string[],
  /** reCAPTCHA v3 refreshes its token over fetch. */
  connect: ["https://www.google.com/recaptcha/"] as string[],
  /** The age gate's 'No' form is redirected to the quit resources (CSP checks form redirects). */
  formAction: [new URL(club.quitResourcesUrl).origin] as string[],
};

/**
 * Security headers on every Worker response, pages and API alike (docs/security.md#headers-and-csp).
 * The CSP nonce is fresh per response and reaches React Router through `cspNonceContext`, so
 * its inline hydration scripts run and nothing else inline does. Static assets get the same
 * headers from public/_headers.
 */
const everyResponseHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...thirdPartySources.connect],
    // The member card's service worker (public/card-sw.js): with 'strict-dynamic' in script-src, a
    // worker's script would otherwise match no source (docs/security.md#member-card).
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: thirdPartySources.frame.length > 0 ? thirdPartySources.frame : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'", ...thirdPartySources.formAction],
    frameAncestors: ["'none'"],
  },
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  xContentTypeOptions: "nosniff",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginOpenerPolicy: "same-origin",
  xFrameOptions: "DENY",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
});

/**
 * The headers above, except that an answer asking for no referrer at all keeps it: the private
 * calendar feed, whose address is its secret (docs/security.md#calendar-feeds). Stricter than the
 * site's policy, never looser.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  let noReferrer = false;
  await everyResponseHeaders(c, async () => {
    await next();
    noReferrer = c.res.headers.get("Referrer-Policy") === "no-referrer";
  });
  if (noReferrer) c.res.headers.set("Referrer-Policy", "no-referrer");
  // The door page alone may use the camera, its own origin only, to scan member cards
  // (docs/security.md#door); every other page, its data and the API keep it denied.
  if (c.req.path === DOOR_PAGE) c.res.headers.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
};

/** The one page that scans member cards (app/features/door/routes/door.tsx). */
const DOOR_PAGE = "/door";
