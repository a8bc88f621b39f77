import { createRequestHandler } from "react-router";
import { createWorkerApp } from "./app";
import { retryOutboxDeliveries } from "./scheduled";

// Built once per isolate, not per request (React Router's Cloudflare template).
const handlePageRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = createWorkerApp(handlePageRequest);

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    // The trigger's own time, not the clock: a local run (or the load test) can fire the cron
    // for a later minute with /cdn-cgi/handler/scheduled?time=… and see the retries then due.
    ctx.waitUntil(retryOutboxDeliveries(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
