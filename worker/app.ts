import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { cspNonceContext, requestContext } from "#app/context.ts";
import { api } from "./http/api.ts";
import { handleUnexpectedError } from "./http/errors.ts";
import { limitPageFormBody } from "./http/guards.ts";
import { privateWhenSignedIn } from "./http/private-answers.ts";
import { logRequest } from "./http/request-log.ts";
import type { AppBindings } from "./http/app-bindings.ts";
import { createRequestContext } from "./http/request-context.ts";
import { requireSameOrigin } from "./http/same-origin.ts";
import { securityHeaders } from "./http/security-headers.ts";

export type PageRequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/**
 * The whole Worker as one Hono app: its own request log line (worker/http/request-log.ts), security headers, the
 * private answers of a signed-in member (worker/http/private-answers.ts) and the same-origin check on everything,
 * the JSON API under /api,
 * and every other method and path handed to React Router, so form POSTs reach route actions (their
 * bodies capped first: worker/http/guards.ts).
 * Taking the page handler as an argument lets the workerd tests run the real app around a
 * stand-in for the React Router build (the build itself is covered end to end in Chromium).
 */
export function createWorkerApp(handlePageRequest: PageRequestHandler) {
  const app = new Hono<AppBindings>();
  app.use(logRequest);
  app.use(securityHeaders);
  app.use(privateWhenSignedIn);
  // The request context validates the configuration before anything is served (cached per
  // isolate): a deployment missing a secret answers every request with a 500 and says which
  // setting is wrong in its log, rather than serving pages whose forms would fail.
  app.use(async (c, next) => {
    const { promise: answered, resolve: answerSent } = Promise.withResolvers<void>();
    let waiting = false;
    const context = createRequestContext(c.env, c.executionCtx, c.req.raw, answered);
    c.set("requestContext", {
      ...context,
      afterAnswer: (task) => {
        waiting = true;
        context.afterAnswer(task);
      },
    });
    await next();
    // Work kept for after the answer starts once the body has ended, on the next turn: started in
    // the same turn it held back the answer's last bytes (a member's sign-in code once answered
    // 11 ms slower than a stranger's under `wrangler dev`; docs/security.md#emailed-codes).
    if (!waiting || !c.res.body) return answerSent();
    const ended = new TransformStream({ flush: () => void setTimeout(answerSent, 0) });
    c.res = new Response(c.res.body.pipeThrough(ended), c.res);
  });
  app.use(requireSameOrigin);
  app.route("/api", api);
  app.all("*", limitPageFormBody, (c) => {
    const context = new RouterContextProvider();
    context.set(requestContext, c.var.requestContext);
    context.set(cspNonceContext, c.get("secureHeadersNonce") ?? "");
    return handlePageRequest(c.req.raw, context);
  });
  app.onError(handleUnexpectedError);
  return app;
}
