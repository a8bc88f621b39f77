import { useRouteLoaderData } from "react-router";
import { SiteShell } from "#app/shell/site-shell.tsx";
import App, { ErrorBoundary as RootErrorBoundary } from "#app/root.tsx";
import { ErrorTitle, RouteTitle } from "./route-title.tsx";
import type { VisitorRootData } from "./visitor.ts";

/** The root route: root.tsx's own App (the <Outlet/> and the web-vitals logger) in the site's shell. */
export function SpaRoot() {
  return (
    <SiteShell data={useRouteLoaderData<VisitorRootData>("root")}>
      <RouteTitle />
      <App />
    </SiteShell>
  );
}

/** root.tsx's own ErrorBoundary (Page Not Found for a 404) in the shell, as Layout wraps it. */
export function SpaErrorBoundary() {
  return (
    <SiteShell data={useRouteLoaderData<VisitorRootData>("root")}>
      <ErrorTitle />
      <RootErrorBoundary />
    </SiteShell>
  );
}
