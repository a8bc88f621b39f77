import { createWorkerApp } from "#worker/app.ts";
import { handleScheduled } from "#worker/features/operations/scheduled.ts";
import { cspNonceContext } from "#app/context.ts";

/**
 * The production Worker app with a stand-in for the React Router build (which only exists after
 * `vite build`; Chromium tests cover the real pages). The stand-in echoes the nonce it was given,
 * so tests can check that the page handler and the CSP header agree.
 */
const app = createWorkerApp(
  async (request, context) =>
    new Response(`<!doctype html><p>page ${new URL(request.url).pathname}</p><script nonce="${context.get(cspNonceContext)}"></script>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }),
);

export default { fetch: app.fetch, scheduled: handleScheduled } satisfies ExportedHandler<Env>;
