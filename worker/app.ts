import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { cloudflareContext, cspNonceContext } from "../app/context";
import { api } from "./api";
import type { AppBindings } from "./app-bindings";
import { withoutModulePreloads } from "./hydration-after-paint";
import { requireSameOrigin } from "./same-origin";
import { securityHeaders } from "./security-headers";

export type PageRequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * The whole Worker as one Hono app: security headers and the same-origin check on everything,
 * the JSON API under /api,
 * and every other method and path handed to React Router, so form POSTs reach route actions.
 * Taking the page handler as an argument lets the workerd tests run the real app around a
 * stand-in for the React Router build (the build itself is covered end to end in Chromium).
 */
export function createWorkerApp(handlePageRequest: PageRequestHandler) {
  const app = new Hono<AppBindings>();
  app.use(securityHeaders);
  app.use(requireSameOrigin);
  app.route("/api", api);
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx });
    context.set(cspNonceContext, c.get("secureHeadersNonce") ?? "");
    return withoutModulePreloads(await handlePageRequest(c.req.raw, context));
  });
  return app;
}
