import { createMiddleware } from "hono/factory";
import type { AppBindings } from "./app-bindings.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
/** The one state-changing endpoint no browser calls (worker/features/dues/payments-webhook-api.ts). */
const PAYMENTS_WEBHOOK_PATH = "/api/payments/webhook";

/**
 * CSRF defence for every state-changing request, API and React Router actions alike
 * (docs/security.md#requests): the browser's Origin header must name this site. Browsers send Origin on
 * every cross-site and same-site POST, so a missing one is refused too.
 */
export const requireSameOrigin = createMiddleware<AppBindings>(async (c, next) => {
  if (safeMethods.has(c.req.method)) return next();
  // The payment provider's servers send no Origin; its events are authenticated by their signature.
  if (new URL(c.req.url).pathname === PAYMENTS_WEBHOOK_PATH) return next();
  const origin = c.req.header("Origin");
  if (origin !== new URL(c.req.url).origin) {
    // A floodable event: the logger keeps to its per-network allowance (docs/security.md#logging).
    c.var.requestContext.logSecurityEvent({
      eventType: "malicious_csrf",
      severity: "medium",
      description: origin ? "state-changing request from another origin refused" : "state-changing request without an Origin refused",
      details: { method: c.req.method, path: new URL(c.req.url).pathname },
    });
    return c.json({ error: "Cross-site request refused" }, 403);
  }
  return next();
});
