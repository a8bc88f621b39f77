import { createRequestHandler } from "react-router";
import { createWorkerApp } from "./app";
import { handleScheduled } from "./scheduled";

// Built once per isolate, not per request (React Router's Cloudflare template).
const handlePageRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = createWorkerApp(handlePageRequest);

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
