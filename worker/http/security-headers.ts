import { NONCE, secureHeaders } from "hono/secure-headers";
import { club, publicHealthVideo } from "#app/features/site/site-config.ts";

/**
 * Third-party origins the pages may frame or call. Every addition to the Content-Security-Policy
 * is one reviewed line here (security guide: "only the frame and connect sources the site needs").
 */
export const thirdPartySources = {
  /** The age gate's public-health video (issue 3); reCAPTCHA v3's hidden frame (issue 4). */
  frame: [publicHealthVideo.frameOrigin, "https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"] as string[],
  /** reCAPTCHA v3 refreshes its token over fetch (issue 4). */
  connect: ["https://www.google.com/recaptcha/"] as string[],
  /** The age gate's 'No' form is redirected to the quit resources (CSP checks form redirects). */
  formAction: [new URL(club.quitResourcesUrl).origin] as string[],
};

/**
 * Security headers on every Worker response, pages and API alike (security guide, "Headers").
 * The CSP nonce is fresh per response and reaches React Router through `cspNonceContext`, so
 * its inline hydration scripts run and nothing else inline does. Static assets get the same
 * headers from public/_headers.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...thirdPartySources.connect],
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
