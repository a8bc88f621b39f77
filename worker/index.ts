import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext, cspNonceContext } from "../app/context";
import { api } from "./api";
import type { AppBindings } from "./app-bindings";
import { securityHeaders } from "./security-headers";

// Built once per isolate, not per request (React Router's Cloudflare template).
const handlePageRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = new Hono<AppBindings>();

app.use(securityHeaders);
app.route("/api", api);

// Every other method and path goes to React Router, so form POSTs reach route actions.
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx });
  context.set(cspNonceContext, c.get("secureHeadersNonce") ?? "");
  return handlePageRequest(c.req.raw, context);
});

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
