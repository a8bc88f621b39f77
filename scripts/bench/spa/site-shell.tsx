/* eslint-disable @typescript-eslint/ban-ts-comment -- browser code, see README.md (type checking) */
// @ts-nocheck
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { AccessibilityWidget } from "~/components/accessibility/accessibility-widget";
import { AgeGate } from "~/components/age-gate/age-gate";
import { HealthWarningBar } from "~/components/health-warning-bar";
import { InvitationDialogProvider } from "~/components/invitation/invitation-dialog";
import { NavigationStatus } from "~/components/navigation-status";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SkipLink } from "~/components/skip-link";
import { AuthProvider } from "~/lib/auth";
import { MainMenuProvider } from "~/lib/main-menu";
import App, { ErrorBoundary as RootErrorBoundary } from "~/root";
import { ErrorTitle, RouteTitle } from "./route-title";

/**
 * The <body> of app/root.tsx's Layout, repeated here: Layout renders the whole document with
 * <Meta/>, <Links/> and <Scripts/>, which work only in framework mode, while a SPA renders into
 * index.html's <div id="root">. Keep the two in step.
 */
function SiteShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData("root");
  return (
    <AuthProvider auth={root?.auth}>
      <MainMenuProvider>
        <InvitationDialogProvider siteKey={root?.recaptchaSiteKey ?? ""}>
          <AgeGate initialStage={root?.ageGate ?? "passed"}>
            <SkipLink />
            <HealthWarningBar />
            <SiteHeader />
            <NavigationStatus />
            <main id="main-content" tabIndex={-1} className="outline-none">
              {children}
            </main>
            <SiteFooter />
            <AccessibilityWidget />
          </AgeGate>
        </InvitationDialogProvider>
      </MainMenuProvider>
    </AuthProvider>
  );
}

/** The root route: root.tsx's own App (the <Outlet/> and the web-vitals logger) in the shell. */
export function SpaRoot() {
  return (
    <SiteShell>
      <RouteTitle />
      <App />
    </SiteShell>
  );
}

/** root.tsx's own ErrorBoundary (Page Not Found for a 404) in the shell, as Layout wraps it. */
export function SpaErrorBoundary() {
  return (
    <SiteShell>
      <ErrorTitle />
      <RootErrorBoundary />
    </SiteShell>
  );
}
