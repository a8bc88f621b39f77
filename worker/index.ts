import { createRequestHandler, type ServerBuild } from "react-router";
import { createWorkerApp, type PageRequestHandler } from "./app.ts";
import { handleScheduled } from "./features/operations/scheduled.ts";

const loadServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * The React Router request handler, made once per isolate (React Router's Cloudflare template).
 * In production it is made from the server build itself: given a function instead (the
 * template's form, which development needs so that every request sees the latest code), React
 * Router derives its route table again on every request, flattening and ranking every route,
 * about a tenth of a page's server time (docs/performance-notes.md).
 */
function pageRequestHandler(): PageRequestHandler {
  if (import.meta.env.DEV) return createRequestHandler(loadServerBuild, import.meta.env.MODE);
  let handler: PageRequestHandler | undefined;
  return async (request, context) => {
    handler ??= createRequestHandler(await loadServerBuild(), import.meta.env.MODE);
    return handler(request, context);
  };
}

const app = createWorkerApp(pageRequestHandler());

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
