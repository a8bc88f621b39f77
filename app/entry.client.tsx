import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// zod probes whether it may compile validators with `new Function` the first time a form is
// validated. The CSP forbids eval, so the probe is a CSP violation in the browser's issues panel
// (Lighthouse Best Practices, issue 7). zod reads its settings from this global, set here before
// any zod module loads (importing zod's `config` would put zod on every page's first load).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
