import { useRouteLoaderData } from "react-router";
import { SiteShell } from "~/components/site-shell";
import App, { ErrorBoundary as RootErrorBoundary } from "~/root";
import { ErrorTitle, RouteTitle } from "./route-title";
import type { VisitorRootData } from "./visitor";

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
